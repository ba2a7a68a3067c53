import { z } from 'zod';
import { CommonStatus, DateFrom, DateTime, DateTo, Id, Int32, ListQuery, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';
import { CountryFilter } from './console-stores';

/** The user centre: the people of the mobile app ("app users"; staff are the console's own accounts). */
export const AppUserQuery = ListQuery.extend({
  email: TextFilter,
  mobile: TextFilter,
  nickname: TextFilter,
  countryCode: CountryFilter,
  status: CommonStatus.optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type AppUserQuery = z.infer<typeof AppUserQuery>;

export const AppUser = z.object({
  id: Id,
  email: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  countryCode: z.string(),
  /** 0 enabled, 1 disabled (common_status). */
  status: CommonStatus,
  registerDate: DateTime,
  lastLoginAt: DateTime.nullable(),
  lastLoginIp: z.string(),
  /** Stores the person belongs to, in any role, and those they administer (platform-wide counts). */
  storeCount: z.number().int(),
  adminStoreCount: z.number().int(),
});
export type AppUser = z.infer<typeof AppUser>;

export const appUserApi = resourceEndpoints('/api/system/app-user', 'system:app-user', {
  name: 'app user',
  query: AppUserQuery,
  row: AppUser,
  excel: true,
});

/** Disabling signs the person out of every phone at once; enabling lets them sign in again. */
export const AppUserStatusUpdate = z.object({ id: Id, status: CommonStatus });
export type AppUserStatusUpdate = z.infer<typeof AppUserStatusUpdate>;
export const appUserStatusUpdate = endpoint.put('/api/system/app-user/update-status', {
  permission: 'system:app-user:update',
  body: AppUserStatusUpdate,
  answer: z.literal(true),
  summary: 'Disable or enable an app user',
});
/** Refused (555) while the person still belongs to a store. */
export const appUserDelete = endpoint.delete('/api/system/app-user/delete', {
  permission: 'system:app-user:delete',
  query: z.object({ id: Id }),
  answer: z.literal(true),
  summary: 'Delete an app user',
});

/** Per-person limits and features; null keeps the platform default. */
export const AppUserSettingsFields = z.object({
  maxStores: Int32(0, 10_000).nullable(),
  maxDevicesPerStore: Int32(0, 100_000).nullable(),
  heatmap: z.boolean().nullable(),
  customerCounting: z.boolean().nullable(),
  retentionDays: Int32(1, 3650).nullable(),
});
export const AppUserSettingsUpdate = AppUserSettingsFields.extend({ id: Id });
export type AppUserSettingsUpdate = z.infer<typeof AppUserSettingsUpdate>;
/** What applies to a person: their override, else the platform default. */
export const AppUserSettingsEffective = z.object({
  maxStores: z.number().int(),
  maxDevicesPerStore: z.number().int(),
  heatmap: z.boolean(),
  customerCounting: z.boolean(),
  retentionDays: z.number().int(),
});
export type AppUserSettingsEffective = z.infer<typeof AppUserSettingsEffective>;
/** A person's overrides (`id` is the app user's), what applies to them, and who they are. */
export const AppUserSettings = AppUserSettingsFields.extend({
  id: Id,
  email: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  effective: AppUserSettingsEffective,
  updatedAt: DateTime.nullable(),
});
export type AppUserSettings = z.infer<typeof AppUserSettings>;
export const AppUserSettingsQuery = ListQuery.extend({ email: TextFilter, mobile: TextFilter });
export type AppUserSettingsQuery = z.infer<typeof AppUserSettingsQuery>;
/** The settings screen lists the people who have overrides; get, update and clear work on anybody. */
export const appUserSettingsApi = {
  page: endpoint.get('/api/system/user-advanced/page', {
    permission: 'system:user-advanced:query',
    query: AppUserSettingsQuery,
    answer: z.object({ list: z.array(AppUserSettings), total: z.number().int() }),
    summary: 'List app users with their own settings',
  }),
  get: endpoint.get('/api/system/user-advanced/get', {
    permission: 'system:user-advanced:query',
    query: z.object({ id: Id }),
    answer: AppUserSettings,
    summary: "One app user's settings",
  }),
  update: endpoint.put('/api/system/user-advanced/update', {
    permission: 'system:user-advanced:update',
    body: AppUserSettingsUpdate,
    answer: z.literal(true),
    summary: "Set an app user's own settings",
  }),
  clear: endpoint.delete('/api/system/user-advanced/clear', {
    permission: 'system:user-advanced:update',
    query: z.object({ id: Id }),
    answer: z.literal(true),
    summary: 'Back to the platform defaults',
  }),
};

export const CancellationStatus = z.enum(['pending', 'withdrawn', 'completed']);
export type CancellationStatus = z.infer<typeof CancellationStatus>;
/** Whose account a cancellation request is for: a staff account of the console or an app user. */
export const AccountKind = z.enum(['staff', 'app-user']);
export type AccountKind = z.infer<typeof AccountKind>;
export const AccountCancellationQuery = ListQuery.extend({
  email: TextFilter,
  status: CancellationStatus.optional(),
  accountKind: AccountKind.optional(),
});
export type AccountCancellationQuery = z.infer<typeof AccountCancellationQuery>;
/** A cancellation request; `id` is the request's within its kind, `accountId` the staff account's or the app user's. */
export const AccountCancellation = z.object({
  id: Id,
  accountKind: AccountKind,
  accountId: Id,
  /** The staff account's username; '' for app users, who sign in with their e-mail or mobile. */
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  reason: z.string(),
  status: CancellationStatus,
  requestedAt: DateTime,
  purgeAfter: DateTime,
  withdrawnAt: DateTime.nullable(),
  purgedAt: DateTime.nullable(),
});
export type AccountCancellation = z.infer<typeof AccountCancellation>;
/** Staff's and app users' cancellation requests in one list, as operators follow them. */
export const accountCancellationApi = resourceEndpoints('/api/system/cancellation', 'system:cancellation', {
  name: 'account cancellation',
  query: AccountCancellationQuery,
  row: AccountCancellation,
  get: false,
  excel: true,
});
