import { z } from 'zod';
import { Mobile, NewPassword, TenantType } from '../auth';
import { CommonStatus, DateFrom, DateTo, DateTime, Id, Int32, ListQuery, Text, TextFilter } from '../common';
import { StaffUsername } from './user';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';

/** Agents are tenants; `tenant` in the API paths. Platform-level. */
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

/** `saas` is the platform's own code. */
export const TenantCode = Text(32)
  .regex(/^[a-z0-9-]{2,32}$/, 'form.agentCode')
  .refine((v) => v !== 'saas', 'form.codeReserved');

const TenantFields = z.object({
  name: Text(64).min(1),
  contactName: Text(30).default(''),
  contactMobile: z.union([Mobile, z.literal('')]).default(''),
  packageId: Id,
  /** ISO timestamp; absent or null: never expires. */
  expiresAt: DateTime.nullish(),
  /** Most staff accounts the agent may hold; absent or null: no limit. */
  staffQuota: Int32(1, 100000).nullish(),
  status: CommonStatus.default(0),
  remark: Text(500, { lines: true }).default(''),
});

/** Creating an agent also creates its first administrator account. */
export const TenantCreate = TenantFields.extend({ code: TenantCode, adminUsername: StaffUsername, adminPassword: NewPassword });
export type TenantCreate = z.infer<typeof TenantCreate>;
/** The code is fixed once the agent exists. */
export const TenantUpdate = TenantFields.extend({ id: Id });
export type TenantUpdate = z.infer<typeof TenantUpdate>;
export const TenantStatusUpdate = z.object({ id: Id, status: CommonStatus });
export type TenantStatusUpdate = z.infer<typeof TenantStatusUpdate>;

export const Tenant = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  type: TenantType,
  status: CommonStatus,
  expiresAt: DateTime.nullable(),
  contactName: z.string(),
  contactMobile: z.string(),
  staffQuota: z.number().int().nullable(),
  packageId: Id.nullable(),
  packageName: z.string().nullable(),
  staffCount: z.number().int(),
  remark: z.string(),
  createdAt: DateTime,
});
export type Tenant = z.infer<typeof Tenant>;
export const TenantSimple = z.object({ id: Id, code: z.string(), name: z.string() });
export type TenantSimple = z.infer<typeof TenantSimple>;

export const tenantApi = {
  ...resourceEndpoints('/api/system/tenant', 'system:tenant', {
    name: 'agent',
    query: TenantQuery,
    row: Tenant,
    create: TenantCreate,
    update: TenantUpdate,
    simple: TenantSimple,
    excel: true,
    platform: true,
  }),
  updateStatus: endpoint.put('/api/system/tenant/update-status', {
    permission: 'system:tenant:update',
    platform: true,
    body: TenantStatusUpdate,
    answer: z.literal(true),
    summary: 'Enable or disable an agent',
  }),
};
