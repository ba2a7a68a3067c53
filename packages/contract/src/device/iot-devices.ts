import { z } from 'zod';
import { DateTime, Id, Int32, ListQuery, QueryBoolean, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';
import { secret } from '../secret';
import { NodeType } from './products';

/**
 * Cloud IoT devices: gateways and directly connected devices, each of a product. Their secrets
 * are derived, never stored: the create, rotate and app provisioning answers are the only
 * places a secret is ever shown.
 */

/** How a device names itself after its product key (`{productKey}/{deviceName}`). */
export const DEVICE_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

export const IotDeviceQuery = ListQuery.extend({
  deviceName: TextFilter,
  productId: Id.optional(),
  online: QueryBoolean.optional(),
  enabled: QueryBoolean.optional(),
  /** The store's name or mesh id. */
  store: TextFilter,
});
export type IotDeviceQuery = z.infer<typeof IotDeviceQuery>;

export const IotDevice = z.object({
  id: Id,
  tenantId: Id,
  productId: Id,
  productName: z.string(),
  productKey: z.string(),
  nodeType: NodeType,
  deviceName: z.string(),
  storeId: Id.nullable(),
  meshId: z.string().nullable(),
  storeName: z.string().nullable(),
  enabled: z.boolean(),
  online: z.boolean(),
  lastSeenAt: DateTime.nullable(),
  /** When it last came online. */
  lastOnlineAt: DateTime.nullable(),
  /** Bumped by every new secret: the old secrets stop working. */
  secretGeneration: z.number().int(),
  createdAt: DateTime,
});
export type IotDevice = z.infer<typeof IotDevice>;

/** One online/offline transition; `previousMs` is how long the state it ended had lasted. */
export const DeviceStatusChange = z.object({
  id: z.number().int(),
  online: z.boolean(),
  at: DateTime,
  reason: z.string(),
  previousMs: z.number().int().nullable(),
});
export type DeviceStatusChange = z.infer<typeof DeviceStatusChange>;

/** The detail: the row, its shadow (the latest reported value of each property) and its latest transitions, newest first. */
export const IotDeviceDetail = IotDevice.extend({
  shadow: z.record(z.string(), z.unknown()),
  shadowUpdatedAt: DateTime.nullable(),
  history: z.array(DeviceStatusChange),
});
export type IotDeviceDetail = z.infer<typeof IotDeviceDetail>;

export const IotDeviceCreate = z.object({
  productId: Id,
  deviceName: z.string().trim().regex(DEVICE_NAME, 'form.deviceName'),
  /** A store of the caller's tenant the device belongs to; empty for none. */
  meshId: Text(64).default(''),
});
export type IotDeviceCreate = z.infer<typeof IotDeviceCreate>;

/** What a device needs to connect; answered once, when made. */
export const DeviceCredentials = z.object({
  productKey: z.string(),
  deviceName: z.string(),
  deviceSecret: secret(z.string()),
});
export type DeviceCredentials = z.infer<typeof DeviceCredentials>;
export const IotDeviceCredentials = DeviceCredentials.extend({ id: Id, secretGeneration: z.number().int() });
export type IotDeviceCredentials = z.infer<typeof IotDeviceCredentials>;

export const IotDeviceEnabled = z.object({ id: Id, enabled: z.boolean() });
export type IotDeviceEnabled = z.infer<typeof IotDeviceEnabled>;

const resource = resourceEndpoints('/api/iot/device', 'iot:device', {
  name: 'device',
  query: IotDeviceQuery,
  row: IotDevice,
  detail: IotDeviceDetail,
  excel: true,
});

export const iotDeviceApi = {
  ...resource,
  create: endpoint.post('/api/iot/device/create', {
    permission: 'iot:device:create',
    body: IotDeviceCreate,
    answer: IotDeviceCredentials,
    summary: 'Register a device; its secret is answered this once',
  }),
  rotateSecret: endpoint.post('/api/iot/device/rotate-secret', {
    permission: 'iot:device:update',
    body: z.object({ id: Id }),
    answer: IotDeviceCredentials,
    summary: 'Give a device a new secret (answered this once); the old one stops working',
  }),
  setEnabled: endpoint.put('/api/iot/device/update-enabled', {
    permission: 'iot:device:update',
    body: IotDeviceEnabled,
    answer: z.literal(true),
    summary: 'Enable or disable a device; a disabled device cannot connect and goes offline',
  }),
  /** The products a device may be of, for the create form and the filter (agents' staff may not read the products themselves). */
  products: endpoint.get('/api/iot/device/products', {
    permission: 'iot:device:query',
    answer: z.array(z.object({ id: Id, name: z.string(), productKey: z.string(), nodeType: NodeType })),
    summary: 'The products a device may be of',
  }),
  delete: endpoint.delete('/api/iot/device/delete', {
    permission: 'iot:device:delete',
    query: z.object({ id: Id }),
    answer: z.literal(true),
    summary: 'Delete a disabled device',
  }),
};

/** A change of a store device or iot device, as the console's live screens patch their rows with it. */
export const LiveStatusChange = z.object({
  id: z.number().int(),
  storeId: z.number().int().nullable(),
  storeDeviceId: z.number().int().nullable(),
  iotDeviceId: z.number().int().nullable(),
  online: z.boolean(),
  at: DateTime,
});
export type LiveStatusChange = z.infer<typeof LiveStatusChange>;
export const LiveStatusQuery = z.object({ after: Int32(0).optional() });
export const LiveStatusAnswer = z.object({
  changes: z.array(LiveStatusChange),
  /** What to send as `after` next time. */
  cursor: z.number().int(),
});
export type LiveStatusAnswer = z.infer<typeof LiveStatusAnswer>;

/**
 * The online/offline changes after a cursor, oldest first, at most 500 (ask again from the new
 * cursor for more); without `after`, none and the newest cursor. For the console's device and
 * store screens: any of their list permissions, the caller's tenant only.
 */
export const liveStatusApi = endpoint.get('/api/iot/device/status-changes', {
  signedIn: true,
  query: LiveStatusQuery,
  answer: LiveStatusAnswer,
  summary: 'Online/offline changes after a cursor, for live screens',
});
export const LIVE_STATUS_PERMISSIONS = ['iot:device:query', 'store:mesh:query', 'device:luminaire:query'] as const;
export const LIVE_STATUS_LIMIT = 500;

export const GatewayCredentialsParams = z.object({ meshId: Text(64).min(1), uuid: Text(64).min(1) });
/**
 * The store admin provisions a gateway of the store into the cloud: answers the credentials it
 * connects with. Asking again gives a new secret; the old one stops working.
 */
export const appGatewayCredentials = endpoint.post('/open/app/stores/:meshId/gateways/:uuid/credentials', {
  appUser: true,
  params: GatewayCredentialsParams,
  answer: DeviceCredentials,
  summary: "Credentials of a store's gateway (a new secret every time)",
});
