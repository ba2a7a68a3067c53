import type {
  Page,
  Post,
  RoleSimple,
  Staff,
  StaffAssignRoles,
  StaffCreate,
  StaffDetail,
  StaffPasswordReset,
  StaffQuery,
  StaffStatusUpdate,
  StaffUpdate,
} from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { tenantCache } from '../tenant/api';
import { postCache } from '../post/api';
import { roleCache } from '../role/api';

/**
 * Staff are console accounts; `user` in the API paths (contract). The agent list counts each
 * agent's staff, so a change refreshes it too; the department screen's leader picker is keyed here.
 */
export const staffCache = resourceCache('system', 'user', [tenantCache]);

export const staffPageQuery = (q: StaffQuery) =>
  queryOptions({ queryKey: staffCache.key('page', q), queryFn: () => api.get<Page<Staff>>('/system/user/page', q) });
/** The detail adds the staff member's role and post ids. */
export const staffDetailQuery = (id: number) =>
  queryOptions({ queryKey: staffCache.key('get', id), queryFn: () => api.get<StaffDetail>('/system/user/get', { id }), staleTime: 0 });
export const createStaff = (body: StaffCreate) => api.post<number>('/system/user/create', body);
export const updateStaff = (body: StaffUpdate) => api.put<boolean>('/system/user/update', body);
export const deleteStaff = (id: number) => api.delete<boolean>('/system/user/delete', { id });
/** Disabling also signs the staff member out everywhere (server). */
export const updateStaffStatus = (body: StaffStatusUpdate) => api.put<boolean>('/system/user/update-status', body);
/** An administrator's reset: no old password; the staff member is signed out everywhere. */
export const resetStaffPassword = (body: StaffPasswordReset) => api.put<boolean>('/system/user/update-password', body);
export const assignStaffRoles = (body: StaffAssignRoles) => api.put<boolean>('/system/user/assign-roles', body);

/** Enabled roles and posts to grant (the servers' list-all-simple projections). */
export const roleOptionsQuery = () =>
  queryOptions({ queryKey: roleCache.key('simple'), queryFn: () => api.get<RoleSimple[]>('/system/role/list-all-simple'), staleTime: 60_000 });
export const postOptionsQuery = () =>
  queryOptions({
    queryKey: postCache.key('simple'),
    queryFn: () => api.get<Pick<Post, 'id' | 'name'>[]>('/system/post/list-all-simple'),
    staleTime: 60_000,
  });
