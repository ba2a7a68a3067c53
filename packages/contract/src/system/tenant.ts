import { z } from 'zod';
import { Mobile, NewPassword, type TenantType } from '../auth';
import { CommonStatus, DateFrom, DateTo, Id, ListQuery, TextFilter } from '../common';
import { StaffUsername } from './user';

/** Agents are tenants (DESIGN §4); `tenant` in the API paths. Platform-level. */
export const TenantQuery = ListQuery.extend({
  name: TextFilter,
  code: TextFilter,
  status: CommonStatus.optional(),
  /** Matches the contact's name or mobile. */
  contact: TextFilter,
  expiresFrom: DateFrom,
  expiresTo: DateTo,
});
export type TenantQuery = z.infer<typeof TenantQuery>;

/** `saas` is the platform's own code (DESIGN §4). */
export const TenantCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{2,32}$/)
  .refine((v) => v !== 'saas', 'is reserved for the platform');

const TenantFields = z.object({
  name: z.string().trim().min(1).max(64),
  contactName: z.string().trim().max(30).default(''),
  contactMobile: z.union([Mobile, z.literal('')]).default(''),
  packageId: Id,
  /** ISO timestamp; absent or null: never expires. */
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
  /** Most staff accounts the agent may hold; absent or null: no limit. */
  staffQuota: z.coerce.number().int().min(1).max(100000).nullish(),
  status: CommonStatus.default(0),
  remark: z.string().trim().max(500).default(''),
});

/** Creating an agent also creates its first administrator account. */
export const TenantCreate = TenantFields.extend({ code: TenantCode, adminUsername: StaffUsername, adminPassword: NewPassword });
export type TenantCreate = z.infer<typeof TenantCreate>;
/** The code is fixed once the agent exists. */
export const TenantUpdate = TenantFields.extend({ id: Id });
export type TenantUpdate = z.infer<typeof TenantUpdate>;
export const TenantStatusUpdate = z.object({ id: Id, status: CommonStatus });
export type TenantStatusUpdate = z.infer<typeof TenantStatusUpdate>;

export interface Tenant {
  id: number;
  code: string;
  name: string;
  type: TenantType;
  status: number;
  expiresAt: string | null;
  contactName: string;
  contactMobile: string;
  staffQuota: number | null;
  packageId: number | null;
  packageName: string | null;
  staffCount: number;
  remark: string;
  createdAt: string;
}
export interface TenantSimple {
  id: number;
  code: string;
  name: string;
}
