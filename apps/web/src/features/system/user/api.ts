import {
  postApi,
  roleApi,
  staffApi,
  type StaffAssignRoles,
  type StaffCreate,
  type StaffPasswordReset,
  type StaffQuery,
  type StaffStatusUpdate,
  type StaffUpdate,
} from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { tenantCache } from '../tenant/api';
import { postCache } from '../post/api';
import { roleCache } from '../role/api';

/**
 * Staff are console accounts; `user` in the API paths (contract). The agent list counts each
 * agent's staff, so a change refreshes it too; the department screen's leader picker is keyed here.
 */
export const staffCache = resourceCache('system', 'user', [tenantCache]);

export const staffPageQuery = (q: StaffQuery) => staffCache.query(staffApi.page, q);
/** The detail adds the staff member's role and post ids. */
export const staffDetailQuery = (id: number) => queryOptions({ ...staffCache.query(staffApi.get, { id }), staleTime: 0 });
export const createStaff = (body: StaffCreate) => call(staffApi.create, body);
export const updateStaff = (body: StaffUpdate) => call(staffApi.update, body);
export const deleteStaff = (id: number) => call(staffApi.delete, { id });
/** Disabling also signs the staff member out everywhere (server). */
export const updateStaffStatus = (body: StaffStatusUpdate) => call(staffApi.updateStatus, body);
/** An administrator's reset: no old password; the staff member is signed out everywhere. */
export const resetStaffPassword = (body: StaffPasswordReset) => call(staffApi.resetPassword, body);
export const assignStaffRoles = (body: StaffAssignRoles) => call(staffApi.assignRoles, body);

/** Enabled roles and posts to grant (the servers' list-all-simple projections). */
export const roleOptionsQuery = () => queryOptions({ ...roleCache.query(roleApi.listAllSimple), staleTime: 60_000 });
export const postOptionsQuery = () => queryOptions({ ...postCache.query(postApi.listAllSimple), staleTime: 60_000 });
