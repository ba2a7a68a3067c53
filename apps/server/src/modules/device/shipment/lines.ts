import { ResultCode, type ShipmentDeviceLine } from '@lightdesk/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { AppError, badInput } from '../../../lib/errors';
import { areas, tenants } from '../../system';
import { shipmentDevices, shipments } from './schema';

export const isPlatform = (session: Session) => session.tenantType === 'platform';

/** The shipments the caller sees: every one for platform staff, their own agent's for an agent's staff. */
export const shipmentScope = (session: Session) => (isPlatform(session) ? undefined : eq(shipments.agentId, session.tenantId));

/** The country must be one of the areas list's countries, as a store's is. */
export async function assertCountry(db: Database, code: string, field = 'countryCode') {
  const [area] = await db
    .select({ code: areas.code })
    .from(areas)
    .where(and(eq(areas.code, code), eq(areas.type, 'country')));
  if (!area) throw badInput(field, 'must be a country of the areas list');
}

/** A shipment's agent must be an agent (not the platform's own tenant). */
export async function assertAgent(db: Database, agentId: number | null) {
  if (agentId === null) return;
  const [agent] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, agentId), eq(tenants.type, 'agent')));
  if (!agent) throw new AppError(ResultCode.badInput, 'common.reference-not-found', { field: 'agentId' });
}

/** Trimmed lines, the same uuid or code given twice in one list being one mistake to name. */
export const lineKey = (line: ShipmentDeviceLine) => (line.uuid ? `u:${line.uuid.toLowerCase()}` : `c:${line.deviceCode}`);

/** The uuids among `uuids` another shipment than `shipmentId` already lists. */
export async function uuidsShippedElsewhere(db: Database, uuids: string[], shipmentId?: number): Promise<Set<string>> {
  if (!uuids.length) return new Set();
  const rows = await db
    .select({ uuid: shipmentDevices.uuid })
    .from(shipmentDevices)
    .where(and(inArray(shipmentDevices.uuid, uuids), shipmentId ? ne(shipmentDevices.shipmentId, shipmentId) : undefined));
  return new Set(rows.map((r) => r.uuid));
}

/**
 * Refuses a device list naming one device twice (400) or a uuid another shipment holds (409),
 * naming the line (`devices[3].uuid`).
 */
export async function checkLines(db: Database, lines: ShipmentDeviceLine[], shipmentId?: number) {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const key = lineKey(line);
    if (seen.has(key)) throw badInput(`devices[${i}].${line.uuid ? 'uuid' : 'deviceCode'}`, 'is listed twice');
    seen.add(key);
  });
  const taken = await uuidsShippedElsewhere(db, lines.map((l) => l.uuid).filter(Boolean), shipmentId);
  const first = lines.findIndex((l) => taken.has(l.uuid));
  if (first >= 0) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: `devices[${first}].uuid` });
}

/**
 * Makes the shipment list exactly `lines`: lines kept keep their ids (corrections refer to
 * them), lines gone are deleted, new ones added.
 */
export async function writeLines(tx: Database, shipmentId: number, lines: ShipmentDeviceLine[]) {
  const existing = await tx
    .select({ id: shipmentDevices.id, uuid: shipmentDevices.uuid, deviceCode: shipmentDevices.deviceCode })
    .from(shipmentDevices)
    .where(eq(shipmentDevices.shipmentId, shipmentId));
  const wanted = new Map(lines.map((l) => [`${l.uuid}\u0000${l.deviceCode}`, l]));
  const gone = existing.filter((e) => !wanted.delete(`${e.uuid}\u0000${e.deviceCode}`)).map((e) => e.id);
  if (gone.length) await tx.delete(shipmentDevices).where(inArray(shipmentDevices.id, gone));
  const added = [...wanted.values()];
  // In slices: one statement's parameters are limited (65535 in PostgreSQL).
  for (let i = 0; i < added.length; i += 1000) {
    await tx.insert(shipmentDevices).values(added.slice(i, i + 1000).map((l) => ({ shipmentId, uuid: l.uuid, deviceCode: l.deviceCode })));
  }
}
