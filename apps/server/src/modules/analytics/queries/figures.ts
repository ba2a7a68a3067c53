import type { Entrances, Presence, Report } from '@lightdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../lib/sql';
import { REPORT_LEAD_MS } from '../../device';
import { presenceByMinute } from '../rollup/rollup';
import { bucketOf, localClock, type StorePeriod } from './period';

/** Presence and entrance figures of one bucket or one device. */
export type Figures = Presence & Entrances;

export const NO_FIGURES: Figures = { persons: 0, dwellShort: 0, dwellMedium: 0, dwellLong: 0, dwellMs: 0, walkIns: 0, exits: 0 };

export const addFigures = (a: Figures, b: Figures): Figures => ({
  persons: a.persons + b.persons,
  dwellShort: a.dwellShort + b.dwellShort,
  dwellMedium: a.dwellMedium + b.dwellMedium,
  dwellLong: a.dwellLong + b.dwellLong,
  dwellMs: a.dwellMs + b.dwellMs,
  walkIns: a.walkIns + b.walkIns,
  exits: a.exits + b.exits,
});

export const presenceOf = ({ persons, dwellShort, dwellMedium, dwellLong, dwellMs }: Figures): Presence => ({
  persons,
  dwellShort,
  dwellMedium,
  dwellLong,
  dwellMs,
});
export const entrancesOf = ({ walkIns, exits }: Figures): Entrances => ({ walkIns, exits });

const SUMS = sql`sum(persons)::int as persons, sum(dwell_short)::int as dwell_short, sum(dwell_medium)::int as dwell_medium, sum(dwell_long)::int as dwell_long,
  sum(dwell_ms)::float8 as dwell_ms, sum(walk_ins)::int as walk_ins, sum(exits)::int as exits`;

interface FigureRow {
  label: string;
  persons: number;
  dwell_short: number;
  dwell_medium: number;
  dwell_long: number;
  dwell_ms: number;
  walk_ins: number;
  exits: number;
}

const figuresOf = (r: FigureRow): Figures => ({
  persons: Number(r.persons),
  dwellShort: Number(r.dwell_short),
  dwellMedium: Number(r.dwell_medium),
  dwellLong: Number(r.dwell_long),
  dwellMs: Number(r.dwell_ms),
  walkIns: Number(r.walk_ins),
  exits: Number(r.exits),
});

/**
 * The local hours a period cut in hours reads, by their buckets: today so far holds its current
 * hour from that hour's first minute on.
 */
export const hourRange = (column: SQL, period: StorePeriod) =>
  sql`${column} between ${period.buckets[0]}::timestamp and ${period.buckets[period.buckets.length - 1]}::timestamp`;

/**
 * The rollup rows a period reads, grouped by a label: hourly rows for hour buckets, daily rows
 * for days and months, the store's minutes for the last five minutes.
 */
function periodSource(period: StorePeriod, level: 'store' | 'device'): { table: SQL; label: SQL; range: SQL } {
  if (period.bucket === 'minute')
    return {
      table: sql`${sql.identifier('analytics_store_minutely')}`,
      label: sql`to_char(minute at time zone ${period.timezone}, 'YYYY-MM-DD"T"HH24:MI')`,
      range: sql`minute >= ${period.fromInstant!.toISOString()}::timestamptz`,
    };
  if (period.bucket === 'hour')
    return {
      table: sql`${sql.identifier(`analytics_${level}_hourly`)}`,
      label: sql`to_char(local_hour, 'YYYY-MM-DD"T"HH24:MI')`,
      range: hourRange(sql`local_hour`, period),
    };
  return {
    table: sql`${sql.identifier(`analytics_${level}_daily`)}`,
    label: period.bucket === 'month' ? sql`to_char(local_date, 'YYYY-MM')` : sql`to_char(local_date, 'YYYY-MM-DD')`,
    range: sql`local_date between ${period.firstDate}::date and ${period.lastDate}::date`,
  };
}

/** A store's figures per bucket of the period, in the order of its buckets (empty buckets as zeros). */
export async function storeSeries(db: Database, storeId: number, period: StorePeriod): Promise<Figures[]> {
  const { table, label, range } = periodSource(period, 'store');
  const rows = await rowsOf<FigureRow>(db, sql`select ${label} as label, ${SUMS} from ${table} where store_id = ${storeId} and ${range} group by 1`);
  const byLabel = new Map(rows.map((r) => [bucketOf(period.bucket, r.label), figuresOf(r)]));
  return period.buckets.map((b) => byLabel.get(b) ?? NO_FIGURES);
}

/** One device's figures per bucket of the period. */
export async function deviceSeries(db: Database, storeId: number, storeDeviceId: number, period: StorePeriod): Promise<Figures[]> {
  if (period.bucket === 'minute') {
    const byMinute = sumBy(await recentProductFigures(db, storeId, period, storeDeviceId), (r) => r.minute);
    return period.buckets.map((b) => byMinute.get(b) ?? NO_FIGURES);
  }
  const { table, label, range } = periodSource(period, 'device');
  const rows = await rowsOf<FigureRow>(
    db,
    sql`select ${label} as label, ${SUMS} from ${table} where store_id = ${storeId} and store_device_id = ${storeDeviceId} and ${range} group by 1`,
  );
  const byLabel = new Map(rows.map((r) => [bucketOf(period.bucket, r.label), figuresOf(r)]));
  return period.buckets.map((b) => byLabel.get(b) ?? NO_FIGURES);
}

/**
 * A store's raw reports of one kind in the last five minutes, each with the local minute it falls
 * in: minute rollups are kept per store only (none per device, zone or heatmap sensor), and one
 * store's few minutes are a short read by the reports' store index. A report dated ahead of the
 * server's clock waits for its minute.
 */
export function recentReports(storeId: number, kind: Report['kind'], period: StorePeriod): SQL {
  const from = period.fromInstant!;
  const until = new Date(from.getTime() + period.buckets.length * 60_000);
  return sql`
    select store_device_id, payload, to_char(date_trunc('minute', reported_at) at time zone ${period.timezone}, 'YYYY-MM-DD"T"HH24:MI') as minute
    from device_reports
    where store_id = ${storeId} and kind = ${kind} and reported_at >= ${from.toISOString()}::timestamptz and reported_at < ${until.toISOString()}::timestamptz`;
}

/**
 * The last five minutes per luminaire and minute, from the raw presence reports: each spread over
 * the minutes its interval covers, as the store's minute rollup counts it, so a store's minutes
 * are its products' minutes. A report covering the window may end after it (dated up to the
 * report window's lead ahead), never before it.
 */
async function recentProductFigures(db: Database, storeId: number, period: StorePeriod, storeDeviceId?: number) {
  const from = period.fromInstant!.getTime();
  const until = from + period.buckets.length * 60_000;
  const reports = await rowsOf<{ store_device_id: number; at: string; payload: Extract<Report, { kind: 'presence' }> }>(
    db,
    sql`
    select r.store_device_id, to_char(r.reported_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, r.payload
    from device_reports r join store_devices d on d.id = r.store_device_id and d.kind = 'luminaire'
    where r.store_id = ${storeId} and r.kind = 'presence' ${storeDeviceId === undefined ? sql`` : sql`and r.store_device_id = ${storeDeviceId}`}
      and r.reported_at > ${new Date(from).toISOString()}::timestamptz and r.reported_at <= ${new Date(until + REPORT_LEAD_MS).toISOString()}::timestamptz`,
  );
  const figures: { device: number; minute: string; figures: Figures }[] = [];
  for (const r of reports)
    presenceByMinute(r.payload, Date.parse(r.at), (minute, f) => {
      if (minute < from || minute >= until) return;
      const clock = localClock(new Date(minute), period.timezone);
      figures.push({
        device: r.store_device_id,
        minute: `${clock.date}T${clock.time}`,
        figures: { persons: f.persons, dwellShort: f.short, dwellMedium: f.medium, dwellLong: f.long, dwellMs: f.ms, walkIns: 0, exits: 0 },
      });
    });
  return figures;
}

/** Figures summed by a key. */
function sumBy<T extends { figures: Figures }, K>(rows: readonly T[], key: (row: T) => K): Map<K, Figures> {
  const sums = new Map<K, Figures>();
  for (const row of rows) sums.set(key(row), addFigures(sums.get(key(row)) ?? NO_FIGURES, row.figures));
  return sums;
}

/** Each device's figures over the whole period, keyed by store device id. */
export async function deviceTotals(db: Database, storeId: number, period: StorePeriod): Promise<Map<number, Figures>> {
  if (period.bucket === 'minute') {
    return sumBy(await recentProductFigures(db, storeId, period), (r) => r.device);
  }
  const { table, range } = periodSource(period, 'device');
  const rows = await rowsOf<FigureRow>(
    db,
    sql`select store_device_id::text as label, ${SUMS} from ${table} where store_id = ${storeId} and ${range} group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.label), figuresOf(r)]));
}
