import { z } from 'zod';
import { Mobile, NewPassword } from '../auth';
import { CommonStatus, DateFrom, DateTime, DateTo, Id, Int32, ListQuery, OptionalEmail, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';

/** Staff are console accounts; `user` in the API paths, as in the console family. */
export const StaffQuery = ListQuery.extend({
  username: TextFilter,
  nickname: TextFilter,
  mobile: TextFilter,
  status: CommonStatus.optional(),
  /** The department and every department below it. */
  deptId: Id.optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type StaffQuery = z.infer<typeof StaffQuery>;

/** Sign-in names: unique platform-wide regardless of case, since sign-in names no tenant. */
export const StaffUsername = Text(30)
  .min(4)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'form.username');
/** The user_sex dictionary: 0 unknown, 1 male, 2 female. */
export const Sex = Int32(0, 2);

const StaffFields = z.object({
  nickname: Text(30).min(1),
  deptId: Id.nullable().default(null),
  email: OptionalEmail.default(''),
  mobile: z.union([Mobile, z.literal('')]).default(''),
  sex: Sex.default(0),
  remark: Text(500, { lines: true }).default(''),
  /** Omitted on update: the staff member keeps the posts / roles they have. */
  postIds: z.array(Id).max(50).optional(),
  roleIds: z.array(Id).max(50).optional(),
});

export const StaffCreate = StaffFields.extend({ username: StaffUsername, password: NewPassword, status: CommonStatus.default(0) });
export type StaffCreate = z.infer<typeof StaffCreate>;
/**
 * The username is the sign-in identity and the password has its own reset action: neither
 * changes here. An omitted status stays as it is (disabling also has its own action).
 */
export const StaffUpdate = StaffFields.extend({ id: Id, status: CommonStatus.optional() });
export type StaffUpdate = z.infer<typeof StaffUpdate>;

export const Staff = z.object({
  id: Id,
  username: z.string(),
  nickname: z.string(),
  deptId: Id.nullable(),
  deptName: z.string().nullable(),
  email: z.string(),
  mobile: z.string(),
  sex: Sex,
  status: CommonStatus,
  remark: z.string(),
  lastLoginAt: DateTime.nullable(),
  lastLoginIp: z.string(),
  createdAt: DateTime,
});
export type Staff = z.infer<typeof Staff>;
export const StaffDetail = Staff.extend({ roleIds: z.array(Id), postIds: z.array(Id) });
export type StaffDetail = z.infer<typeof StaffDetail>;
export const StaffSimple = z.object({ id: Id, nickname: z.string(), deptId: Id.nullable() });
export type StaffSimple = z.infer<typeof StaffSimple>;

export const StaffStatusUpdate = z.object({ id: Id, status: CommonStatus });
export type StaffStatusUpdate = z.infer<typeof StaffStatusUpdate>;
/** An administrator's reset: no old password, and the staff member is signed out everywhere. */
export const StaffPasswordReset = z.object({ id: Id, password: NewPassword });
export type StaffPasswordReset = z.infer<typeof StaffPasswordReset>;
export const StaffAssignRoles = z.object({ userId: Id, roleIds: z.array(Id).max(50) });
export type StaffAssignRoles = z.infer<typeof StaffAssignRoles>;

/** The answer to an avatar upload: the link the console shows from now on. */
export const StaffAvatar = z.object({ avatar: z.string() });
export type StaffAvatar = z.infer<typeof StaffAvatar>;

export const staffApi = {
  ...resourceEndpoints('/api/system/user', 'system:user', {
    name: 'staff member',
    query: StaffQuery,
    row: Staff,
    detail: StaffDetail,
    create: StaffCreate,
    update: StaffUpdate,
    simple: StaffSimple,
    excel: true,
  }),
  updateStatus: endpoint.put('/api/system/user/update-status', {
    permission: 'system:user:update',
    body: StaffStatusUpdate,
    answer: z.literal(true),
    summary: 'Enable or disable a staff member',
  }),
  resetPassword: endpoint.put('/api/system/user/update-password', {
    permission: 'system:user:reset-password',
    body: StaffPasswordReset,
    answer: z.literal(true),
    summary: "Reset a staff member's password",
  }),
  assignRoles: endpoint.put('/api/system/user/assign-roles', {
    permission: 'system:user:update',
    body: StaffAssignRoles,
    answer: z.literal(true),
    summary: "Replace a staff member's roles",
  }),
  // The picture arrives as multipart/form-data (field `file`), which no body schema describes.
  updateAvatar: endpoint.post('/api/system/user/profile/update-avatar', {
    signedIn: true,
    answer: StaffAvatar,
    summary: "Replace the signed-in staff member's picture (multipart, field `file`)",
  }),
};
