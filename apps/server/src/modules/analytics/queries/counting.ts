import type { AlertQuery, PeopleAlert, PeopleLimits, PeopleNow, Period, Zone, ZoneSeries, ZoneSettings, ZoneState } from '@lightdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { rowsOf } from '../../../lib/sql';
import { checkStoreLimits, limitCrossed, occupancyOf, occupancySteps, settleZoneAlerts, zoneStatesOf, type ZoneState as LimitedZone } from '../rollup/limits';
import { addFigures, entrancesOf, hourRange, NO_FIGURES, recentReports, storeSeries } from './figures';
import { bucketOf, comparisonPeriod, resolvedOf, resolvePeriod, type StorePeriod } from './period';
import { deviceOfStore, visibleStore, visibleStores } from './stores';

const stateOf = (people: number | null, max: number | null, min: number | null): ZoneState => {
  if (people === null) return 'unknown';
  const crossed = limitCrossed(people, max, min);
  return crossed ? (crossed.kind === 'above-max' ? 'above' : 'below') : 'ok';
};

interface ZoneRow {
  id: number;
  name: string;
  rotation: number | null;
  max_people: number | null;
  min_people: number | null;
  people: number | null;
  at: string | null;
}

/** The store's zones: sensors that sent a zone reading or were given settings, with their settings and latest reading. */
async function storeZones(db: Database, storeId: number): Promise<Zone[]> {
  const rows = await rowsOf<ZoneRow>(
    db,
    sql`
    select d.id, d.name, z.rotation, z.max_people, z.min_people, z.people, to_char(z.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from store_devices d left join analytics_zones z on z.store_device_id = d.id
    where d.store_id = ${storeId} and d.kind = 'sensor' and z.store_device_id is not null
    order by d.name, d.id`,
  );
  return rows.map((z) => ({
    storeDeviceId: z.id,
    name: z.name,
    rotation: z.rotation ?? 0,
    maxPeople: z.max_people,
    minPeople: z.min_people,
    people: z.people,
    at: z.at,
    state: stateOf(z.people, z.max_people, z.min_people),
  }));
}

async function storeLimits(db: Database, storeId: number) {
  const [limits] = await rowsOf<{ max_people: number | null; min_people: number | null }>(
    db,
    sql`select max_people, min_people from analytics_store_limits where store_id = ${storeId}`,
  );
  return { maxPeople: limits?.max_people ?? null, minPeople: limits?.min_people ?? null };
}

export async function peopleNow(db: Database, session: Session, now: Date, storeId: number): Promise<PeopleNow> {
  const store = await visibleStore(db, session, storeId);
  const period = resolvePeriod({ kind: 'realtime' }, store.timezone, now);
  const [steps, limits, zones] = await Promise.all([occupancySteps(db, store.id, now), storeLimits(db, store.id), storeZones(db, store.id)]);
  const hours = new Map<string, { walkIns: number; exits: number; occupancy: number }>();
  for (const step of steps) {
    const label = bucketOf('hour', step.localHour);
    const hour = hours.get(label) ?? { walkIns: 0, exits: 0, occupancy: 0 };
    hours.set(label, { walkIns: hour.walkIns + step.walkIns, exits: hour.exits + step.exits, occupancy: step.occupancy });
  }
  // An hour without walk-ins or exits keeps the occupancy the hour before ended with.
  let inside = 0;
  const today = period.buckets.map((label) => {
    const hour = hours.get(label);
    if (hour) inside = hour.occupancy;
    return { walkIns: hour?.walkIns ?? 0, exits: hour?.exits ?? 0, occupancy: inside };
  });
  const occupancy = occupancyOf(steps);
  return { period: resolvedOf(period), occupancy, limits, state: stateOf(occupancy, limits.maxPeople, limits.minPeople), today, zones };
}

export async function walkIns(db: Database, session: Session, now: Date, query: { storeId: number; period: Period }) {
  const store = await visibleStore(db, session, query.storeId);
  const period = resolvePeriod(query.period, store.timezone, now);
  const against = comparisonPeriod(query.period, store.timezone, now);
  const entrances = async (over: StorePeriod) => {
    const series = await storeSeries(db, store.id, over);
    return { period: resolvedOf(over), totals: entrancesOf(series.reduce(addFigures, NO_FIGURES)), series: series.map(entrancesOf) };
  };
  const [own, comparison] = await Promise.all([entrances(period), against && entrances(against)]);
  return { ...own, comparison };
}

export async function zoneSeries(db: Database, session: Session, now: Date, query: { storeId: number; period: Period }): Promise<ZoneSeries> {
  const store = await visibleStore(db, session, query.storeId);
  const period = resolvePeriod(query.period, store.timezone, now);
  const against = comparisonPeriod(query.period, store.timezone, now);
  const [zones, bands, comparedBands] = await Promise.all([
    storeZones(db, store.id),
    zoneBands(db, store.id, period),
    against && zoneBands(db, store.id, against),
  ]);
  const seriesOf = (over: StorePeriod, of: Map<string, ZoneBand>, zone: Zone) =>
    over.buckets.map((b) => of.get(`${zone.storeDeviceId} ${b}`) ?? { max: null, min: null });
  return {
    period: resolvedOf(period),
    zones: zones.map((zone) => ({ ...zone, series: seriesOf(period, bands, zone) })),
    comparison:
      against && comparedBands
        ? { period: resolvedOf(against), zones: zones.map((zone) => ({ storeDeviceId: zone.storeDeviceId, series: seriesOf(against, comparedBands, zone) })) }
        : null,
  };
}

type ZoneBand = { max: number; min: number };

/** Each zone's most and fewest people per bucket of the period, keyed by zone and bucket. */
async function zoneBands(db: Database, storeId: number, period: StorePeriod): Promise<Map<string, ZoneBand>> {
  // Minutes have no zone rollup: the last five minutes read the zones' raw readings.
  const source =
    period.bucket === 'minute'
      ? sql`select store_device_id, minute as label, max((payload->>'people')::int) as people_max, min((payload->>'people')::int) as people_min
            from (${recentReports(storeId, 'zone', period)}) r group by 1, 2`
      : sql`select store_device_id, to_char(local_hour, 'YYYY-MM-DD"T"HH24:MI') as label, people_max, people_min from analytics_zone_hourly
            where store_id = ${storeId} and ${hourRange(sql`local_hour`, period)}`;
  const rows = await rowsOf<{ store_device_id: number; label: string; people_max: number; people_min: number }>(db, source);
  const bands = new Map<string, ZoneBand>();
  for (const r of rows) {
    const key = `${r.store_device_id} ${bucketOf(period.bucket, r.label)}`;
    const band = bands.get(key);
    bands.set(key, band ? { max: Math.max(band.max, r.people_max), min: Math.min(band.min, r.people_min) } : { max: r.people_max, min: r.people_min });
  }
  return bands;
}

/**
 * A zone's rotation and limits. A limit moved past the zone's latest reading raises (or ends)
 * its alert at once, as that reading would have: a lowered limit need not wait for the next one.
 */
export async function updateZone(db: Database, session: Session, storeDeviceId: number, settings: ZoneSettings, now: Date): Promise<void> {
  const [device] = await rowsOf<{ store_id: number }>(db, sql`select store_id from store_devices where id = ${storeDeviceId} and kind = 'sensor'`);
  const store = await visibleStore(db, session, device?.store_id ?? 0);
  await deviceOfStore(db, store.id, storeDeviceId, 'sensor');
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into analytics_zones (store_device_id, tenant_id, store_id, rotation, max_people, min_people)
      values (${storeDeviceId}, ${store.tenantId}, ${store.id}, ${settings.rotation}, ${settings.maxPeople}, ${settings.minPeople})
      on conflict (store_device_id) do update set rotation = excluded.rotation, max_people = excluded.max_people, min_people = excluded.min_people`);
    const zones = await rowsOf<LimitedZone>(tx, zoneStatesOf(sql`(select * from analytics_zones where store_device_id = ${storeDeviceId} and at is not null)`));
    await settleZoneAlerts(
      tx,
      zones.map((zone) => ({ ...zone, at: now.toISOString() })),
    );
  });
}

/** A store's limits; like a zone's, a limit moved past the people inside now raises or ends its alert at once. */
export async function updateStoreLimits(db: Database, session: Session, storeId: number, limits: PeopleLimits): Promise<void> {
  const store = await visibleStore(db, session, storeId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into analytics_store_limits (store_id, tenant_id, max_people, min_people) values (${store.id}, ${store.tenantId}, ${limits.maxPeople}, ${limits.minPeople})
      on conflict (store_id) do update set max_people = excluded.max_people, min_people = excluded.min_people`);
    await checkStoreLimits(tx, [store.id]);
  });
}

const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function alerts(db: Database, session: Session, query: z.infer<typeof AlertQuery>) {
  const where = sql`${visibleStores(session)} ${query.storeId ? sql`and a.store_id = ${query.storeId}` : sql``}`;
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: number;
      store_id: number;
      store_name: string;
      store_device_id: number | null;
      zone_name: string | null;
      kind: PeopleAlert['kind'];
      people: number;
      people_limit: number;
      at: string;
      ended_at: string | null;
    }>(
      db,
      sql`select a.id, a.store_id, s.name as store_name, a.store_device_id, d.name as zone_name, a.kind, a.people, a.people_limit,
            ${isoOf(sql`a.at`)} as at, ${isoOf(sql`a.ended_at`)} as ended_at
          from analytics_people_alerts a join stores s on s.id = a.store_id left join store_devices d on d.id = a.store_device_id
          where ${where} order by a.at desc, a.id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from analytics_people_alerts a join stores s on s.id = a.store_id where ${where}`),
  ]);
  return {
    list: rows.map((a): PeopleAlert => ({
      id: a.id,
      storeId: a.store_id,
      storeName: a.store_name,
      storeDeviceId: a.store_device_id,
      zoneName: a.zone_name,
      kind: a.kind,
      people: a.people,
      limit: a.people_limit,
      at: a.at,
      endedAt: a.ended_at,
    })),
    total: Number(count?.n ?? 0),
  };
}
