import { z } from 'zod';
import { CommonStatus, Id, ListQuery, TextFilter } from '../common';

/** Agent packages: named sets of menus an agent's roles may grant (issue 4). Platform-level. */
export const TenantPackageQuery = ListQuery.extend({ name: TextFilter, status: CommonStatus.optional() });
export type TenantPackageQuery = z.infer<typeof TenantPackageQuery>;

export const TenantPackageCreate = z.object({
  name: z.string().trim().min(1).max(64),
  status: CommonStatus.default(0),
  remark: z.string().trim().max(500).default(''),
  /** Menus (directories, screens, buttons); the server adds the directories above each one. */
  menuIds: z.array(Id).max(5000).default([]),
});
export type TenantPackageCreate = z.infer<typeof TenantPackageCreate>;
export const TenantPackageUpdate = TenantPackageCreate.extend({ id: Id });
export type TenantPackageUpdate = z.infer<typeof TenantPackageUpdate>;

export interface TenantPackage {
  id: number;
  name: string;
  status: number;
  remark: string;
  createdAt: string;
}
export interface TenantPackageDetail extends TenantPackage {
  menuIds: number[];
}
export interface TenantPackageSimple {
  id: number;
  name: string;
}
