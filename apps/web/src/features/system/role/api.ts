import type { MenuSimple, Page, Role, RoleAssignDataScope, RoleAssignMenus, RoleCreate, RoleDetail, RoleQuery, RoleUpdate } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { menuCache } from '../menu/api';

/** Also keys the staff form's role picker (`roleOptionsQuery`). */
export const roleCache = resourceCache('system', 'role');

export const rolePageQuery = (q: RoleQuery) => queryOptions({ queryKey: roleCache.key('page', q), queryFn: () => api.get<Page<Role>>('/system/role/page', q) });
/** The detail adds the departments of a custom data scope. */
export const roleDetailQuery = (id: number) =>
  queryOptions({ queryKey: roleCache.key('get', id), queryFn: () => api.get<RoleDetail>('/system/role/get', { id }), staleTime: 0 });
export const createRole = (body: RoleCreate) => api.post<number>('/system/role/create', body);
export const updateRole = (body: RoleUpdate) => api.put<boolean>('/system/role/update', body);
/** Refused while staff hold the role, and for the built-in administrator role. */
export const deleteRole = (id: number) => api.delete<boolean>('/system/role/delete', { id });

/** Every enabled menu entry, buttons included, flat: the tree of what a role can grant. */
export const menuOptionsQuery = () =>
  queryOptions({ queryKey: menuCache.key('simple'), queryFn: () => api.get<MenuSimple[]>('/system/menu/list-all-simple'), staleTime: 60_000 });
export const roleMenuIdsQuery = (roleId: number) =>
  queryOptions({ queryKey: roleCache.key('menu-ids', roleId), queryFn: () => api.get<number[]>('/system/role/menu-ids', { roleId }), staleTime: 0 });
/** Replaces the role's menus; the server adds the directories above each one. */
export const assignRoleMenus = (body: RoleAssignMenus) => api.put<boolean>('/system/role/assign-menus', body);
export const assignRoleDataScope = (body: RoleAssignDataScope) => api.put<boolean>('/system/role/assign-data-scope', body);
