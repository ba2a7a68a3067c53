import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { arrayOf, rowsOf } from '../../../lib/sql';

export interface OccupancyStep {
  /** The local hour the minute is in (`YYYY-MM-DDTHH:mm:ss`, no zone). */
  localHour: string;
  walkIns: number;
  exits: number;
  /** People inside after this minute. */
  occupancy: number;
}

/**
 * People inside a store, minute by minute since its local midnight up to `at`: walk-ins less
 * exits, running, and never below zero — a counter that missed someone coming in must not leave
 * the store with fewer than nobody for the rest of the day.
 */
export async function occupancySteps(db: Database, storeId: number, at: Date): Promise<OccupancyStep[]> {
  const rows = await rowsOf<{ local_hour: string; walk_ins: number; exits: number }>(
    db,
    sql`
    select to_char(date_trunc('hour', m.minute at time zone s.timezone), 'YYYY-MM-DD"T"HH24:MI:SS') as local_hour, m.walk_ins, m.exits
    from analytics_store_minutely m join stores s on s.id = m.store_id
    where m.store_id = ${storeId}
      and m.minute >= date_trunc('day', ${at.toISOString()}::timestamptz at time zone s.timezone) at time zone s.timezone
      and m.minute <= ${at.toISOString()}::timestamptz
      and (m.walk_ins > 0 or m.exits > 0)
    order by m.minute`,
  );
  let inside = 0;
  return rows.map((r) => {
    inside = Math.max(0, inside + Number(r.walk_ins) - Number(r.exits));
    return { localHour: r.local_hour, walkIns: Number(r.walk_ins), exits: Number(r.exits), occupancy: inside };
  });
}

export const occupancyOf = (steps: readonly OccupancyStep[]) => steps.at(-1)?.occupancy ?? 0;

/** Where `people` stands against the limits: the alert kind it raises, if any. */
export function limitCrossed(people: number | null, maxPeople: number | null, minPeople: number | null) {
  if (people === null) return undefined;
  if (maxPeople !== null && people > maxPeople) return { kind: 'above-max' as const, limit: maxPeople };
  if (minPeople !== null && people < minPeople) return { kind: 'below-min' as const, limit: minPeople };
  return undefined;
}

/**
 * Opens an alert when a zone or a store goes outside its limits and ends it when it is back:
 * at most one open alert per zone (or store) at a time, of the kind it is outside by.
 */
async function settleAlert(
  tx: Database,
  owner: { tenantId: number; storeId: number; storeDeviceId: number | null },
  crossed: ReturnType<typeof limitCrossed>,
  people: number,
  at: string,
): Promise<void> {
  const device = owner.storeDeviceId === null ? sql`store_device_id is null` : sql`store_device_id = ${owner.storeDeviceId}`;
  await tx.execute(sql`
    update analytics_people_alerts set ended_at = ${at}::timestamptz
    where store_id = ${owner.storeId} and ${device} and ended_at is null and kind is distinct from ${crossed?.kind ?? null}::text`);
  if (!crossed) return;
  await tx.execute(sql`
    insert into analytics_people_alerts (tenant_id, store_id, store_device_id, kind, people, people_limit, at)
    select ${owner.tenantId}, ${owner.storeId}, ${owner.storeDeviceId}::int, ${crossed.kind}, ${people}, ${crossed.limit}, ${at}::timestamptz
    where not exists (select 1 from analytics_people_alerts where store_id = ${owner.storeId} and ${device} and ended_at is null)`);
}

/** A zone as its latest reading left it, with the kind of its open alert if it has one. */
export interface ZoneState {
  store_device_id: number;
  tenant_id: number;
  store_id: number;
  people: number;
  at: string;
  max_people: number | null;
  min_people: number | null;
  open_kind: string | null;
}

/** The zones of `zones` (rows of `analytics_zones`, a table or the rows an upsert returned) as `ZoneState`s. */
export const zoneStatesOf = (zones: SQL) =>
  sql`select z.store_device_id, z.tenant_id, z.store_id, z.people, z.at::text as at, z.max_people, z.min_people,
        (select a.kind from analytics_people_alerts a where a.store_id = z.store_id and a.store_device_id = z.store_device_id and a.ended_at is null limit 1) as open_kind
      from ${zones} z`;

/** After new readings: the zones whose reading changed against their limits. */
export async function settleZoneAlerts(tx: Database, zones: ZoneState[]): Promise<void> {
  for (const z of zones) {
    const crossed = limitCrossed(z.people, z.max_people, z.min_people);
    // Nothing to end or open when the zone stays as its open alert (or its lack of one) says: most readings.
    if ((crossed?.kind ?? null) === z.open_kind) continue;
    await settleAlert(tx, { tenantId: z.tenant_id, storeId: z.store_id, storeDeviceId: z.store_device_id }, crossed, z.people, z.at);
  }
}

/** After walk-ins and exits: the stores whose occupancy moved against their limits. */
export async function checkStoreLimits(tx: Database, storeIds: number[]): Promise<void> {
  const limited = await rowsOf<{ store_id: number; tenant_id: number; max_people: number | null; min_people: number | null; latest: string | Date }>(
    tx,
    sql`select l.store_id, l.tenant_id, l.max_people, l.min_people, (select max(minute) from analytics_store_minutely m where m.store_id = l.store_id) as latest
        from analytics_store_limits l
        where l.store_id = any(${arrayOf(storeIds)}::int[]) and (l.max_people is not null or l.min_people is not null)`,
  );
  for (const store of limited) {
    if (!store.latest) continue;
    const latest = new Date(store.latest);
    const people = occupancyOf(await occupancySteps(tx, store.store_id, new Date(latest.getTime() + 59_999)));
    await settleAlert(
      tx,
      { tenantId: store.tenant_id, storeId: store.store_id, storeDeviceId: null },
      limitCrossed(people, store.max_people, store.min_people),
      people,
      latest.toISOString(),
    );
  }
}
