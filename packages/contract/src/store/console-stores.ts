import { z } from 'zod';
import { DateFrom, DateTime, DateTo, Id, ListQuery, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';
import { bothOrNeither, Latitude, Longitude, StoreRole } from './stores';

/** ISO 3166-1 alpha-2 filter, as the areas name countries. */
export const CountryFilter = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
  .optional();

/** The console's store list. `tenantId` (the agent) is honoured for platform staff only. */
export const StoreQuery = ListQuery.extend({
  name: TextFilter,
  meshId: TextFilter,
  adminEmail: TextFilter,
  countryCode: CountryFilter,
  tenantId: Id.optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type StoreQuery = z.infer<typeof StoreQuery>;

export const Store = z.object({
  id: Id,
  meshId: z.string(),
  meshName: z.string(),
  tenantId: Id,
  adminNickname: z.string().nullable(),
  adminEmail: z.string().nullable(),
  /** The admin's latest sign-in address. */
  latestLoginIp: z.string().nullable(),
  memberCount: z.number().int(),
  groupCount: z.number().int(),
  deviceCount: z.number().int(),
  /** Its devices online now, as the devices area derives it from their reports. */
  onlineDeviceCount: z.number().int(),
  countryCode: z.string(),
  timezone: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  registerDate: DateTime,
});
export type Store = z.infer<typeof Store>;

export const StoreMember = z.object({
  appUserId: Id,
  role: StoreRole,
  nickname: z.string(),
  email: z.string(),
  mobile: z.string(),
  joinedAt: DateTime,
});
export const StoreGroup = z.object({ id: Id, groupCode: z.number().int(), groupName: z.string(), luminaireCount: z.number().int() });
export const StoreDeviceBrief = z.object({
  id: Id,
  kind: z.enum(['luminaire', 'gateway', 'sensor']),
  deviceName: z.string(),
  uuid: z.string(),
  model: z.string(),
  groupId: Id.nullable(),
  firmwareVersion: z.string(),
  online: z.boolean(),
});
export const StoreEvent = z.object({
  id: Id,
  kind: z.string(),
  actorKind: z.enum(['app-user', 'staff']),
  actorId: Id,
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: DateTime,
});
/**
 * Who the history's events name, by id as text, as they are now: app users (former members too),
 * and the staff and agents the viewer may see. An id missing here is an account deleted since, or
 * one the viewer may not see.
 */
export const StoreHistoryNames = z.object({
  appUsers: z.record(z.string(), z.object({ nickname: z.string(), contact: z.string() })),
  staff: z.record(z.string(), z.string()),
  agents: z.record(z.string(), z.string()),
});
/** The detail page: the list row plus who is in it, its groups, devices and history (newest first). */
export const StoreDetail = Store.extend({
  members: z.array(StoreMember),
  groups: z.array(StoreGroup),
  devices: z.array(StoreDeviceBrief),
  history: z.array(StoreEvent),
  historyNames: StoreHistoryNames,
});
export type StoreDetail = z.infer<typeof StoreDetail>;

export const storeApi = resourceEndpoints('/api/store/mesh', 'store:mesh', {
  name: 'store',
  query: StoreQuery,
  row: Store,
  detail: StoreDetail,
  excel: true,
});

/** Hands a store to an agent (or back to the platform): its staff see it from then on. */
export const StoreAssignAgent = z.object({ id: Id, tenantId: Id });
export type StoreAssignAgent = z.infer<typeof StoreAssignAgent>;
export const storeAssignAgent = endpoint.put('/api/store/mesh/assign-agent', {
  permission: 'store:mesh:assign-agent',
  platform: true,
  body: StoreAssignAgent,
  answer: z.literal(true),
  summary: 'Assign a store to an agent',
});

/**
 * What operators do inside a store, under the same rules and messages as its admin in the app:
 * hand the admin role to a member (the old admin leaves the store), remove a member, dissolve
 * an empty lighting group. `id` is the store's.
 */
export const StoreMemberAction = z.object({ id: Id, appUserId: Id });
export type StoreMemberAction = z.infer<typeof StoreMemberAction>;
export const StoreGroupAction = z.object({ id: Id, groupId: Id });
export type StoreGroupAction = z.infer<typeof StoreGroupAction>;

/** Where a store is on the map; null for both clears it (maps then place the store at its country's centre). */
export const StoreLocate = z
  .object({ id: Id, latitude: Latitude.nullable(), longitude: Longitude.nullable() })
  .refine(bothOrNeither, { message: 'give both latitude and longitude, or neither', path: ['longitude'] });
export type StoreLocate = z.infer<typeof StoreLocate>;

export const storeActions = {
  locate: endpoint.put('/api/store/mesh/location', {
    permission: 'store:mesh:locate',
    body: StoreLocate,
    answer: z.literal(true),
    summary: "Set a store's coordinates",
  }),
  transferAdmin: endpoint.put('/api/store/mesh/transfer-admin', {
    permission: 'store:mesh:transfer-admin',
    body: StoreMemberAction,
    answer: z.literal(true),
    summary: "Make a member the store's admin; the old admin leaves the store",
  }),
  removeMember: endpoint.delete('/api/store/mesh/remove-member', {
    permission: 'store:mesh:remove-member',
    query: StoreMemberAction,
    answer: z.literal(true),
    summary: 'Remove a member from a store',
  }),
  dissolveGroup: endpoint.delete('/api/store/mesh/dissolve-group', {
    permission: 'store:mesh:dissolve-group',
    query: StoreGroupAction,
    answer: z.literal(true),
    summary: 'Dissolve a lighting group that holds no luminaire',
  }),
};

/** The store users screen: every membership (a person in a store, as admin or member). */
export const StoreMemberQuery = ListQuery.extend({
  email: TextFilter,
  nickname: TextFilter,
  meshName: TextFilter,
  meshId: TextFilter,
  role: StoreRole.optional(),
  joinedFrom: DateFrom,
  joinedTo: DateTo,
});
export type StoreMemberQuery = z.infer<typeof StoreMemberQuery>;
export const StoreMembership = z.object({
  id: Id,
  storeId: Id,
  meshId: z.string(),
  meshName: z.string(),
  appUserId: Id,
  nickname: z.string(),
  email: z.string(),
  mobile: z.string(),
  role: StoreRole,
  joinedAt: DateTime,
});
export type StoreMembership = z.infer<typeof StoreMembership>;
export const storeMemberApi = {
  ...resourceEndpoints('/api/store/user', 'store:user', { name: 'store membership', query: StoreMemberQuery, row: StoreMembership, excel: true, get: false }),
  /** Takes a member out of the store, under the store's rules (the admin cannot be removed). */
  remove: endpoint.delete('/api/store/user/delete', {
    permission: 'store:user:delete',
    query: z.object({ id: Id }),
    answer: z.literal(true),
    summary: 'Remove a member from their store',
  }),
};
