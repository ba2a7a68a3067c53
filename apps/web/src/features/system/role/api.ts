import { menuApi, roleApi, type RoleAssignDataScope, type RoleAssignMenus, type RoleCreate, type RoleQuery, type RoleUpdate } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { menuCache } from '../menu/api';

/** Also keys the staff form's role picker (`roleOptionsQuery`). */
export const roleCache = resourceCache('system', 'role');

export const rolePageQuery = (q: RoleQuery) => roleCache.query(roleApi.page, q);
/** The detail adds the departments of a custom data scope. */
export const roleDetailQuery = (id: number) => queryOptions({ ...roleCache.query(roleApi.get, { id }), staleTime: 0 });
export const createRole = (body: RoleCreate) => call(roleApi.create, body);
export const updateRole = (body: RoleUpdate) => call(roleApi.update, body);
/** Refused while staff hold the role, and for the built-in administrator role. */
export const deleteRole = (id: number) => call(roleApi.delete, { id });

/** Every enabled menu entry, buttons included, flat: the tree of what a role can grant. */
export const menuOptionsQuery = () => queryOptions({ ...menuCache.query(menuApi.grantable), staleTime: 60_000 });
export const roleMenuIdsQuery = (roleId: number) => queryOptions({ ...roleCache.query(roleApi.menuIds, { roleId }), staleTime: 0 });
/** Replaces the role's menus; the server adds the directories above each one. */
export const assignRoleMenus = (body: RoleAssignMenus) => call(roleApi.assignMenus, body);
export const assignRoleDataScope = (body: RoleAssignDataScope) => call(roleApi.assignDataScope, body);
