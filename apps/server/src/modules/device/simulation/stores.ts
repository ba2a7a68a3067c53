import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { storeDevices, stores } from '../../store';
import { findDevice, type KnownDevice } from '../directory';
import { iotDevices, iotProducts } from '../schema';
import { sensorRole, type SimulatedStore } from './store-reports';

export interface StoreWithGateway extends SimulatedStore {
  sender: KnownDevice;
}

/** Every store with a gateway registered in the cloud, as the simulation plays it. */
export async function simulatedStores(db: Database): Promise<StoreWithGateway[]> {
  const gateways = await db
    .select({
      storeId: iotDevices.storeId,
      productKey: iotProducts.productKey,
      deviceName: iotDevices.deviceName,
      meshId: stores.meshId,
      timezone: stores.timezone,
    })
    .from(iotDevices)
    .innerJoin(iotProducts, eq(iotProducts.id, iotDevices.productId))
    .innerJoin(stores, eq(stores.id, iotDevices.storeId))
    .where(and(isNotNull(iotDevices.storeDeviceId), eq(iotDevices.enabled, true)))
    .orderBy(stores.id);
  const result: StoreWithGateway[] = [];
  for (const g of gateways) {
    const devices = await db
      .select({ uuid: storeDevices.uuid, kind: storeDevices.kind, name: storeDevices.name })
      .from(storeDevices)
      .where(eq(storeDevices.storeId, g.storeId!))
      .orderBy(storeDevices.id);
    const sensors = devices.filter((d) => d.kind === 'sensor');
    const sender = await findDevice(db, g.productKey, g.deviceName);
    if (!sender) continue;
    result.push({
      sender,
      meshId: g.meshId,
      timezone: g.timezone,
      gateway: g.deviceName,
      luminaires: devices.filter((d) => d.kind === 'luminaire').map((d) => d.uuid),
      counters: sensors.filter((s) => sensorRole(s.name) === 'counter').map((s) => s.uuid),
      zones: sensors.filter((s) => sensorRole(s.name) === 'zone').map((s) => s.uuid),
      heatmaps: sensors.filter((s) => sensorRole(s.name) === 'heatmap').map((s) => s.uuid),
    });
  }
  return result;
}
