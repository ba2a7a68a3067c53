// Retail analytics on a year of reports: loading (bulk, and through the real ingest path) and the
// analytics API against the bare SQL of the same queries, on PostgreSQL and on PGlite. Run with tsx:
//   node --import tsx bench/analytics.mjs [--stores 1000] [--luminaires 20] [--days 365] [--runs 200]
//     [--ingest-days 1] [--raw-days <n>] [--keep] [--reuse <database>] [--pglite-stores 50] [--pglite-days 365]
//     [--reuse-pglite <dir>] [--skip-postgres] [--skip-pglite]
// BENCH_DATABASE_URL names a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a fresh database is made there and dropped afterwards unless --keep (or --reuse, which skips loading).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ReportBatch } from '../packages/contract/src/index.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ingestReports } from '../apps/server/src/modules/device/index.ts';
import { gatewayProductId, registerDevice } from '../apps/server/src/modules/device/directory.ts';
import { ensureReportPartitions } from '../apps/server/src/modules/device/ingest/partitions.ts';
import { openingHours } from '../apps/server/src/modules/device/simulation/rhythm.ts';
import { storeReports } from '../apps/server/src/modules/device/simulation/store-reports.ts';
import { rollUp } from '../apps/server/src/modules/analytics/rollup/rollup.ts';
import { adminToken, seedBenchDatabase, startBenchServer } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    stores: { type: 'string', default: '1000' },
    luminaires: { type: 'string', default: '20' },
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '200' },
    'ingest-days': { type: 'string', default: '1' },
    'raw-days': { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'pglite-stores': { type: 'string', default: '50' },
    'pglite-days': { type: 'string', default: '365' },
    'reuse-pglite': { type: 'string' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const WARM_UP = 20;
const PASSWORD = 'Bench-Passw0rd-only';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Mixed offsets, half-hour ones and both hemispheres' summer times among them. */
const TIMEZONES = [
  'Asia/Kolkata',
  'America/St_Johns',
  'Europe/Amsterdam',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Madrid',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Australia/Adelaide',
  'Australia/Perth',
];
const COUNTRIES = { Asia: 'IN', America: 'US', Europe: 'NL', Australia: 'AU' };

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (n, ms) => `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;
const log = (...a) => console.log(...a);

// ---------------------------------------------------------------- the stores

const textArray = (values) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Stores in mixed time zones, each with a gateway, `luminaires` luminaires, an entrance counter, a zone and a heatmap sensor. */
async function makeStores(db, count, luminaires) {
  const tenant = (await rowsOf(db, sql`select id from tenants where code = 'saas'`))[0].id;
  const [person] = await rowsOf(
    db,
    sql`insert into app_users (email, nickname, country_code, password_hash) values ('bench@example.com', 'Bench', 'NL', 'none') returning id`,
  );
  await db.execute(sql`
    insert into stores (mesh_id, name, tenant_id, timezone, country_code, created_by)
    select 'A' || lpad(i::text, 6, '0'), 'Analytics store ' || i, ${tenant}, (${textArray(TIMEZONES)})[1 + i % ${TIMEZONES.length}],
      (${textArray(TIMEZONES.map((z) => COUNTRIES[z.split('/')[0]]))})[1 + i % ${TIMEZONES.length}], ${person.id}
    from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into store_devices (store_id, kind, uuid, name, model)
    select s.id, d.kind, s.mesh_id || '-' || d.n, d.name, 'luna'
    from stores s cross join lateral (
      select 'gateway' as kind, 0 as n, 'Gateway' as name
      union all select 'luminaire', i, 'Light ' || i from generate_series(1, ${luminaires}) i
      union all select 'sensor', ${luminaires} + 1, 'Entrance counter'
      union all select 'sensor', ${luminaires} + 2, 'Zone'
      union all select 'sensor', ${luminaires} + 3, 'Heatmap'
    ) d
    where s.mesh_id like 'A%'`);
  const productId = await gatewayProductId(db);
  for (const s of await rowsOf(
    db,
    sql`select s.id, d.id as gateway_row, d.uuid from stores s join store_devices d on d.store_id = s.id and d.kind = 'gateway' where s.mesh_id like 'A%'`,
  ))
    await registerDevice(db, { productId, deviceName: s.uuid, tenantId: tenant, storeId: s.id, storeDeviceId: s.gateway_row });
  return benchStores(db);
}

/** The bench's stores as the simulation plays them, with their gateways' credentials and device ids. */
async function benchStores(db) {
  const rows = await rowsOf(
    db,
    sql`select s.id, s.mesh_id, s.timezone, i.id as sender_id, i.product_id, i.device_name, i.tenant_id,
          jsonb_agg(jsonb_build_object('id', d.id, 'uuid', d.uuid, 'kind', d.kind, 'name', d.name) order by d.id) as devices
        from stores s join store_devices d on d.store_id = s.id join iot_devices i on i.store_id = s.id
        where s.mesh_id like 'A%' group by s.id, i.id order by s.id`,
  );
  const stores = [];
  for (const r of rows) {
    const devices = typeof r.devices === 'string' ? JSON.parse(r.devices) : r.devices;
    const named = (name) => devices.filter((d) => d.name === name).map((d) => d.uuid);
    stores.push({
      id: r.id,
      meshId: r.mesh_id,
      timezone: r.timezone,
      tenantId: r.tenant_id,
      senderId: r.sender_id,
      deviceName: r.device_name,
      gateway: r.device_name,
      deviceIds: new Map(devices.map((d) => [d.uuid, d.id])),
      deviceKinds: new Map(devices.map((d) => [d.uuid, d.kind])),
      luminaires: devices.filter((d) => d.kind === 'luminaire').map((d) => d.uuid),
      counters: named('Entrance counter'),
      zones: named('Zone'),
      heatmaps: named('Heatmap'),
      sensors: devices.filter((d) => d.kind === 'sensor').map((d) => d.id),
    });
  }
  return stores;
}

// ---------------------------------------------------------------- loading

/**
 * The simulator's reports, one interval an hour: per store and hour, one presence report per
 * luminaire that saw someone, one entrance report per counter, one zone reading, one heatmap
 * frame and the gateway's heartbeat, dated at the hour's end.
 */
function* hourlyReports(stores, from, to) {
  for (const store of stores)
    for (let t = from; t < to; t += HOUR_MS) for (const report of storeReports(store, new Date(t), 3600, 'y')) yield { store, report };
}

const storedOf = ({ store, report }) => ({
  tenantId: store.tenantId,
  storeId: store.id,
  senderId: store.senderId,
  storeDeviceId: store.deviceIds.get(report.device),
  subject: report.device,
  subjectKind: store.deviceKinds.get(report.device),
  kind: report.kind,
  reportedAt: new Date(report.at),
  report,
});

const escape = (text) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

/** PostgreSQL: the raw rows by COPY and, on a second connection at the same time, the rollups by the rollup function itself. */
async function bulkPostgres(database, url, stores, from, to) {
  const copier = new pg.Client({ connectionString: url });
  await copier.connect();
  await copier.query('SET synchronous_commit = off');
  let reports = 0;
  const receivedAt = new Date().toISOString();
  try {
    for (let day = from; day < to; day += DAY_MS) {
      for (let s = 0; s < stores.length; s += 100) {
        const items = [...hourlyReports(stores.slice(s, s + 100), day, Math.min(day + DAY_MS, to))];
        reports += items.length;
        const lines = function* () {
          for (const { store, report: r } of items)
            yield `${store.tenantId}\t${store.id}\t${store.senderId}\t${r.device}\t${store.deviceIds.get(r.device)}\t${r.kind}\t${r.id}\t${r.at}\t${receivedAt}\t${escape(JSON.stringify(r))}\n`;
        };
        const copy = pipeline(
          Readable.from(lines()),
          copier.query(
            copyFrom(
              'COPY device_reports (tenant_id, store_id, sender_id, subject, store_device_id, kind, message_id, reported_at, received_at, payload) FROM STDIN',
            ),
          ),
        );
        const rollups = database.db.transaction((tx) => rollUp(tx, items.map(storedOf)));
        await Promise.all([copy, rollups]);
      }
      process.stderr.write(`\r  ${new Date(day).toISOString().slice(0, 10)}: ${reports.toLocaleString('en')} reports`);
    }
  } finally {
    process.stderr.write('\n');
    await copier.end();
  }
  return reports;
}

/** PGlite (one connection): the raw rows by one set-based insert a batch, then the rollups by the rollup function. */
async function bulkPglite(database, stores, from, to) {
  let reports = 0;
  for (let day = from; day < to; day += DAY_MS) {
    for (let s = 0; s < stores.length; s += 100) {
      const items = [...hourlyReports(stores.slice(s, s + 100), day, Math.min(day + DAY_MS, to))];
      reports += items.length;
      for (let i = 0; i < items.length; i += 5000) {
        const part = items.slice(i, i + 5000);
        const batch = JSON.stringify(
          part.map(({ store, report: r }) => ({ t: store.tenantId, s: store.id, g: store.senderId, u: r.device, d: store.deviceIds.get(r.device), p: r })),
        );
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`
            insert into device_reports (tenant_id, store_id, sender_id, subject, store_device_id, kind, message_id, reported_at, payload)
            select t, s, g, u, d, p->>'kind', p->>'id', (p->>'at')::timestamptz, p
            from jsonb_to_recordset(${batch}::jsonb) as x(t int, s int, g int, u text, d int, p jsonb)`);
          await rollUp(tx, part.map(storedOf));
        });
      }
    }
    process.stderr.write(`\r  ${new Date(day).toISOString().slice(0, 10)}: ${reports.toLocaleString('en')} reports`);
  }
  process.stderr.write('\n');
  return reports;
}

/** The last hours through the real ingest function: each gateway's reports in batches of 500, four gateways at a time. */
async function ingestSample(database, stores, from, to) {
  const batches = [];
  for (const store of stores) {
    const reports = [];
    for (let t = from; t < to; t += HOUR_MS) reports.push(...storeReports(store, new Date(t), 3600, 'y'));
    for (let i = 0; i < reports.length; i += 500) batches.push({ store, reports: reports.slice(i, i + 500) });
  }
  const count = batches.reduce((n, b) => n + b.reports.length, 0);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const { store, reports } = batches[next++];
        const sender = {
          id: store.senderId,
          tenantId: store.tenantId,
          storeId: store.id,
          storeDeviceId: store.deviceIds.get(store.gateway),
          storeDeviceKind: 'gateway',
          deviceName: store.deviceName,
        };
        await ingestReports(database.db, sender, ReportBatch.parse({ reports }).reports, new Date());
      }
    }),
  );
  return { count, ms: performance.now() - started };
}

/** Loads the year: bulk up to the last `ingestDays`, those through the ingest function; prints the figures. */
async function load(database, kind, url, size) {
  const started = performance.now();
  const stores = await makeStores(database.db, size.stores, size.luminaires);
  log(
    `  ${stores.length} stores (${size.luminaires} luminaires, an entrance counter, a zone and a heatmap sensor each) in ${seconds(performance.now() - started)}`,
  );
  const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const start = end - size.days * DAY_MS;
  const cut = end - size.ingestDays * DAY_MS;
  const times = [];
  for (let t = start; t <= end + DAY_MS; t += DAY_MS) times.push(t);
  await ensureReportPartitions(database.db, times);

  // Days older than `rawDays` (counted back from the end) have no raw reports: their rollups are written directly.
  const rawStart = Math.max(start, end - size.rawDays * DAY_MS);
  if (rawStart > start) {
    const directStarted = performance.now();
    await writeRollupsDirectly(database.db, start, rawStart);
    const direct = await rollupCounts(database.db);
    log(
      `  written straight into the rollups: ${(rawStart - start) / DAY_MS} days (${Object.entries(direct)
        .map(([t, n]) => `${t.replace('analytics_', '')} ${n.toLocaleString('en')}`)
        .join(', ')}) in ${seconds(performance.now() - directStarted)}`,
    );
  }
  const bulkStarted = performance.now();
  const bulk = kind === 'postgres' ? await bulkPostgres(database, url, stores, rawStart, cut) : await bulkPglite(database, stores, rawStart, cut);
  const bulkMs = performance.now() - bulkStarted;
  const rollupRows = await rollupCounts(database.db);
  log(
    `  bulk: ${bulk.toLocaleString('en')} reports (hourly intervals, ${(cut - rawStart) / DAY_MS} days) in ${seconds(bulkMs)} → ${perSecond(bulk, bulkMs)} ` +
      `(${kind === 'postgres' ? 'COPY of the raw rows alongside' : 'one insert a batch of the raw rows, then'} the rollup function in batches)`,
  );
  const sample = await ingestSample(database, stores, cut, end);
  log(
    `  ingest function: ${sample.count.toLocaleString('en')} reports (the last ${size.ingestDays} day(s), batches of 500, 4 gateways at once) in ${seconds(sample.ms)} → ${perSecond(sample.count, sample.ms)}`,
  );
  // As the retention job leaves it: per-minute rollups only for the last two days.
  await database.db.execute(sql`delete from analytics_store_minutely where minute < ${new Date(end - 2 * DAY_MS).toISOString()}::timestamptz`);
  const vacuumStarted = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  log(
    `  rollup rows: ${Object.entries(rollupRows)
      .map(([t, n]) => `${t.replace('analytics_', '')} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
  log(`  loading in all: ${seconds(performance.now() - started)} (vacuum analyze ${seconds(performance.now() - vacuumStarted)})`);
}

/**
 * The rollups of the days before `to`, written by SQL without raw reports, for a year of a
 * thousand stores (some 200 million reports) that the raw path would take hours to load. The
 * same shape as the simulation: the stores' opening hours in their own zones, a midday peak,
 * luminaires' persons and dwell buckets, the counter's walk-ins and exits, zone highs and lows,
 * one 8 × 8 heatmap frame an open hour. Daily rows are the sums of the hourly ones, as the
 * rollup function keeps them.
 */
async function writeRollupsDirectly(db, from, to) {
  const [start, end] = [new Date(from).toISOString(), new Date(to).toISOString()];
  const storeIds = (await rowsOf(db, sql`select id from stores where mesh_id like 'A%' order by id`)).map((r) => r.id);
  // The simulation's opening hours (Sunday's, and every other day's) and a midday peak: an open
  // hour's weight, 1 to 4.
  const [[sundayOpen, sundayClose], [open, close]] = [openingHours(0), openingHours(1)];
  const firstHour = (dow) => sql`case when ${dow} = 0 then ${sundayOpen}::int else ${open}::int end`;
  const lastHour = (dow) => sql`case when ${dow} = 0 then ${sundayClose - 1}::int else ${close - 1}::int end`;
  const weight = (hour) => sql`(1 + round(3 * exp(-((${hour} - 13) ^ 2) / 8.0))::int)`;
  // A store's local hours from its first local midnight in the range to its last.
  const hoursOf = (storeId) => sql`(
    select s.tenant_id, s.id as store_id, h.local_hour, ${weight(sql`extract(hour from h.local_hour)`)} as busy
    from stores s
    cross join generate_series(date_trunc('day', ${start}::timestamptz at time zone s.timezone),
      date_trunc('day', ${end}::timestamptz at time zone s.timezone) - interval '1 hour', interval '1 hour') h(local_hour)
    where s.id = ${storeId}
      and extract(hour from h.local_hour) between ${firstHour(sql`extract(dow from h.local_hour)`)} and ${lastHour(sql`extract(dow from h.local_hour)`)}
  ) h`;
  for (const [n, storeId] of storeIds.entries()) {
    await db.execute(sql`
      insert into analytics_device_hourly (tenant_id, store_id, store_device_id, local_hour, persons, dwell_short, dwell_medium, dwell_long, dwell_ms, walk_ins, exits)
      select h.tenant_id, h.store_id, d.id, h.local_hour, f.persons, f.persons / 2, f.persons / 3, f.persons - f.persons / 2 - f.persons / 3,
        (f.persons / 2) * 2500 + (f.persons / 3) * 25000 + (f.persons - f.persons / 2 - f.persons / 3) * 95000, f.walk_ins, f.walk_ins
      from ${hoursOf(storeId)}
      join store_devices d on d.store_id = h.store_id and (d.kind = 'luminaire' or d.name = 'Entrance counter')
      cross join lateral (select case when d.kind = 'luminaire' then floor(random() * 8 * h.busy)::int else 0 end as persons,
        case when d.kind = 'luminaire' then 0 else floor(random() * 24 * h.busy)::int end as walk_ins) f
      order by h.local_hour, d.id`);
    await db.execute(sql`
      insert into analytics_zone_hourly (tenant_id, store_id, store_device_id, local_hour, people_max, people_min)
      select h.tenant_id, h.store_id, d.id, h.local_hour, 2 + floor(random() * 6 * h.busy)::int, floor(random() * 2)::int
      from ${hoursOf(storeId)} join store_devices d on d.store_id = h.store_id and d.name = 'Zone'`);
    // A heatmap hour is the sensor's pattern of the day times the hour's weight, so a day's cells
    // (the pattern times the day's summed weights) are exactly the sum of its hours'.
    await db.execute(sql`
      with days as (
        select d.id as device_id, day::date as local_date, array(select floor(random() * 6)::bigint from generate_series(1, 64) where d.id is not null) as pattern
        from stores s join store_devices d on d.store_id = s.id and d.name = 'Heatmap'
        cross join generate_series(date_trunc('day', ${start}::timestamptz at time zone s.timezone),
          date_trunc('day', ${end}::timestamptz at time zone s.timezone) - interval '1 day', interval '1 day') day
        where s.id = ${storeId}
      ),
      hourly as (
        insert into analytics_heatmap_hourly (tenant_id, store_id, store_device_id, local_hour, width, height, frames, cells)
        select h.tenant_id, h.store_id, m.device_id, h.local_hour, 8, 8, 1, array(select c * h.busy from unnest(m.pattern) with ordinality u(c, i) order by i)
        from ${hoursOf(storeId)} join days m on m.local_date = h.local_hour::date
      )
      insert into analytics_heatmap_daily (tenant_id, store_id, store_device_id, local_date, width, height, frames, cells)
      select s.tenant_id, s.id, m.device_id, m.local_date, 8, 8, w.frames, array(select c * w.weight from unnest(m.pattern) with ordinality u(c, i) order by i)
      from days m cross join stores s
      cross join lateral (select count(*)::int as frames, sum(${weight(sql`x`)})::int as weight
        from generate_series(${firstHour(sql`extract(dow from m.local_date)`)}, ${lastHour(sql`extract(dow from m.local_date)`)}) x) w
      where s.id = ${storeId}`);
    if (n % 20 === 19) process.stderr.write(`\r  ${n + 1} of ${storeIds.length} stores written`);
  }
  process.stderr.write('\n');
  const FIGURES = ['persons', 'dwell_short', 'dwell_medium', 'dwell_long', 'dwell_ms', 'walk_ins', 'exits'];
  const columns = sql.join(
    FIGURES.map((f) => sql.identifier(f)),
    sql`, `,
  );
  const sums = sql.join(
    FIGURES.map((f) => sql`sum(${sql.identifier(f)})`),
    sql`, `,
  );
  await db.execute(sql`
    insert into analytics_device_daily (tenant_id, store_id, store_device_id, local_date, ${columns})
    select tenant_id, store_id, store_device_id, local_hour::date, ${sums} from analytics_device_hourly group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into analytics_store_hourly (tenant_id, store_id, local_hour, ${columns})
    select tenant_id, store_id, local_hour, ${sums} from analytics_device_hourly group by 1, 2, 3`);
  await db.execute(sql`
    insert into analytics_store_daily (tenant_id, store_id, local_date, ${columns})
    select tenant_id, store_id, local_hour::date, ${sums} from analytics_store_hourly group by 1, 2, 3`);
}

async function rollupCounts(db) {
  const tables = [
    'analytics_device_hourly',
    'analytics_device_daily',
    'analytics_store_hourly',
    'analytics_store_daily',
    'analytics_zone_hourly',
    'analytics_heatmap_hourly',
    'analytics_heatmap_daily',
  ];
  const counts = {};
  for (const t of tables) counts[t] = Number((await rowsOf(db, sql`select count(*)::int as n from ${sql.identifier(t)}`))[0].n);
  return counts;
}

// ---------------------------------------------------------------- measuring

/**
 * Records what the server sends while a request runs, grouped in waves: a statement sent while
 * another of the request is still running joins its wave (the handler's `Promise.all`), so the
 * bare leg can run them with the same concurrency.
 */
class Recorder {
  recording = false;
  waves = [];
  inFlight = 0;
  note(text, values) {
    if (!this.recording) return () => undefined;
    if (this.inFlight === 0 || this.waves.length === 0) this.waves.push([]);
    this.waves.at(-1).push({ text, values: values ?? [] });
    this.inFlight++;
    return () => this.inFlight--;
  }
  take() {
    const waves = this.waves;
    this.waves = [];
    return waves;
  }
}
const recorder = new Recorder();

function recordPostgres() {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    if (!recorder.recording || typeof config?.submit === 'function') return query.call(this, config, values, callback);
    const text = typeof config === 'string' ? config : config.text;
    const done = recorder.note(text, typeof config === 'string' ? values : (config.values ?? values));
    const cb = typeof values === 'function' ? values : callback;
    if (cb) {
      const wrapped = (...a) => {
        done();
        cb(...a);
      };
      return typeof values === 'function' ? query.call(this, config, wrapped) : query.call(this, config, values, wrapped);
    }
    return query.call(this, config, values).finally(done);
  };
}

function recordPglite(client) {
  const query = client.query.bind(client);
  client.query = (text, values, options) => {
    const done = recorder.note(text, values);
    return query(text, values, options).finally(done);
  };
}

/** The handler's own statements: the analytics and store reads, not the session check or the access log. */
const OWN = /analytics_|from "?stores"? s\b|store_devices|store_floor_plans|heatmap_sensor_placements/;

async function measure(run, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

async function measureApi(kind, database, bare, stores, days) {
  const { built, base } = await startBenchServer(database.handle, kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir });
  const { app } = built;
  try {
    const token = await adminToken(base, PASSWORD);
    // Periods inside the loaded year, as the stores' local dates.
    const end = Date.now();
    const random = seededRandom(7);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const dayInYear = () => new Date(end - (1 + Math.floor(random() * (days - 2))) * DAY_MS).toISOString().slice(0, 10);
    const months = [...new Set(Array.from({ length: days - 1 }, (_, d) => new Date(end - (d + 1) * DAY_MS).toISOString().slice(0, 7)))];
    const cases = [
      {
        name: 'store-popularity, one store, a month by day',
        goal: 20,
        path: 'store-popularity',
        params: () => ({ storeId: pick(stores).id, 'period[kind]': 'month', 'period[date]': `${pick(months)}-01` }),
      },
      {
        name: 'store-popularity, one store, a month by day against the month before',
        goal: 20,
        path: 'store-popularity',
        params: () => ({ storeId: pick(stores).id, 'period[kind]': 'month', 'period[date]': `${pick(months)}-01`, 'period[compare]': 'previous' }),
      },
      {
        name: 'store-ranking, all stores, a month',
        goal: 200,
        path: 'store-ranking',
        params: () => ({ 'period[kind]': 'month', 'period[date]': `${pick(months)}-01` }),
      },
      {
        name: 'store-ranking, all stores, a month against a year earlier, by change',
        goal: 200,
        path: 'store-ranking',
        params: () => ({ 'period[kind]': 'month', 'period[date]': `${pick(months)}-01`, 'period[compare]': 'yearEarlier', order: 'change' }),
      },
      { name: 'today, one store', goal: 50, path: 'today', params: () => ({ storeId: pick(stores).id }) },
      {
        name: 'heatmap, one store, a week',
        goal: 50,
        path: 'heatmap',
        params: () => ({ storeId: pick(stores).id, 'period[kind]': 'week', 'period[date]': dayInYear() }),
      },
      {
        name: 'heatmap, one store, a week against the week before',
        goal: 50,
        path: 'heatmap',
        params: () => ({ storeId: pick(stores).id, 'period[kind]': 'week', 'period[date]': dayInYear(), 'period[compare]': 'previous' }),
      },
    ];
    const results = [];
    for (const c of cases) {
      const urls = Array.from({ length: WARM_UP + RUNS }, () => {
        const url = new URL(`/api/v2/saas/web/analytics/${c.path}`, base);
        for (const [k, v] of Object.entries(c.params())) url.searchParams.set(k, String(v));
        return url;
      });
      const recorded = [];
      const call = async (i) => {
        recorder.recording = true;
        const body = await (await fetch(urls[i], { headers: { authorization: `Bearer ${token}` } })).json();
        recorder.recording = false;
        if (body.code !== 200) throw new Error(`${c.path}: unexpected answer ${JSON.stringify(body).slice(0, 300)}`);
        const waves = recorder.take();
        if (process.env.BENCH_VERBOSE && i === 0)
          for (const wave of waves) console.error(`wave:\n  ${wave.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 160)).join('\n  ')}`);
        recorded[i] = waves.map((wave) => wave.filter((s) => OWN.test(s.text))).filter((wave) => wave.length > 0);
      };
      for (let i = 0; i < WARM_UP; i++) await call(i);
      const api = await measure((i) => call(WARM_UP + i), RUNS);
      for (let i = 0; i < WARM_UP; i++) await bare(recorded[i]);
      const sqlFigures = await measure((i) => bare(recorded[WARM_UP + i]), RUNS);
      const met = api.p95 <= c.goal;
      log(
        `  ${c.name}: API p50 ${api.p50.toFixed(1)} ms p95 ${api.p95.toFixed(1)} ms (goal ≤ ${c.goal} ms: ${met ? 'met' : 'MISSED'}); ` +
          `bare SQL p50 ${sqlFigures.p50.toFixed(1)} ms p95 ${sqlFigures.p95.toFixed(1)} ms; API p95 / SQL p95 ${(api.p95 / sqlFigures.p95).toFixed(2)}×`,
      );
      results.push({ ...c, api, sql: sqlFigures });
    }
    return results;
  } finally {
    await app.close();
  }
}

/** A small deterministic generator, so two runs ask for the same stores and periods. */
function seededRandom(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function rowsOf(db, statement) {
  return (await db.execute(statement)).rows;
}

// ---------------------------------------------------------------- the two databases

async function onPostgres() {
  const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = args.reuse ?? `lightdesk_bench_analytics_${randomBytes(4).toString('hex')}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  if (!args.reuse) await admin.query(`CREATE DATABASE ${name}`);
  let handle;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => undefined);
  const size = {
    stores: Number(args.stores),
    luminaires: Number(args.luminaires),
    days: Number(args.days),
    ingestDays: Number(args['ingest-days']),
    rawDays: Number(args['raw-days'] ?? args.days),
  };
  try {
    handle = await openDatabase({ url: url.toString() });
    process.on('unhandledRejection', (e) => console.error('unhandled', e));
    await handle.migrate();
    if (args.reuse) log(`PostgreSQL: reusing ${name}`);
    else {
      log(`PostgreSQL: ${size.stores} stores × ${size.luminaires} luminaires × ${size.days} days (database ${name})`);
      await seedBenchDatabase(handle.db, PASSWORD);
      await load(handle, 'postgres', url.toString(), size);
    }
    const stores = await benchStores(handle.db);
    const days = Number((await rowsOf(handle.db, sql`select count(distinct local_date)::int as n from analytics_store_daily`))[0].n);
    recordPostgres();
    // The bare leg: each wave's statements at once on separate connections, as the handler sent them.
    const bare = async (waves) => {
      for (const wave of waves) await Promise.all(wave.map((s) => pool.query({ text: s.text, values: s.values, rowMode: 'array' })));
    };
    return await measureApi('postgres', { url: url.toString(), handle }, bare, stores, days);
  } finally {
    await pool.end();
    await handle?.close();
    if (!args.keep && !args.reuse) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else log(`  kept database ${name} (next time: --reuse ${name})`);
    await admin.end();
  }
}

async function onPglite() {
  const dataDir = args['reuse-pglite'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-bench-analytics-'));
  const size = {
    stores: Number(args['pglite-stores']),
    luminaires: Number(args.luminaires),
    days: Number(args['pglite-days']),
    ingestDays: Number(args['ingest-days']),
    rawDays: Number(args['raw-days'] ?? args['pglite-days']),
  };
  const client = await PGlite.create(path.join(dataDir, 'db'));
  const handle = await openDatabase({ pglite: client });
  try {
    await handle.migrate();
    if (args['reuse-pglite']) log(`PGlite: reusing ${dataDir}`);
    else {
      log(`PGlite: ${size.stores} stores × ${size.luminaires} luminaires × ${size.days} days (data in ${dataDir})`);
      await seedBenchDatabase(handle.db, PASSWORD);
      await load(handle, 'pglite', undefined, size);
    }
    const stores = await benchStores(handle.db);
    const days = Number((await rowsOf(handle.db, sql`select count(distinct local_date)::int as n from analytics_store_daily`))[0].n);
    recordPglite(client);
    const bare = async (waves) => {
      for (const wave of waves) for (const s of wave) await client.query(s.text, s.values, { rowMode: 'array' });
    };
    return await measureApi('pglite', { dataDir, handle }, bare, stores, days);
  } finally {
    await handle.close();
    if (!args.keep && !args['reuse-pglite']) fs.rmSync(dataDir, { recursive: true, force: true });
    else log(`  kept PGlite data in ${dataDir} (next time: --reuse-pglite ${dataDir})`);
  }
}

if (!args['skip-postgres']) await onPostgres();
if (!args['skip-pglite']) await onPglite();
