import { DWELL_LONG_MS, DWELL_SHORT_MS } from '@lightdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { StoredReport } from '../../device';
import { checkPeopleLimits } from './limits';

/** What one presence or entrance report adds to its buckets. */
interface FigureRow {
  tenant: number;
  store: number;
  device: number | null;
  at: string;
  persons: number;
  short: number;
  medium: number;
  long: number;
  ms: number;
  in: number;
  out: number;
}

/** A person's dwell falls in one bucket: under 5 s, 5 to 60 s, over 60 s. */
export function dwellFigures(dwellMs: readonly number[]) {
  let short = 0;
  let medium = 0;
  let long = 0;
  let ms = 0;
  for (const d of dwellMs) {
    if (d < DWELL_SHORT_MS) short++;
    else if (d > DWELL_LONG_MS) long++;
    else medium++;
    ms += d;
  }
  return { persons: dwellMs.length, short, medium, long, ms };
}

function figureRow(r: StoredReport): FigureRow | undefined {
  const base = { tenant: r.tenantId, store: r.storeId!, device: r.storeDeviceId, at: r.reportedAt.toISOString() };
  const none = { persons: 0, short: 0, medium: 0, long: 0, ms: 0, in: 0, out: 0 };
  if (r.report.kind === 'presence') return { ...base, ...none, ...dwellFigures(r.report.dwellMs) };
  if (r.report.kind === 'entrance') return { ...base, ...none, in: r.report.in, out: r.report.out };
  return undefined;
}

const FIGURES = ['persons', 'dwell_short', 'dwell_medium', 'dwell_long', 'dwell_ms', 'walk_ins', 'exits'].map((f) => sql.identifier(f));
const FIGURE_LIST = sql.join(FIGURES, sql`, `);
const addTo = (table: ReturnType<typeof sql.identifier>) =>
  sql.join(
    FIGURES.map((f) => sql`${f} = ${table}.${f} + excluded.${f}`),
    sql`, `,
  );

/** A rollup of presence and entrance figures: its table, its bucket column and how a report's bucket is worked out. */
interface FigureRollup {
  table: string;
  key: string;
  bucket: SQL;
  /** Per device, or for the whole store. */
  byDevice: boolean;
}

const FIGURE_ROLLUPS: FigureRollup[] = [
  { table: 'analytics_device_hourly', key: 'local_hour', bucket: sql`date_trunc('hour', local_at)`, byDevice: true },
  { table: 'analytics_device_daily', key: 'local_date', bucket: sql`local_at::date`, byDevice: true },
  { table: 'analytics_store_hourly', key: 'local_hour', bucket: sql`date_trunc('hour', local_at)`, byDevice: false },
  { table: 'analytics_store_daily', key: 'local_date', bucket: sql`local_at::date`, byDevice: false },
  { table: 'analytics_store_minutely', key: 'minute', bucket: sql`date_trunc('minute', at)`, byDevice: false },
];

function intoRollup({ table, key, bucket, byDevice }: FigureRollup): SQL {
  const target = sql.identifier(table);
  const device = byDevice ? sql`device, ` : sql``;
  return sql`
    insert into ${target} (tenant_id, store_id, ${byDevice ? sql`store_device_id, ` : sql``}${sql.identifier(key)}, ${FIGURE_LIST})
    select tenant, store, ${device}${bucket}, sum(persons), sum(short), sum(medium), sum(long), sum(ms), sum("in"), sum("out")
    from r ${byDevice ? sql`where device is not null` : sql``}
    group by tenant, store, ${device}${bucket}
    on conflict (store_id, ${sql.identifier(key)}${byDevice ? sql`, store_device_id` : sql``}) do update set ${addTo(target)}`;
}

/**
 * Adds presence and entrance reports to every rollup they belong in: per device and per store,
 * per local hour and local day, and per minute for the real-time views. One statement: the
 * batch's rows are bucketed in the database by each store's time zone.
 */
async function addFigures(tx: Database, rows: FigureRow[]): Promise<void> {
  const [last, ...rest] = [...FIGURE_ROLLUPS].reverse();
  const ctes = rest.reverse().map((rollup, i) => sql`, ${sql.identifier(`rollup_${i}`)} as (${intoRollup(rollup)})`);
  await tx.execute(sql`
    with r as (
      select u.*, u.at at time zone s.timezone as local_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as u(tenant int, store int, device int, at timestamptz, persons int, short int, medium int, long int, ms bigint, "in" int, "out" int)
      join stores s on s.id = u.store
    )
    ${sql.join(ctes, sql``)}
    ${intoRollup(last!)}`);
}

interface ZoneRow {
  tenant: number;
  store: number;
  device: number;
  at: string;
  people: number;
}

/** Zone readings: each hour's most and fewest people, and the zone's latest reading. */
async function addZones(tx: Database, rows: ZoneRow[]): Promise<void> {
  await tx.execute(sql`
    with r as (
      select u.*, date_trunc('hour', u.at at time zone s.timezone) as local_hour
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(tenant int, store int, device int, at timestamptz, people int)
      join stores s on s.id = u.store
    ),
    hours as (
      insert into analytics_zone_hourly (tenant_id, store_id, store_device_id, local_hour, people_max, people_min)
      select tenant, store, device, local_hour, max(people), min(people) from r group by tenant, store, device, local_hour
      on conflict (store_device_id, local_hour) do update set
        people_max = greatest(analytics_zone_hourly.people_max, excluded.people_max),
        people_min = least(analytics_zone_hourly.people_min, excluded.people_min)
    )
    insert into analytics_zones (store_device_id, tenant_id, store_id, people, at)
    select distinct on (device) device, tenant, store, people, at from r order by device, at desc
    on conflict (store_device_id) do update set people = excluded.people, at = excluded.at, tenant_id = excluded.tenant_id, store_id = excluded.store_id
    where analytics_zones.at is null or excluded.at >= analytics_zones.at`);
}

interface FrameRow {
  tenant: number;
  store: number;
  device: number;
  at: string;
  width: number;
  height: number;
  cells: number[];
}

/** Heatmap frames: each sensor's grid summed cell by cell per local hour and local day. */
async function addFrames(tx: Database, rows: FrameRow[]): Promise<void> {
  // Each bucket's cells are summed in one grouped pass and joined to its frame count: a lookup
  // per bucket into all the batch's cells would grow with the square of the batch.
  const into = (table: string, key: string) => {
    const [target, bucket] = [sql.identifier(table), sql.identifier(key)];
    return sql`
    insert into ${target} (tenant_id, store_id, store_device_id, ${bucket}, width, height, frames, cells)
    select g.tenant, g.store, g.device, g.${bucket}, g.width, g.height, g.frames, c.cells
    from (select tenant, store, device, ${bucket}, width, height, count(*)::int as frames from r group by 1, 2, 3, 4, 5, 6) g
    join (
      select device, ${bucket}, width, height, array_agg(v order by i) as cells
      from (select r.device, r.${bucket}, r.width, r.height, c.i, sum(c.v)::bigint as v from r, unnest(r.cells) with ordinality as c(v, i) group by 1, 2, 3, 4, 5) x
      group by 1, 2, 3, 4
    ) c using (device, ${bucket}, width, height)
    on conflict (store_device_id, ${bucket}, width, height) do update set
      frames = ${target}.frames + excluded.frames,
      cells = (select array_agg(a + b order by i) from unnest(${target}.cells, excluded.cells) with ordinality as x(a, b, i))`;
  };
  await tx.execute(sql`
    with r as (
      select u.*, date_trunc('hour', u.at at time zone s.timezone) as local_hour, (u.at at time zone s.timezone)::date as local_date
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(tenant int, store int, device int, at timestamptz, width int, height int, cells bigint[])
      join stores s on s.id = u.store
    ),
    hours as (${into('analytics_heatmap_hourly', 'local_hour')})
    ${into('analytics_heatmap_daily', 'local_date')}`);
}

/**
 * Keeps every rollup of a batch of newly stored reports, inside the ingest's transaction: the
 * reports and what they add up to commit together, and a resent report (not new) adds nothing.
 * Reports about no store (a gateway not yet in one) have no analytics.
 */
export async function rollUp(tx: Database, stored: StoredReport[]): Promise<void> {
  const inStores = stored.filter((r) => r.storeId !== null);
  const figures = inStores.map(figureRow).filter((r) => r !== undefined);
  const zoneRows: ZoneRow[] = [];
  const frames: FrameRow[] = [];
  for (const r of inStores) {
    if (r.storeDeviceId === null) continue;
    const base = { tenant: r.tenantId, store: r.storeId!, device: r.storeDeviceId, at: r.reportedAt.toISOString() };
    if (r.report.kind === 'zone') zoneRows.push({ ...base, people: r.report.people });
    if (r.report.kind === 'heatmap') frames.push({ ...base, width: r.report.width, height: r.report.height, cells: r.report.cells });
  }
  if (figures.length > 0) await addFigures(tx, figures);
  if (zoneRows.length > 0) await addZones(tx, zoneRows);
  if (frames.length > 0) await addFrames(tx, frames);
  // Walk-ins and exits move a store's occupancy; zone readings their zone.
  const moved = new Set(figures.filter((f) => f.in > 0 || f.out > 0).map((f) => f.store));
  if (moved.size > 0 || zoneRows.length > 0) await checkPeopleLimits(tx, [...moved], new Set(zoneRows.map((z) => z.device)));
}
