import { DWELL_LONG_MS, DWELL_SHORT_MS, type Report } from '@lightdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { arrayOf, rowsOf } from '../../../lib/sql';
import type { StoredReport } from '../../device';
import { checkStoreLimits, settleZoneAlerts, zoneStatesOf, type ZoneState } from './limits';

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

const FIGURES = ['persons', 'dwell_short', 'dwell_medium', 'dwell_long', 'dwell_ms', 'walk_ins', 'exits'].map((f) => sql.identifier(f));
const FIGURE_LIST = sql.join(FIGURES, sql`, `);
const addTo = (table: ReturnType<typeof sql.identifier>) =>
  sql.join(
    FIGURES.map((f) => sql`${f} = ${table}.${f} + excluded.${f}`),
    sql`, `,
  );

/** A rollup of presence and entrance figures: its table, its bucket column and how a span's bucket is worked out. */
interface FigureRollup {
  table: string;
  key: string;
  bucket: SQL;
  /** Per device, or for the whole store. */
  byDevice: boolean;
  /** The relation of sums it is kept from: per device and quarter hour, or per store and minute. */
  from: 'quarters' | 'minutes';
}

const FIGURE_ROLLUPS: FigureRollup[] = [
  { table: 'analytics_device_hourly', key: 'local_hour', bucket: sql`date_trunc('hour', local_at)`, byDevice: true, from: 'quarters' },
  { table: 'analytics_device_daily', key: 'local_date', bucket: sql`local_at::date`, byDevice: true, from: 'quarters' },
  { table: 'analytics_store_hourly', key: 'local_hour', bucket: sql`date_trunc('hour', local_at)`, byDevice: false, from: 'quarters' },
  { table: 'analytics_store_daily', key: 'local_date', bucket: sql`local_at::date`, byDevice: false, from: 'quarters' },
  { table: 'analytics_store_minutely', key: 'minute', bucket: sql`at`, byDevice: false, from: 'minutes' },
];

function intoRollup({ table, key, bucket, byDevice, from }: FigureRollup): SQL {
  const target = sql.identifier(table);
  const device = byDevice ? sql`device, ` : sql``;
  return sql`
    insert into ${target} (tenant_id, store_id, ${byDevice ? sql`store_device_id, ` : sql``}${sql.identifier(key)}, ${FIGURE_LIST})
    select tenant, store, ${device}${bucket}, sum(persons), sum(short), sum(medium), sum(long), sum(ms), sum("in"), sum("out")
    from ${sql.identifier(from)} ${byDevice ? sql`where device is not null` : sql``}
    group by tenant, store, ${device}${bucket}
    on conflict (store_id, ${sql.identifier(key)}${byDevice ? sql`, store_device_id` : sql``}) do update set ${addTo(target)}`;
}

/**
 * Every time zone in use since 1980 is a whole number of quarter hours off UTC (and the ingest
 * takes no report older than ten years), so a UTC quarter hour lies in one local hour and day of
 * every store, and a minute in one minute. A batch's reports are summed per device and such
 * span here, so the database buckets far fewer rows.
 */
const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;

/**
 * Spreads what an interval report counts over the spans of `spanMs` (from UTC midnight) that its
 * interval, the `seconds` up to `end`, covers: `each` gets every such span's start and the share
 * of a count that falls in it. A share is in proportion to the time the interval spends in the
 * span, as the running total rounded at the span's end less that at its start: whole numbers that
 * add up to the count exactly, and the same whether spread by minutes or by quarter hours.
 */
function spread(end: number, seconds: number, spanMs: number, each: (spanStart: number, share: (count: number) => number) => void): void {
  const length = seconds * 1000;
  const start = end - length;
  const runningTotal = (count: number, at: number) => Math.round((count * (at - start)) / length);
  for (let span = start - (start % spanMs); span < end; span += spanMs) {
    const from = Math.max(span, start);
    const to = Math.min(span + spanMs, end);
    each(span, (count) => (count === 0 ? 0 : runningTotal(count, to) - runningTotal(count, from)));
  }
}

/** The column types a relation of sums can have, as their array types. */
const ARRAY_TYPES = { int: sql`int[]`, bigint: sql`bigint[]`, timestamptz: sql`timestamptz[]`, text: sql`text[]` };
type ColumnType = keyof typeof ARRAY_TYPES;

/** The reports of one device (or one store, for reports about no device) and one span, summed. */
interface Sum<T> {
  tenant: number;
  store: number;
  device: number | null;
  at: number;
  value: T;
}

/** Reports summed per device (or per store only) and span. */
class Sums<T> {
  /** Per device (or store) and shape, its spans by their start. */
  private readonly groups = new Map<string, Map<number, Sum<T>>>();
  private count = 0;
  constructor(
    private readonly spanMs: number,
    private readonly byDevice = true,
  ) {}
  /**
   * The spans of a report's device (or store) and shape: answers the value of the span holding
   * `time` (made by `start` for the span's first report) to add the report to. Found once per
   * report, as an interval report adds to many spans.
   */
  of(r: StoredReport, shape = ''): (time: number, start: () => T) => T {
    const device = this.byDevice ? r.storeDeviceId : null;
    const key = `${r.storeId}|${device}|${shape}`;
    const spans = this.groups.get(key) ?? this.groups.set(key, new Map()).get(key)!;
    return (time, start) => {
      const at = time - (time % this.spanMs);
      let sum = spans.get(at);
      if (!sum) {
        spans.set(at, (sum = { tenant: r.tenantId, store: r.storeId!, device, at, value: start() }));
        this.count++;
      }
      return sum.value;
    };
  }
  get size() {
    return this.count;
  }
  /**
   * The sums as a relation named `name`, one array parameter per column (the database reads
   * arrays several times faster than JSON), each row with its store's local time (`local_at`).
   */
  relation(name: string, columns: Record<string, [type: ColumnType, of: (value: T) => number | string | null]>): SQL {
    const sums = [...this.groups.values()].flatMap((spans) => [...spans.values()]);
    const array = (type: ColumnType, of: (sum: Sum<T>) => number | string | null) => sql`${arrayOf(sums.map(of))}::${ARRAY_TYPES[type]}`;
    const arrays = [
      array('int', (s) => s.tenant),
      array('int', (s) => s.store),
      array('int', (s) => s.device),
      array('timestamptz', (s) => new Date(s.at).toISOString()),
      ...Object.values(columns).map(([type, of]) => array(type, (s) => of(s.value))),
    ];
    const names = sql.join([sql`tenant, store, device, at`, ...Object.keys(columns).map((n) => sql.identifier(n))], sql`, `);
    return sql`${sql.identifier(name)} as (
      select u.*, u.at at time zone s.timezone as local_at
      from unnest(${sql.join(arrays, sql`, `)}) as u(${names})
      join stores s on s.id = u.store
    )`;
  }
}

type Figures = ReturnType<typeof dwellFigures> & { in: number; out: number };
const noFigures = (): Figures => ({ persons: 0, short: 0, medium: 0, long: 0, ms: 0, in: 0, out: 0 });
const FIGURE_COLUMNS = Object.fromEntries(
  (['persons', 'short', 'medium', 'long', 'ms', 'in', 'out'] as const).map((f) => [f, [f === 'ms' ? 'bigint' : 'int', (v: Figures) => v[f]]]),
) as Record<string, [ColumnType, (v: Figures) => number]>;

/** A report's presence or entrance figures, before they are spread over the time it covers. */
const figuresOf = (report: Extract<Report, { kind: 'presence' | 'entrance' }>): Figures =>
  report.kind === 'presence' ? { ...dwellFigures(report.dwellMs), in: 0, out: 0 } : { ...noFigures(), in: report.in, out: report.out };

/** Adds a span's share of a report's figures: each dwell bucket, the dwell time, walk-ins and exits apart, and the span's persons as its dwell buckets together. */
function addShare(into: Figures, whole: Figures, share: (count: number) => number): void {
  const [short, medium, long] = [share(whole.short), share(whole.medium), share(whole.long)];
  into.persons += short + medium + long;
  into.short += short;
  into.medium += medium;
  into.long += long;
  into.ms += share(whole.ms);
  into.in += share(whole.in);
  into.out += share(whole.out);
}

/** A presence report's figures in each minute its interval covers, as the store's minute rollup counts them. */
export function presenceByMinute(report: Extract<Report, { kind: 'presence' }>, end: number, each: (minute: number, figures: Figures) => void): void {
  const whole = figuresOf(report);
  spread(end, report.seconds, MINUTE_MS, (minute, share) => {
    const figures = noFigures();
    addShare(figures, whole, share);
    each(minute, figures);
  });
}

/** Presence and entrance figures into every rollup they belong in: per device and per store, per local hour and day, and per minute. */
const figureStatements = (quarters: Sums<Figures>, minutes: Sums<Figures>) => [
  quarters.relation('quarters', FIGURE_COLUMNS),
  minutes.relation('minutes', FIGURE_COLUMNS),
  ...FIGURE_ROLLUPS.map((rollup, i) => sql`${sql.identifier(`figures_${i}`)} as (${intoRollup(rollup)})`),
];

interface ZoneSpan {
  max: number;
  min: number;
  /** The span's latest reading. */
  people: number;
  lastAt: number;
}

/** Zone readings: each hour's most and fewest people, and the zone's latest reading. */
const zoneStatements = (zones: Sums<ZoneSpan>) => [
  zones.relation('zone_readings', {
    people_max: ['int', (z) => z.max],
    people_min: ['int', (z) => z.min],
    people: ['int', (z) => z.people],
    last_at: ['timestamptz', (z) => new Date(z.lastAt).toISOString()],
  }),
  sql`zone_hours as (
    insert into analytics_zone_hourly (tenant_id, store_id, store_device_id, local_hour, people_max, people_min)
    select tenant, store, device, date_trunc('hour', local_at), max(people_max), min(people_min) from zone_readings group by 1, 2, 3, 4
    on conflict (store_device_id, local_hour) do update set
      people_max = greatest(analytics_zone_hourly.people_max, excluded.people_max),
      people_min = least(analytics_zone_hourly.people_min, excluded.people_min)
  )`,
  sql`zone_latest as (
    insert into analytics_zones (store_device_id, tenant_id, store_id, people, at)
    select distinct on (device) device, tenant, store, people, last_at from zone_readings order by device, last_at desc
    on conflict (store_device_id) do update set people = excluded.people, at = excluded.at, tenant_id = excluded.tenant_id, store_id = excluded.store_id
    where analytics_zones.at is null or excluded.at >= analytics_zones.at
    returning *
  )`,
];

interface FrameSpan {
  width: number;
  height: number;
  frames: number;
  cells: number[];
}

/** Heatmap frames: each sensor's grid summed cell by cell per local hour and local day. */
function frameStatements(frames: Sums<FrameSpan>): SQL[] {
  // Each bucket's cells are summed in one grouped pass and joined to its frame count: a lookup
  // per bucket into all the batch's cells would grow with the square of the batch.
  const into = (table: string, key: string, bucket: SQL) => {
    const [target, k] = [sql.identifier(table), sql.identifier(key)];
    return sql`${sql.identifier(`frames_${key}`)} as (
    insert into ${target} (tenant_id, store_id, store_device_id, ${k}, width, height, frames, cells)
    select g.tenant, g.store, g.device, g.b, g.width, g.height, g.frames, c.cells
    from (select tenant, store, device, ${bucket} as b, width, height, sum(frames)::int as frames from frames group by 1, 2, 3, 4, 5, 6) g
    join (
      select device, b, width, height, array_agg(v order by i) as cells
      from (select f.device, ${bucket} as b, f.width, f.height, c.i, sum(c.v)::bigint as v from frames f, unnest(f.cells::bigint[]) with ordinality as c(v, i) group by 1, 2, 3, 4, 5) x
      group by 1, 2, 3, 4
    ) c using (device, b, width, height)
    on conflict (store_device_id, ${k}, width, height) do update set
      frames = ${target}.frames + excluded.frames,
      cells = (select array_agg(a + b order by i) from unnest(${target}.cells, excluded.cells) with ordinality as x(a, b, i)))`;
  };
  return [
    frames.relation('frames', {
      width: ['int', (f) => f.width],
      height: ['int', (f) => f.height],
      frames: ['int', (f) => f.frames],
      cells: ['text', (f) => arrayOf(f.cells)],
    }),
    into('analytics_heatmap_hourly', 'local_hour', sql`date_trunc('hour', local_at)`),
    into('analytics_heatmap_daily', 'local_date', sql`local_at::date`),
  ];
}

/**
 * Keeps every rollup of a batch of newly stored reports, inside the ingest's transaction: the
 * reports and what they add up to commit together, and a resent report (not new) adds nothing.
 * Reports about no store (a gateway not yet in one) have no analytics. One statement for the
 * whole batch, its sums bucketed in the database by each store's time zone.
 */
export async function rollUp(tx: Database, stored: StoredReport[]): Promise<void> {
  // Hours and days are kept from quarter hours per device; the real-time views count the store by the minute.
  const quarters = new Sums<Figures>(QUARTER_MS);
  const minutes = new Sums<Figures>(MINUTE_MS, false);
  const zones = new Sums<ZoneSpan>(QUARTER_MS);
  const frames = new Sums<FrameSpan>(QUARTER_MS);
  const moved = new Set<number>();
  for (const r of stored) {
    if (r.storeId === null) continue;
    const { report } = r;
    const at = r.reportedAt.getTime();
    if (report.kind === 'presence' || report.kind === 'entrance') {
      // Popularity is people under a product's luminaire: people a sensor or a gateway saw are no product's, nor the store's.
      if (report.kind === 'presence' && r.subjectKind !== 'luminaire') continue;
      const whole = figuresOf(report);
      // An interval report counts toward the interval it covers, which ends at its time.
      const [quarter, minute] = [quarters.of(r), minutes.of(r)];
      spread(at, report.seconds, QUARTER_MS, (span, share) => addShare(quarter(span, noFigures), whole, share));
      spread(at, report.seconds, MINUTE_MS, (span, share) => addShare(minute(span, noFigures), whole, share));
      // Walk-ins and exits move a store's occupancy.
      if (whole.in > 0 || whole.out > 0) moved.add(r.storeId);
    } else if (r.storeDeviceId === null) continue;
    else if (report.kind === 'zone') {
      const z = zones.of(r)(at, () => ({ max: report.people, min: report.people, people: report.people, lastAt: at }));
      z.max = Math.max(z.max, report.people);
      z.min = Math.min(z.min, report.people);
      if (at >= z.lastAt) Object.assign(z, { people: report.people, lastAt: at });
    } else if (report.kind === 'heatmap') {
      const { width, height, cells } = report;
      const f = frames.of(r, `${width}x${height}`)(at, () => ({ width, height, frames: 0, cells: new Array<number>(cells.length).fill(0) }));
      f.frames++;
      for (let i = 0; i < cells.length; i++) f.cells[i]! += cells[i]!;
    }
  }
  const parts = [
    ...(quarters.size > 0 ? figureStatements(quarters, minutes) : []),
    ...(zones.size > 0 ? zoneStatements(zones) : []),
    ...(frames.size > 0 ? frameStatements(frames) : []),
  ];
  if (parts.length === 0) return;
  // The zones whose reading changed come back to be checked against their limits.
  const changedZones = await rowsOf<ZoneState>(tx, sql`with ${sql.join(parts, sql`, `)} ${zones.size > 0 ? zoneStatesOf(sql`zone_latest`) : sql`select 1`}`);
  if (zones.size > 0) await settleZoneAlerts(tx, changedZones);
  if (moved.size > 0) await checkStoreLimits(tx, [...moved]);
}
