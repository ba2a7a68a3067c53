import type {
  Page,
  TenantPackage,
  TenantPackageCreate,
  TenantPackageDetail,
  TenantPackageQuery,
  TenantPackageSimple,
  TenantPackageUpdate,
} from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { tenantCache } from '../tenant/api';

/** Agent rows name their package, so a package's change refreshes the agent list too. */
export const packageCache = resourceCache('system', 'tenant-package', [tenantCache]);

export const packagePageQuery = (q: TenantPackageQuery) =>
  queryOptions({ queryKey: packageCache.key('page', q), queryFn: () => api.get<Page<TenantPackage>>('/system/tenant-package/page', q) });

/** One package with the menus it holds (directories above them included). */
export const packageDetailQuery = (id: number) =>
  queryOptions({ queryKey: packageCache.key('get', id), queryFn: () => api.get<TenantPackageDetail>('/system/tenant-package/get', { id }) });

/** Enabled packages, for the agent form's select. */
export const packageOptionsQuery = () =>
  queryOptions({ queryKey: packageCache.key('simple'), queryFn: () => api.get<TenantPackageSimple[]>('/system/tenant-package/list-all-simple') });

/** Every enabled menu entry, flat (the role screen's query: the form builds the same tree). */
export { menuOptionsQuery } from '../role/api';

export const createPackage = (body: TenantPackageCreate) => api.post<number>('/system/tenant-package/create', body);
export const updatePackage = (body: TenantPackageUpdate) => api.put<boolean>('/system/tenant-package/update', body);
export const deletePackage = (id: number) => api.delete<boolean>('/system/tenant-package/delete', { id });
