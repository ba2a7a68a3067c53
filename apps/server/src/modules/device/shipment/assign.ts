import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { lockStore, recordStoreEvent, storeDevices, stores } from '../../store';
import { PLATFORM_TENANT, tenants } from '../../system';
import { shipmentDevices, shipments } from './schema';

/**
 * docs/devices.md "Stores follow their shipments": when store devices come online for the first
 * time, a store still on the platform whose device was shipped to an agent becomes that agent's
 * store. Runs inside the caller's transaction (the ingest's), with the time it gives; the store's
 * history records it as done by the staff member who recorded the shipment. A store already
 * handed to an agent keeps its agent. Answers the stores it assigned.
 */
export async function assignStoresOfShippedDevices(tx: Database, storeDeviceIds: number[], now = new Date()): Promise<{ storeId: number; agentId: number }[]> {
  if (!storeDeviceIds.length) return [];
  const candidates = await tx
    .selectDistinctOn([stores.id], {
      storeId: stores.id,
      agentId: sql<number>`${shipments.agentId}`,
      shipmentId: shipments.id,
      batchNo: shipments.batchNo,
      recordedBy: shipments.createdBy,
    })
    .from(storeDevices)
    .innerJoin(stores, eq(stores.id, storeDevices.storeId))
    .innerJoin(tenants, and(eq(tenants.id, stores.tenantId), eq(tenants.code, PLATFORM_TENANT)))
    .innerJoin(shipmentDevices, and(sql`${shipmentDevices.uuid} <> ''`, eq(shipmentDevices.uuid, storeDevices.uuid)))
    .innerJoin(shipments, eq(shipments.id, shipmentDevices.shipmentId))
    .where(and(inArray(storeDevices.id, storeDeviceIds), sql`${shipments.agentId} is not null`))
    // Devices of two agents' shipments in one store: the earliest shipment decides.
    .orderBy(stores.id, shipments.shipDate, shipments.id);

  const assigned: { storeId: number; agentId: number }[] = [];
  for (const c of candidates) {
    await lockStore(tx, c.storeId);
    // Checked again under the lock: someone may have assigned the store meanwhile.
    const [moved] = await tx
      .update(stores)
      .set({ tenantId: c.agentId, updatedAt: now })
      .where(and(eq(stores.id, c.storeId), sql`${stores.tenantId} = (select id from tenants where code = ${PLATFORM_TENANT})`))
      .returning({ id: stores.id });
    if (!moved) continue;
    await recordStoreEvent(tx, now, c.storeId, { kind: 'staff', id: c.recordedBy }, 'assigned-to-agent', {
      tenantId: c.agentId,
      shipmentId: c.shipmentId,
      batchNo: c.batchNo,
    });
    assigned.push({ storeId: c.storeId, agentId: c.agentId });
  }
  return assigned;
}
