import { z } from 'zod';
import { DateFrom, DateTime, DateTo, Id, ListQuery, QueryBoolean, TextFilter } from '../common';
import { resourceEndpoints } from '../resource';
import { CountryFilter } from './console-stores';

/** The device registry as the app provisioned it, with the live state the devices area keeps from the reports. */
export const StoreDeviceQuery = ListQuery.extend({
  deviceName: TextFilter,
  uuid: TextFilter,
  model: TextFilter,
  meshId: TextFilter,
  countryCode: CountryFilter,
  online: QueryBoolean.optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type StoreDeviceQuery = z.infer<typeof StoreDeviceQuery>;

export const StoreDevice = z.object({
  id: Id,
  kind: z.enum(['luminaire', 'gateway', 'sensor']),
  deviceName: z.string(),
  uuid: z.string(),
  deviceCode: z.string(),
  model: z.string(),
  meshAddress: z.number().int().nullable(),
  firmwareVersion: z.string(),
  meshId: z.string(),
  meshName: z.string(),
  groupName: z.string().nullable(),
  countryCode: z.string(),
  /** The store's address: a device is where its store is. */
  address: z.string(),
  createDate: DateTime,
  online: z.boolean(),
  /** When it last reported; null until it ever has. */
  lastSeenAt: DateTime.nullable(),
});
export type StoreDevice = z.infer<typeof StoreDevice>;

const devices = (base: string, name: string) =>
  resourceEndpoints(base, 'device:luminaire', { name, query: StoreDeviceQuery, row: StoreDevice, excel: true, get: false });
/** AI lights. */
export const luminaireApi = devices('/api/device/luminaire', 'luminaire');
/** Gateways and sensors share the Luminaires screen's permissions: one registry, two tabs. */
export const gatewayApi = devices('/api/device/gateway', 'gateway or sensor');

export const MobileDeviceQuery = ListQuery.extend({
  email: TextFilter,
  model: TextFilter,
  platform: z.enum(['ios', 'android']).optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type MobileDeviceQuery = z.infer<typeof MobileDeviceQuery>;
export const MobileDevice = z.object({
  id: Id,
  appUserId: Id,
  email: z.string(),
  nickname: z.string(),
  platform: z.enum(['ios', 'android']),
  model: z.string(),
  osVersion: z.string(),
  appVersion: z.string(),
  lastActiveAt: DateTime,
  createDate: DateTime,
});
export type MobileDevice = z.infer<typeof MobileDevice>;
export const mobileDeviceApi = resourceEndpoints('/api/device/mobile', 'device:mobile', {
  name: 'mobile device',
  query: MobileDeviceQuery,
  row: MobileDevice,
  excel: true,
  get: false,
});
