import type { Page, Tenant, TenantCreate, TenantQuery, TenantStatusUpdate, TenantUpdate } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

/** Also keys the agent pickers of the log screens (`agentSearchQuery`). */
export const tenantCache = resourceCache('system', 'tenant');

/** Agents are tenants: `/api/system/tenant/…`. */
export const tenantPageQuery = (q: TenantQuery) =>
  queryOptions({ queryKey: tenantCache.key('page', q), queryFn: () => api.get<Page<Tenant>>('/system/tenant/page', q) });

/** Creating an agent also creates its first administrator account. */
export const createTenant = (body: TenantCreate) => api.post<number>('/system/tenant/create', body);
export const updateTenant = (body: TenantUpdate) => api.put<boolean>('/system/tenant/update', body);
/** Disabling ends the agent's sessions at once (server). */
export const updateTenantStatus = (body: TenantStatusUpdate) => api.put<boolean>('/system/tenant/update-status', body);
export const deleteTenant = (id: number) => api.delete<boolean>('/system/tenant/delete', { id });

/** Agents by name for a picker, disabled ones included (their logs still matter). */
export const agentSearchQuery = (name: string) =>
  queryOptions({
    queryKey: tenantCache.key('search', name),
    queryFn: () => api.get<Page<Tenant>>('/system/tenant/page', { name: name || undefined, page: 1, limit: 50 }),
    select: (page) => page.list.filter((t) => t.type === 'agent'),
  });
