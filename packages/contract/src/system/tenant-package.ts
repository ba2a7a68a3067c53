import { z } from 'zod';
import { CommonStatus, DateTime, Id, ListQuery, Text, TextFilter } from '../common';
import { resourceEndpoints } from '../resource';

/** Agent packages: named sets of menus an agent's roles may grant. Platform-level. */
export const TenantPackageQuery = ListQuery.extend({ name: TextFilter, status: CommonStatus.optional() });
export type TenantPackageQuery = z.infer<typeof TenantPackageQuery>;

export const TenantPackageCreate = z.object({
  name: Text(64).min(1),
  status: CommonStatus.default(0),
  remark: Text(500, { lines: true }).default(''),
  /** Menus (directories, screens, buttons); the server adds the directories above each one. */
  menuIds: z.array(Id).max(5000).default([]),
});
export type TenantPackageCreate = z.infer<typeof TenantPackageCreate>;
export const TenantPackageUpdate = TenantPackageCreate.extend({ id: Id });
export type TenantPackageUpdate = z.infer<typeof TenantPackageUpdate>;

export const TenantPackage = z.object({ id: Id, name: z.string(), status: CommonStatus, remark: z.string(), createdAt: DateTime });
export type TenantPackage = z.infer<typeof TenantPackage>;
export const TenantPackageDetail = TenantPackage.extend({ menuIds: z.array(Id) });
export type TenantPackageDetail = z.infer<typeof TenantPackageDetail>;
export const TenantPackageSimple = z.object({ id: Id, name: z.string() });
export type TenantPackageSimple = z.infer<typeof TenantPackageSimple>;

export const tenantPackageApi = resourceEndpoints('/api/system/tenant-package', 'system:tenant-package', {
  name: 'agent package',
  query: TenantPackageQuery,
  row: TenantPackage,
  detail: TenantPackageDetail,
  create: TenantPackageCreate,
  update: TenantPackageUpdate,
  simple: TenantPackageSimple,
  platform: true,
});
