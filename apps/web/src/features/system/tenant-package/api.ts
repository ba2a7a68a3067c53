import { tenantPackageApi, type TenantPackageCreate, type TenantPackageQuery, type TenantPackageUpdate } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { tenantCache } from '../tenant/api';

/** Agent rows name their package, so a package's change refreshes the agent list too. */
export const packageCache = resourceCache('system', 'tenant-package', [tenantCache]);

export const packagePageQuery = (q: TenantPackageQuery) => packageCache.query(tenantPackageApi.page, q);

/** One package with the menus it holds (directories above them included). */
export const packageDetailQuery = (id: number) => packageCache.query(tenantPackageApi.get, { id });

/** Enabled packages, for the agent form's select. */
export const packageOptionsQuery = () => packageCache.query(tenantPackageApi.listAllSimple);

/** Every enabled menu entry, flat (the role screen's query: the form builds the same tree). */
export { menuOptionsQuery } from '../role/api';

export const createPackage = (body: TenantPackageCreate) => call(tenantPackageApi.create, body);
export const updatePackage = (body: TenantPackageUpdate) => call(tenantPackageApi.update, body);
export const deletePackage = (id: number) => call(tenantPackageApi.delete, { id });
