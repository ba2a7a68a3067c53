import { z } from 'zod';
import { DateTime, Id, Int32, OptionalEmail, Text } from '../common';
import { endpoint } from '../endpoint';
import { AreaCode } from '../system/area';

/** A store's public id (the app's meshId): random, stable, URL-safe. */
export const MeshId = Text(40).regex(/^[A-Za-z0-9_-]{8,40}$/, 'must be a store id');

/** True for a time zone name the runtime knows (Europe/Amsterdam, UTC); offsets are not names. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export const TimeZone = Text(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Amsterdam');

export const StoreRole = z.enum(['admin', 'member']);
export type StoreRole = z.infer<typeof StoreRole>;
export const DeviceKind = z.enum(['luminaire', 'gateway', 'sensor']);
export type DeviceKind = z.infer<typeof DeviceKind>;
/** A mesh group address. */
export const GroupCode = Int32(0, 0xffff);
export const MeshAddress = Int32(0, 0xffff);
export const DeviceUuid = Text(64).regex(/^[A-Za-z0-9:_-]{1,64}$/, 'only letters, digits and : _ - are allowed');
export const StoreName = Text(50).min(1);
export const GroupName = Text(50).min(1);

/** Degrees (WGS 84). */
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);
/** A store's place on a map: both coordinates, or neither (null clears them). */
export const StoreCoordinates = z.object({ latitude: Latitude.nullable(), longitude: Longitude.nullable() });
export type StoreCoordinates = z.infer<typeof StoreCoordinates>;
/** Both coordinates or neither; an omitted pair (undefined) leaves them as they are. */
export const bothOrNeither = (v: { latitude?: number | null; longitude?: number | null }) => (v.latitude == null) === (v.longitude == null);
const BOTH_OR_NEITHER = { message: 'give both latitude and longitude, or neither', path: ['longitude'] };

export const StoreCreate = z
  .object({
    meshName: StoreName,
    timezone: TimeZone,
    country: AreaCode,
    address: Text(200).default(''),
    latitude: Latitude.nullable().default(null),
    longitude: Longitude.nullable().default(null),
  })
  .refine(bothOrNeither, BOTH_OR_NEITHER);
export type StoreCreate = z.infer<typeof StoreCreate>;
export const MeshIdQuery = z.object({ meshId: MeshId });
export type MeshIdQuery = z.infer<typeof MeshIdQuery>;
/** Renames a store; with coordinates, also moves it (null clears them), without, leaves them. */
export const StoreRename = z
  .object({ meshId: MeshId, meshName: StoreName, latitude: Latitude.nullable().optional(), longitude: Longitude.nullable().optional() })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined) && bothOrNeither(v), BOTH_OR_NEITHER);
export type StoreRename = z.infer<typeof StoreRename>;

export const AppStore = z.object({
  meshId: z.string(),
  meshName: z.string(),
  timezone: z.string(),
  country: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  role: StoreRole,
  memberCount: z.number().int(),
  groupCount: z.number().int(),
  deviceCount: z.number().int(),
  createdAt: DateTime,
});
export type AppStore = z.infer<typeof AppStore>;

export const AppStoreMember = z.object({
  appUserId: Id,
  nickname: z.string(),
  email: z.string(),
  mobile: z.string(),
  role: StoreRole,
  joinedAt: DateTime,
});
export const AppLightingGroup = z.object({ groupCode: z.number().int(), groupName: z.string(), luminaireCount: z.number().int() });
export type AppLightingGroup = z.infer<typeof AppLightingGroup>;
export const AppStoreDevice = z.object({
  kind: DeviceKind,
  deviceName: z.string(),
  uuid: z.string(),
  deviceCode: z.string(),
  model: z.string(),
  meshAddress: z.number().int().nullable(),
  firmwareVersion: z.string(),
  groupCode: z.number().int().nullable(),
  createdAt: DateTime,
});
export type AppStoreDevice = z.infer<typeof AppStoreDevice>;
export const AppStoreDetail = AppStore.extend({
  members: z.array(AppStoreMember),
  groups: z.array(AppLightingGroup),
  devices: z.array(AppStoreDevice),
});
export type AppStoreDetail = z.infer<typeof AppStoreDetail>;

/** An invitation: a code to share, or (with an address) also sent by e-mail. */
export const InvitationCreate = z.object({ meshId: MeshId, email: OptionalEmail.default('') });
export type InvitationCreate = z.infer<typeof InvitationCreate>;
export const Invitation = z.object({ code: z.string(), expiresAt: DateTime });
export const InvitationCode = Text(20).regex(/^[A-Z0-9]{4,20}$/i, 'must be an invitation code');
export const JoinBody = z.object({ code: InvitationCode });
export const MemberBody = z.object({ meshId: MeshId, appUserId: Id });
export type MemberBody = z.infer<typeof MemberBody>;

export const GroupCreate = z.object({ meshId: MeshId, groupName: GroupName });
export const GroupRename = z.object({ meshId: MeshId, groupCode: GroupCode, groupName: GroupName });
export const GroupQuery = z.object({ meshId: MeshId, groupCode: GroupCode });
/** Luminaires (by uuid) put into or taken out of a group. */
export const GroupLuminaires = z.object({
  meshId: MeshId,
  groupCode: GroupCode,
  add: z.array(DeviceUuid).max(200).default([]),
  remove: z.array(DeviceUuid).max(200).default([]),
});

export const DeviceCreate = z.object({
  meshId: MeshId,
  kind: DeviceKind,
  deviceName: Text(50).min(1),
  uuid: DeviceUuid,
  deviceCode: Text(64).default(''),
  /** A value of the firmware_type dictionary. */
  model: Text(40).min(1),
  meshAddress: MeshAddress.nullable().default(null),
  firmwareVersion: Text(30).default(''),
  groupCode: GroupCode.nullable().default(null),
});
export type DeviceCreate = z.infer<typeof DeviceCreate>;
export const DeviceQuery = z.object({ meshId: MeshId, uuid: DeviceUuid });

export const appStoreApi = {
  create: endpoint.post('/open/app/stores', { appUser: true, summary: 'Create a store; its creator becomes its admin', body: StoreCreate, answer: AppStore }),
  mine: endpoint.get('/open/app/stores', { appUser: true, summary: 'My stores, with my role in each', answer: z.array(AppStore) }),
  get: endpoint.get('/open/app/stores/detail', {
    appUser: true,
    summary: 'A store of mine with its members, groups and devices',
    query: MeshIdQuery,
    answer: AppStoreDetail,
  }),
  rename: endpoint.put('/open/app/stores/rename', {
    appUser: true,
    summary: 'Rename a store and set its coordinates (admin)',
    body: StoreRename,
    answer: z.boolean(),
  }),
  remove: endpoint.delete('/open/app/stores/delete', {
    appUser: true,
    summary: 'Delete a store (admin); refused while it holds devices or other members',
    query: MeshIdQuery,
    answer: z.boolean(),
  }),
  invite: endpoint.post('/open/app/stores/invitations', {
    appUser: true,
    summary: 'Create an invitation code (admin), optionally sent to an e-mail address',
    body: InvitationCreate,
    answer: Invitation,
  }),
  join: endpoint.post('/open/app/stores/join', {
    appUser: true,
    rateLimit: 20,
    summary: 'Join a store with an invitation code',
    body: JoinBody,
    answer: AppStore,
  }),
  leave: endpoint.post('/open/app/stores/leave', {
    appUser: true,
    summary: 'Leave a store (members; the admin transfers first)',
    body: MeshIdQuery,
    answer: z.boolean(),
  }),
  removeMember: endpoint.post('/open/app/stores/members/remove', { appUser: true, summary: 'Remove a member (admin)', body: MemberBody, answer: z.boolean() }),
  transferAdmin: endpoint.post('/open/app/stores/transfer-admin', {
    appUser: true,
    summary: 'Make a member the admin; the old admin leaves the store',
    body: MemberBody,
    answer: z.boolean(),
  }),
  createGroup: endpoint.post('/open/app/groups', {
    appUser: true,
    summary: 'Create a lighting group; the server allocates its group code',
    body: GroupCreate,
    answer: AppLightingGroup,
  }),
  renameGroup: endpoint.put('/open/app/groups/rename', { appUser: true, summary: 'Rename a lighting group', body: GroupRename, answer: z.boolean() }),
  groupLuminaires: endpoint.post('/open/app/groups/luminaires', {
    appUser: true,
    summary: 'Add luminaires to a group and take others out',
    body: GroupLuminaires,
    answer: AppLightingGroup,
  }),
  dissolveGroup: endpoint.delete('/open/app/groups/dissolve', {
    appUser: true,
    summary: 'Dissolve a lighting group; refused while it holds luminaires',
    query: GroupQuery,
    answer: z.boolean(),
  }),
  addDevice: endpoint.post('/open/app/devices', {
    appUser: true,
    summary: 'Provision a luminaire, gateway or sensor into a store',
    body: DeviceCreate,
    answer: AppStoreDevice,
  }),
  resetDevice: endpoint.delete('/open/app/devices/reset', {
    appUser: true,
    summary: 'Remove (reset) a device from a store',
    query: DeviceQuery,
    answer: z.boolean(),
  }),
};
