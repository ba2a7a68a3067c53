import { z } from 'zod';
import { CommonStatus, DateFrom, DateTime, DateTo, Id, Int32, ListQuery, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';

export const RoleQuery = ListQuery.extend({
  name: TextFilter,
  code: TextFilter,
  status: CommonStatus.optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type RoleQuery = z.infer<typeof RoleQuery>;

export const RoleCreate = z.object({
  code: Text(64)
    .min(1)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'form.roleCode'),
  name: Text(64).min(1),
  sort: Int32(0, 9999).default(0),
  status: CommonStatus.default(0),
  remark: Text(500, { lines: true }).default(''),
});
export type RoleCreate = z.infer<typeof RoleCreate>;
export const RoleUpdate = RoleCreate.extend({ id: Id });
export type RoleUpdate = z.infer<typeof RoleUpdate>;

/** The system_data_scope dictionary: 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 own data only. */
export const DataScope = { all: 1, customDepts: 2, ownDept: 3, ownDeptAndBelow: 4, self: 5 } as const;
export type DataScope = (typeof DataScope)[keyof typeof DataScope];
export const DataScopeValue = Int32(1, 5);

export const Role = RoleCreate.extend({ id: Id, dataScope: DataScopeValue, createdAt: DateTime });
export type Role = z.infer<typeof Role>;
/** The detail answer also names the departments of a custom (2) data scope. */
export const RoleDetail = Role.extend({ deptIds: z.array(Id) });
export type RoleDetail = z.infer<typeof RoleDetail>;
export const RoleSimple = z.object({ id: Id, code: z.string(), name: z.string() });
export type RoleSimple = z.infer<typeof RoleSimple>;

export const RoleMenuIdsQuery = z.object({ roleId: Id });
export type RoleMenuIdsQuery = z.infer<typeof RoleMenuIdsQuery>;
/** Replaces the role's menus (directories, screens and buttons) with exactly these. */
export const RoleAssignMenus = z.object({ roleId: Id, menuIds: z.array(Id).max(2000) });
export type RoleAssignMenus = z.infer<typeof RoleAssignMenus>;
/** `deptIds` count only for the custom-departments scope (2); other scopes clear them. */
export const RoleAssignDataScope = z.object({ roleId: Id, dataScope: DataScopeValue, deptIds: z.array(Id).max(1000).default([]) });
export type RoleAssignDataScope = z.infer<typeof RoleAssignDataScope>;

export const roleApi = {
  ...resourceEndpoints('/api/system/role', 'system:role', {
    name: 'role',
    query: RoleQuery,
    row: Role,
    detail: RoleDetail,
    create: RoleCreate,
    update: RoleUpdate,
    simple: RoleSimple,
    excel: true,
  }),
  menuIds: endpoint.get('/api/system/role/menu-ids', {
    permission: 'system:role:assign-menu',
    query: RoleMenuIdsQuery,
    answer: z.array(Id),
    summary: 'Menu ids a role grants',
  }),
  assignMenus: endpoint.put('/api/system/role/assign-menus', {
    permission: 'system:role:assign-menu',
    body: RoleAssignMenus,
    answer: z.literal(true),
    summary: "Replace a role's menus",
  }),
  // A role's data scope is part of the role: editing it takes the role's update permission.
  assignDataScope: endpoint.put('/api/system/role/assign-data-scope', {
    permission: 'system:role:update',
    body: RoleAssignDataScope,
    answer: z.literal(true),
    summary: "Set a role's data scope",
  }),
};
