import { DictType, gatewayApi, luminaireApi, mobileDeviceApi } from '@lightdesk/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes, type RouteBuilder } from '../../../lib/routes';
import type { AppContext } from '../../../lib/context';
import { mobileDevices, storeDevices } from '../schema';
import { appUserField, inVisibleStore, outer, visibleAppUser } from './scope';
import { contains, equals, within } from '../../../lib/filters';
import { column, countryColumn, dateColumn, dictColumn, labelColumn } from '../../../lib/excel';

/** A field of the device's store (a device is where its store is), as a scalar subquery. */
const storeField = (field: 'mesh_id' | 'name' | 'country_code' | 'address') =>
  sql<string>`(select ds.${sql.identifier(field)} from stores ds where ds.id = ${outer(storeDevices.storeId)})`;

const columns = {
  id: storeDevices.id,
  kind: storeDevices.kind,
  deviceName: storeDevices.name,
  uuid: storeDevices.uuid,
  deviceCode: storeDevices.deviceCode,
  model: storeDevices.model,
  meshAddress: storeDevices.meshAddress,
  firmwareVersion: storeDevices.firmwareVersion,
  meshId: storeField('mesh_id').as('mesh_id'),
  meshName: storeField('name').as('mesh_name'),
  groupName: sql<string | null>`(select g.name from lighting_groups g where g.id = ${outer(storeDevices.groupId)})`.as('group_name'),
  countryCode: storeField('country_code').as('country_code'),
  address: storeField('address').as('address'),
  createDate: storeDevices.createdAt,
  // Kept up to date by the devices area from the reports and the offline sweep.
  online: storeDevices.online,
  lastSeenAt: storeDevices.lastSeenAt,
};
type DeviceRow = RowOf<typeof columns>;

type Kind = DeviceRow['kind'];

/** One registry, listed per screen (both lists share one contract shape): the kinds decide which devices a list holds. */
function deviceRoutes(r: RouteBuilder, ctx: AppContext, api: typeof luminaireApi, kinds: Kind[], file: string) {
  resourceRoutes(r, ctx, {
    api,
    table: storeDevices,
    id: storeDevices.id,
    tenancy: { scope: (session) => and(inArray(storeDevices.kind, kinds), inVisibleStore(session, storeDevices.storeId)) },
    columns,
    filters: (q) => [
      contains(storeDevices.name, q.deviceName),
      contains(storeDevices.uuid, q.uuid),
      contains(storeDevices.model, q.model),
      contains(storeField('mesh_id'), q.meshId),
      q.countryCode ? eq(storeField('country_code'), q.countryCode) : undefined,
      equals(storeDevices.online, q.online),
      ...within(storeDevices.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: {
      deviceName: storeDevices.name,
      uuid: storeDevices.uuid,
      model: storeDevices.model,
      firmwareVersion: storeDevices.firmwareVersion,
      createDate: storeDevices.createdAt,
      // Oldest first lists the devices silent longest (the workbench's offline list); never-seen ones come last.
      lastSeenAt: storeDevices.lastSeenAt,
    },
    defaultSort: [desc(storeDevices.createdAt), desc(storeDevices.id)],
    excel: {
      file,
      columns: [
        column<DeviceRow>('deviceName', 'store:device.field.deviceName'),
        labelColumn<DeviceRow>('kind', 'store:mesh.field.kind', (d) => `store:mesh.kind.${d.kind}`),
        column<DeviceRow>('uuid', 'store:device.field.uuid'),
        column<DeviceRow>('deviceCode', 'store:device.field.deviceCode'),
        column<DeviceRow>('model', 'store:device.field.model'),
        column<DeviceRow>('meshId', 'store:device.field.meshId'),
        column<DeviceRow>('groupName', 'store:device.field.group'),
        countryColumn<DeviceRow>('countryCode', 'store:device.field.country'),
        column<DeviceRow>('address', 'store:device.field.address'),
        column<DeviceRow>('firmwareVersion', 'store:device.field.firmwareVersion'),
        dictColumn<DeviceRow>('online', 'store:device.field.online', DictType.deviceStatus, { entry: (d) => (d.online ? 'online' : 'offline') }),
        dateColumn<DeviceRow>('lastSeenAt', 'store:device.field.lastSeenAt'),
        dateColumn<DeviceRow>('createDate', 'store:device.field.createDate'),
      ],
    },
  });
}

const phoneColumns = {
  id: mobileDevices.id,
  appUserId: mobileDevices.appUserId,
  email: appUserField(mobileDevices.appUserId, 'email').as('email'),
  nickname: appUserField(mobileDevices.appUserId, 'nickname').as('nickname'),
  platform: mobileDevices.platform,
  model: mobileDevices.model,
  osVersion: mobileDevices.osVersion,
  appVersion: mobileDevices.appVersion,
  lastActiveAt: mobileDevices.lastActiveAt,
  createDate: mobileDevices.createdAt,
};
type PhoneRow = RowOf<typeof phoneColumns>;

export default defineRoutes((r, ctx) => {
  deviceRoutes(r, ctx, luminaireApi, ['luminaire'], 'luminaires');
  deviceRoutes(r, ctx, gatewayApi, ['gateway', 'sensor'], 'gateways');
  resourceRoutes(r, ctx, {
    api: mobileDeviceApi,
    table: mobileDevices,
    id: mobileDevices.id,
    tenancy: { scope: (session) => visibleAppUser(session, mobileDevices.appUserId) },
    columns: phoneColumns,
    filters: (q) => [
      contains(appUserField(mobileDevices.appUserId, 'email'), q.email),
      contains(mobileDevices.model, q.model),
      q.platform ? eq(mobileDevices.platform, q.platform) : undefined,
      ...within(mobileDevices.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { model: mobileDevices.model, lastActiveAt: mobileDevices.lastActiveAt, createDate: mobileDevices.createdAt },
    defaultSort: [desc(mobileDevices.lastActiveAt), desc(mobileDevices.id)],
    excel: {
      file: 'mobile-devices',
      columns: [
        column<PhoneRow>('email', 'store:device.mobile.email'),
        column<PhoneRow>('nickname', 'store:device.mobile.nickname'),
        labelColumn<PhoneRow>('platform', 'store:device.mobile.platform', (p) => `store:device.platform.${p.platform}`),
        column<PhoneRow>('model', 'store:device.mobile.model'),
        column<PhoneRow>('osVersion', 'store:device.mobile.osVersion'),
        column<PhoneRow>('appVersion', 'store:device.mobile.appVersion'),
        dateColumn<PhoneRow>('lastActiveAt', 'store:device.mobile.lastActiveAt'),
        dateColumn<PhoneRow>('createDate', 'store:device.mobile.createDate'),
      ],
    },
  });
});
