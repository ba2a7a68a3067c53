import { tenantApi, type TenantCreate, type TenantQuery, type TenantStatusUpdate, type TenantUpdate } from '@lightdesk/contract';
import { tenantCache } from '../../../components/agent-select';
import { call } from '../../../lib/http';

export { tenantCache };

export const tenantPageQuery = (q: TenantQuery) => tenantCache.query(tenantApi.page, q);

/** Creating an agent also creates its first administrator account. */
export const createTenant = (body: TenantCreate) => call(tenantApi.create, body);
export const updateTenant = (body: TenantUpdate) => call(tenantApi.update, body);
/** Disabling ends the agent's sessions at once (server). */
export const updateTenantStatus = (body: TenantStatusUpdate) => call(tenantApi.updateStatus, body);
export const deleteTenant = (id: number) => call(tenantApi.delete, { id });
