import {
  appGatewayCredentials,
  DictType,
  hasAnyPermi,
  iotDeviceApi,
  LIVE_STATUS_LIMIT,
  LIVE_STATUS_PERMISSIONS,
  liveStatusApi,
  ResultCode,
  type IotDeviceCredentials,
} from '@lightdesk/contract';
import { and, desc, eq, gt, asc, sql, type SQL } from 'drizzle-orm';
import type { AppContext, Session } from '../../../lib/context';
import { AppError, forbidden, notFound, refusal } from '../../../lib/errors';
import { contains, equals } from '../../../lib/filters';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { appUserOf, membership, storeDevices, stores } from '../../store';
import { credentialsChanged } from '../link';
import { findDevice, gatewayProductId, registerDevice, type KnownDevice } from '../directory';
import { deviceStatusChanges, iotDevices, iotProducts } from '../schema';
import { markGatewayOffline } from '../status/liveness';
import { column, dateColumn, dictColumn } from '../../../lib/excel';

/** Platform staff see every device; an agent's staff their own tenant's. */
const tenancyOf = (session: Session, column: typeof iotDevices.tenantId | typeof deviceStatusChanges.tenantId): SQL | undefined =>
  session.tenantType === 'platform' ? undefined : eq(column, session.tenantId);

// Drizzle leaves out the table name in queries without joins, so subqueries name the outer row in full.
const productField = (field: 'name' | 'product_key' | 'node_type') =>
  sql<string>`(select p.${sql.identifier(field)} from iot_products p where p.id = "iot_devices"."product_id")`;
const storeField = (field: 'mesh_id' | 'name') => sql<string | null>`(select s.${sql.identifier(field)} from stores s where s.id = "iot_devices"."store_id")`;

const columns = {
  id: iotDevices.id,
  tenantId: iotDevices.tenantId,
  productId: iotDevices.productId,
  productName: productField('name').as('product_name'),
  productKey: productField('product_key').as('product_key'),
  nodeType: sql<'direct' | 'gateway' | 'sub-device'>`${productField('node_type')}`.as('node_type'),
  deviceName: iotDevices.deviceName,
  storeId: iotDevices.storeId,
  meshId: storeField('mesh_id').as('mesh_id'),
  storeName: storeField('name').as('store_name'),
  enabled: iotDevices.enabled,
  online: iotDevices.online,
  lastSeenAt: iotDevices.lastSeenAt,
  lastOnlineAt: iotDevices.lastOnlineAt,
  secretGeneration: iotDevices.secretGeneration,
  createdAt: iotDevices.createdAt,
};
type DeviceRow = RowOf<typeof columns>;

/** How many transitions the detail shows. */
const HISTORY = 100;

const credentialsOf = (device: KnownDevice, generation: number): IotDeviceCredentials => ({
  id: device.id,
  productKey: device.productKey,
  deviceName: device.deviceName,
  deviceSecret: device.secret,
  secretGeneration: generation,
});

async function generationOf(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select({ generation: iotDevices.secretGeneration }).from(iotDevices).where(eq(iotDevices.id, id));
  return row!.generation;
}

export default defineRoutes((r, ctx) => {
  const { db } = ctx;
  const { page, get, exportExcel } = iotDeviceApi;

  resourceRoutes(r, ctx, {
    api: { page, get, exportExcel },
    table: iotDevices,
    id: iotDevices.id,
    tenancy: { scope: (session) => tenancyOf(session, iotDevices.tenantId) },
    columns,
    filters: (q) => [
      contains(iotDevices.deviceName, q.deviceName),
      equals(iotDevices.productId, q.productId),
      equals(iotDevices.online, q.online),
      equals(iotDevices.enabled, q.enabled),
      q.store
        ? sql`exists (select 1 from stores fs where fs.id = "iot_devices"."store_id" and (${contains(sql`fs.name`, q.store)} or ${contains(sql`fs.mesh_id`, q.store)}))`
        : undefined,
    ],
    sortable: { deviceName: iotDevices.deviceName, lastSeenAt: iotDevices.lastSeenAt, createdAt: iotDevices.createdAt },
    defaultSort: [desc(iotDevices.createdAt), desc(iotDevices.id)],
    detail: async ({ db }, row: DeviceRow) => {
      const [live] = await db
        .select({ shadow: iotDevices.shadow, shadowUpdatedAt: iotDevices.shadowUpdatedAt })
        .from(iotDevices)
        .where(eq(iotDevices.id, row.id));
      const history = await db
        .select({
          id: deviceStatusChanges.id,
          online: deviceStatusChanges.online,
          at: deviceStatusChanges.at,
          reason: deviceStatusChanges.reason,
          previousMs: deviceStatusChanges.previousMs,
        })
        .from(deviceStatusChanges)
        .where(eq(deviceStatusChanges.iotDeviceId, row.id))
        .orderBy(desc(deviceStatusChanges.at), desc(deviceStatusChanges.id))
        .limit(HISTORY);
      return { ...row, shadow: live!.shadow, shadowUpdatedAt: live!.shadowUpdatedAt, history };
    },
    excel: {
      file: 'devices',
      columns: [
        column<DeviceRow>('deviceName', 'device:iotDevice.field.deviceName'),
        column<DeviceRow>('productName', 'device:iotDevice.field.product'),
        column<DeviceRow>('productKey', 'device:iotDevice.field.productKey'),
        column<DeviceRow>('meshId', 'device:iotDevice.field.meshId'),
        column<DeviceRow>('storeName', 'device:iotDevice.field.store'),
        dictColumn<DeviceRow>('online', 'device:iotDevice.field.status', DictType.deviceStatus, { entry: (d) => (d.online ? 'online' : 'offline') }),
        // The list's switch: enabled or disabled, as a status.
        dictColumn<DeviceRow>('enabled', 'device:iotDevice.field.enabled', DictType.commonStatus, { entry: (d) => (d.enabled ? 0 : 1) }),
        dateColumn<DeviceRow>('lastSeenAt', 'device:iotDevice.field.lastSeenAt'),
        dateColumn<DeviceRow>('lastOnlineAt', 'device:iotDevice.field.lastOnlineAt'),
        dateColumn<DeviceRow>('createdAt', 'device:iotDevice.field.createdAt'),
      ],
    },
  });

  /** A device the caller may act on, or not found. */
  const visibleDevice = async (session: Session, id: number) => {
    const [device] = await db
      .select({ id: iotDevices.id, productKey: iotProducts.productKey, deviceName: iotDevices.deviceName, enabled: iotDevices.enabled })
      .from(iotDevices)
      .innerJoin(iotProducts, eq(iotProducts.id, iotDevices.productId))
      .where(and(eq(iotDevices.id, id), tenancyOf(session, iotDevices.tenantId)));
    if (!device) throw notFound();
    return device;
  };

  r.endpoint(iotDeviceApi.create, async ({ session, body }) => {
    const [product] = await db.select({ id: iotProducts.id }).from(iotProducts).where(eq(iotProducts.id, body.productId));
    if (!product) throw new AppError(ResultCode.badInput, 'device.product-unknown', { field: 'productId' });
    let store: { id: number; tenantId: number } | undefined;
    if (body.meshId) {
      [store] = await db
        .select({ id: stores.id, tenantId: stores.tenantId })
        .from(stores)
        .where(and(eq(stores.meshId, body.meshId), session.tenantType === 'platform' ? undefined : eq(stores.tenantId, session.tenantId)));
      if (!store) throw new AppError(ResultCode.badInput, 'device.store-unknown', { field: 'meshId', meshId: body.meshId });
    }
    // Registering an existing name would give that device a new secret: a name is taken once per product.
    const [clash] = await db
      .select({ id: iotDevices.id })
      .from(iotDevices)
      .where(and(eq(iotDevices.productId, product.id), eq(iotDevices.deviceName, body.deviceName)));
    if (clash) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: 'deviceName' });
    const device = await registerDevice(db, {
      productId: product.id,
      deviceName: body.deviceName,
      tenantId: store?.tenantId ?? session.tenantId,
      storeId: store?.id ?? null,
      createdBy: session.userId,
    });
    return credentialsOf(device, await generationOf(ctx, device.id));
  });

  r.endpoint(iotDeviceApi.rotateSecret, async ({ session, body }) => {
    const found = await visibleDevice(session, body.id);
    const [row] = await db
      .update(iotDevices)
      .set({ secretGeneration: sql`${iotDevices.secretGeneration} + 1` })
      .where(and(eq(iotDevices.id, found.id), tenancyOf(session, iotDevices.tenantId)))
      .returning({ generation: iotDevices.secretGeneration });
    if (!row) throw notFound();
    const device = (await findDevice(db, found.productKey, found.deviceName))!;
    await credentialsChanged(ctx, device.id);
    return credentialsOf(device, row.generation);
  });

  r.endpoint(iotDeviceApi.setEnabled, async ({ session, body }) => {
    const found = await visibleDevice(session, body.id);
    await db.update(iotDevices).set({ enabled: body.enabled }).where(eq(iotDevices.id, found.id));
    // A disabled device can send nothing more: it is offline from now, and so is what stood behind it.
    if (!body.enabled) await markGatewayOffline(db, found.id, ctx.clock.now(), 'disabled');
    await credentialsChanged(ctx, found.id);
    return true as const;
  });

  r.endpoint(iotDeviceApi.delete, async ({ session, query }) => {
    const found = await visibleDevice(session, query.id);
    // Only a disabled device goes: one still connecting would lose its history under its feet.
    if (found.enabled) throw refusal('device.disable-first');
    const deleted = await db
      .delete(iotDevices)
      .where(and(eq(iotDevices.id, found.id), eq(iotDevices.enabled, false)))
      .returning({ id: iotDevices.id });
    if (!deleted.length) throw refusal('device.disable-first');
    await credentialsChanged(ctx, found.id);
    return true as const;
  });

  r.endpoint(iotDeviceApi.products, () =>
    db
      .select({ id: iotProducts.id, name: iotProducts.name, productKey: iotProducts.productKey, nodeType: iotProducts.nodeType })
      .from(iotProducts)
      .orderBy(asc(iotProducts.name)),
  );

  r.endpoint(liveStatusApi, async ({ session, query }) => {
    if (!hasAnyPermi(session.permissions, LIVE_STATUS_PERMISSIONS)) throw forbidden();
    const scope = tenancyOf(session, deviceStatusChanges.tenantId);
    if (query.after === undefined) {
      const [newest] = await db
        .select({ id: sql<number>`coalesce(max(${deviceStatusChanges.id}), 0)` })
        .from(deviceStatusChanges)
        .where(scope);
      return { changes: [], cursor: Number(newest?.id ?? 0) };
    }
    const changes = await db
      .select({
        id: deviceStatusChanges.id,
        storeId: deviceStatusChanges.storeId,
        storeDeviceId: deviceStatusChanges.storeDeviceId,
        iotDeviceId: deviceStatusChanges.iotDeviceId,
        online: deviceStatusChanges.online,
        at: deviceStatusChanges.at,
      })
      .from(deviceStatusChanges)
      .where(and(gt(deviceStatusChanges.id, query.after), scope))
      .orderBy(asc(deviceStatusChanges.id))
      .limit(LIVE_STATUS_LIMIT);
    return { changes, cursor: changes.at(-1)?.id ?? query.after };
  });

  r.endpoint(appGatewayCredentials, async ({ caller, params }) => {
    const { store } = await membership(ctx, appUserOf(caller).appUserId, params.meshId, 'admin');
    const [gateway] = await db
      .select({ id: storeDevices.id })
      .from(storeDevices)
      .where(and(eq(storeDevices.storeId, store.id), eq(storeDevices.uuid, params.uuid), eq(storeDevices.kind, 'gateway')));
    if (!gateway) throw new AppError(ResultCode.notFound, 'store.device-unknown', { uuid: params.uuid });
    const device = await registerDevice(db, {
      productId: await gatewayProductId(db),
      deviceName: params.uuid,
      tenantId: store.tenantId,
      storeId: store.id,
      storeDeviceId: gateway.id,
    });
    return { productKey: device.productKey, deviceName: device.deviceName, deviceSecret: device.secret };
  });
});
