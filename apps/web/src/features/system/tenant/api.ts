import { tenantApi, type Page, type Tenant, type TenantCreate, type TenantQuery, type TenantStatusUpdate, type TenantUpdate } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

/** Also keys the agent pickers of the log screens (`agentSearchQuery`). */
export const tenantCache = resourceCache('system', 'tenant');

/** Agents are tenants: `/api/system/tenant/…`. */
export const tenantPageQuery = (q: TenantQuery) => tenantCache.query(tenantApi.page, q);

/** Creating an agent also creates its first administrator account. */
export const createTenant = (body: TenantCreate) => call(tenantApi.create, body);
export const updateTenant = (body: TenantUpdate) => call(tenantApi.update, body);
/** Disabling ends the agent's sessions at once (server). */
export const updateTenantStatus = (body: TenantStatusUpdate) => call(tenantApi.updateStatus, body);
export const deleteTenant = (id: number) => call(tenantApi.delete, { id });

// The platform's own row is a tenant too; pickers offer agents.
const agentsOf = (page: Page<Tenant>) => page.list.filter((t) => t.type === 'agent');

/** Agents by name for a picker, disabled ones included (their logs still matter). */
export const agentSearchQuery = (name: string) =>
  queryOptions({ ...tenantCache.query(tenantApi.page, { name: name || undefined, page: 1, limit: 50 }), select: agentsOf });
