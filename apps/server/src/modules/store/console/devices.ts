import { gatewayApi, luminaireApi, mobileDeviceApi } from '@lightdesk/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes, type RouteBuilder } from '../../../lib/routes';
import type { AppContext } from '../../../lib/context';
import { mobileDevices, storeDevices } from '../schema';
import { appUserField, inVisibleStore, outer, visibleAppUser } from './scope';
import { contains, equals, within } from '../../../lib/filters';

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
        { key: 'deviceName', header: { zh: '设备名称', en: 'Device' }, value: (d: DeviceRow) => d.deviceName },
        { key: 'kind', header: { zh: '类型', en: 'Kind' }, value: (d: DeviceRow) => d.kind },
        { key: 'uuid', header: { zh: 'UUID', en: 'UUID' }, value: (d: DeviceRow) => d.uuid },
        { key: 'deviceCode', header: { zh: '设备编码', en: 'Device code' }, value: (d: DeviceRow) => d.deviceCode },
        { key: 'model', header: { zh: '型号', en: 'Model' }, value: (d: DeviceRow) => d.model },
        { key: 'meshId', header: { zh: '门店编号', en: 'Mesh id' }, value: (d: DeviceRow) => d.meshId },
        { key: 'groupName', header: { zh: '分组', en: 'Group' }, value: (d: DeviceRow) => d.groupName ?? '' },
        { key: 'countryCode', header: { zh: '国家', en: 'Country' }, value: (d: DeviceRow) => d.countryCode },
        { key: 'address', header: { zh: '地址', en: 'Address' }, value: (d: DeviceRow) => d.address },
        { key: 'firmwareVersion', header: { zh: '固件版本', en: 'Firmware' }, value: (d: DeviceRow) => d.firmwareVersion },
        { key: 'online', header: { zh: '在线', en: 'Online' }, value: (d: DeviceRow) => d.online },
        { key: 'lastSeenAt', header: { zh: '最近上报', en: 'Last seen' }, value: (d: DeviceRow) => d.lastSeenAt },
        { key: 'createDate', header: { zh: '创建时间', en: 'Created' }, value: (d: DeviceRow) => d.createDate },
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
        { key: 'email', header: { zh: '用户邮箱', en: 'User e-mail' }, value: (p: PhoneRow) => p.email },
        { key: 'nickname', header: { zh: '昵称', en: 'Nickname' }, value: (p: PhoneRow) => p.nickname },
        { key: 'platform', header: { zh: '平台', en: 'Platform' }, value: (p: PhoneRow) => p.platform },
        { key: 'model', header: { zh: '机型', en: 'Model' }, value: (p: PhoneRow) => p.model },
        { key: 'osVersion', header: { zh: '系统版本', en: 'OS version' }, value: (p: PhoneRow) => p.osVersion },
        { key: 'appVersion', header: { zh: 'App 版本', en: 'App version' }, value: (p: PhoneRow) => p.appVersion },
        { key: 'lastActiveAt', header: { zh: '最近活跃', en: 'Last active' }, value: (p: PhoneRow) => p.lastActiveAt },
        { key: 'createDate', header: { zh: '创建时间', en: 'Created' }, value: (p: PhoneRow) => p.createDate },
      ],
    },
  });
});
