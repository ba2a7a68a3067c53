import { z } from 'zod';
import { CommonStatus, DateFrom, DateTo, Id, ListQuery, TextFilter } from '../common';

export const RoleQuery = ListQuery.extend({
  name: TextFilter,
  code: TextFilter,
  status: CommonStatus.optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type RoleQuery = z.infer<typeof RoleQuery>;

export const RoleCreate = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/),
  name: z.string().trim().min(1).max(64),
  sort: z.number().int().min(0).max(9999).default(0),
  status: CommonStatus.default(0),
  remark: z.string().trim().max(500).default(''),
});
export type RoleCreate = z.infer<typeof RoleCreate>;
export const RoleUpdate = RoleCreate.extend({ id: Id });
export type RoleUpdate = z.infer<typeof RoleUpdate>;

/** The system_data_scope dictionary: 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 own data only. */
export const DataScope = { all: 1, customDepts: 2, ownDept: 3, ownDeptAndBelow: 4, self: 5 } as const;
export type DataScope = (typeof DataScope)[keyof typeof DataScope];
export const DataScopeValue = z.coerce.number().int().min(1).max(5);

export interface Role extends RoleCreate {
  id: number;
  dataScope: number;
  createdAt: string;
}
/** The detail answer also names the departments of a custom (2) data scope. */
export interface RoleDetail extends Role {
  deptIds: number[];
}
export interface RoleSimple {
  id: number;
  code: string;
  name: string;
}

export const RoleMenuIdsQuery = z.object({ roleId: Id });
export type RoleMenuIdsQuery = z.infer<typeof RoleMenuIdsQuery>;
/** Replaces the role's menus (directories, screens and buttons) with exactly these. */
export const RoleAssignMenus = z.object({ roleId: Id, menuIds: z.array(Id).max(2000) });
export type RoleAssignMenus = z.infer<typeof RoleAssignMenus>;
/** `deptIds` count only for the custom-departments scope (2); other scopes clear them. */
export const RoleAssignDataScope = z.object({ roleId: Id, dataScope: DataScopeValue, deptIds: z.array(Id).max(1000).default([]) });
export type RoleAssignDataScope = z.infer<typeof RoleAssignDataScope>;
