import { z } from 'zod';
import { Mobile, NewPassword } from '../auth';
import { CommonStatus, DateFrom, DateTo, Id, ListQuery, TextFilter } from '../common';

/** Staff are console accounts (DESIGN §5); `user` in the API paths, as in the console family. */
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

/** Sign-in names: unique platform-wide regardless of case (DESIGN §4). */
export const StaffUsername = z
  .string()
  .trim()
  .min(4)
  .max(30)
  .regex(/^[A-Za-z0-9_.@-]+$/);
/** The user_sex dictionary: 0 unknown, 1 male, 2 female. */
export const Sex = z.coerce.number().int().min(0).max(2);

const StaffFields = z.object({
  nickname: z.string().trim().min(1).max(30),
  deptId: Id.nullable().default(null),
  email: z.union([z.email().max(100), z.literal('')]).default(''),
  mobile: z.union([Mobile, z.literal('')]).default(''),
  sex: Sex.default(0),
  remark: z.string().trim().max(500).default(''),
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

export interface Staff {
  id: number;
  username: string;
  nickname: string;
  deptId: number | null;
  deptName: string | null;
  email: string;
  mobile: string;
  sex: number;
  status: number;
  remark: string;
  lastLoginAt: string | null;
  lastLoginIp: string;
  createdAt: string;
}
export interface StaffDetail extends Staff {
  roleIds: number[];
  postIds: number[];
}
export interface StaffSimple {
  id: number;
  nickname: string;
  deptId: number | null;
}

export const StaffStatusUpdate = z.object({ id: Id, status: CommonStatus });
export type StaffStatusUpdate = z.infer<typeof StaffStatusUpdate>;
/** An administrator's reset: no old password, and the staff member is signed out everywhere. */
export const StaffPasswordReset = z.object({ id: Id, password: NewPassword });
export type StaffPasswordReset = z.infer<typeof StaffPasswordReset>;
export const StaffAssignRoles = z.object({ userId: Id, roleIds: z.array(Id).max(50) });
export type StaffAssignRoles = z.infer<typeof StaffAssignRoles>;
