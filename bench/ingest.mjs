// Ingest throughput on PostgreSQL: reports through the ingest function (validation, idempotency,
// durable write, online state) and end to end over HTTP, the built-in MQTT broker and an external
// Mosquitto (started here, when installed), each against a bare COPY of the same rows into the
// same table in the same run. Run with tsx (the server is TypeScript):
//   node --import tsx bench/ingest.mjs [--reports 200000] [--streams 4] [--keep]
// BENCH_DATABASE_URL names a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a fresh database is made there and dropped afterwards unless --keep.
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ReportBatch } from '../packages/contract/src/index.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { HttpGateway, ingestReports, MqttGateway } from '../apps/server/src/modules/device/index.ts';
import { storeReports } from '../apps/server/src/modules/device/simulation/store-reports.ts';
import { hasMosquitto, startMosquitto } from '../apps/server/src/modules/device/mqtt/test-broker.ts';
import { freePort, freshDatabase, makeBenchStores } from './devices.mjs';
import { seedBenchDatabase, startBenchServer } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    reports: { type: 'string', default: '200000' },
    streams: { type: 'string', default: '4' },
    interval: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const TOTAL = Number(args.reports);
const STREAMS = Number(args.streams);
const BATCH = 500;
const STORES = 8;
/** Seconds each report covers: `npm run simulate` sends every 10 s by default. */
const INTERVAL = Number(args.interval);
const ROUNDS = Number(args.rounds);
const DAY_MS = 86_400_000;

const fresh = await freshDatabase('ingest');
let database;
let built;
let external;
let broker;
let bulk;
let stores;
try {
  database = await openDatabase({ url: fresh.url });
  await database.migrate();
  await seedBenchDatabase(database.db, `Bench-${randomBytes(6).toString('hex')}`);
  bulk = new pg.Client({ connectionString: fresh.url });
  await bulk.connect();
  stores = await makeBenchStores(bulk, database.db, STORES);

  // The same reports for every leg: each store's hours, oldest first, in batches of up to 500 as a
  // gateway sends what it has gathered, until there are enough. They end before now at the latest
  // (every store reports a heartbeat each interval, at least), from a midnight (UTC), because the
  // ingest refuses reports dated ahead of its clock or older than the retention (365 days here).
  const start = Math.floor((Date.now() - Math.ceil(TOTAL / STORES) * INTERVAL * 1000) / DAY_MS) * DAY_MS;
  const batches = [];
  const pending = new Map(stores.map((store) => [store, []]));
  let count = 0;
  for (let step = 0; count < TOTAL; step++) {
    for (const store of stores) {
      const gathered = pending.get(store);
      for (const report of storeReports(store, new Date(start + step * INTERVAL * 1000), INTERVAL, 'bench')) {
        if (count === TOTAL) break;
        gathered.push(report);
        count++;
        if (gathered.length === BATCH) batches.push({ store, reports: gathered.splice(0) });
      }
    }
  }
  for (const [store, gathered] of pending) if (gathered.length) batches.push({ store, reports: gathered });
  const days = new Set(batches.flatMap((b) => b.reports.map((r) => r.at.slice(0, 10))));
  console.error(`${count} reports in ${batches.length} batches over ${days.size} days, ${STORES} stores`);

  // The message ids too: each leg stores the same reports anew.
  const reset = () => bulk.query('TRUNCATE device_reports, device_report_messages');
  const rate = (ms) => Math.round((count / ms) * 1000);

  // Bare COPY of the very rows the ingest writes, into the same partitioned table.
  const copy = async () => {
    await reset();
    const receivedAt = new Date().toISOString();
    const escape = (text) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
    const lines = function* () {
      for (const { store, reports } of batches) {
        for (const r of reports) {
          const subject = r.device === store.gateway ? store.gatewayRow : store.deviceIds.get(r.device);
          yield `${store.sender.tenantId}\t${store.sender.storeId}\t${store.sender.id}\t${r.device}\t${subject}\t${r.kind}\t${r.id}\t${r.at}\t${receivedAt}\t${escape(JSON.stringify(r))}\n`;
        }
      }
    };
    const started = performance.now();
    const stream = bulk.query(
      copyFrom(
        'COPY device_reports (tenant_id, store_id, sender_id, subject, store_device_id, kind, message_id, reported_at, received_at, payload) FROM STDIN',
      ),
    );
    await pipeline(Readable.from(lines()), stream);
    return performance.now() - started;
  };

  // `streams` callers at once, as gateways would arrive.
  const parallel = async (send) => {
    await reset();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: STREAMS }, async () => {
        while (next < batches.length) await send(batches[next++]);
      }),
    );
    return performance.now() - started;
  };
  const ingest = () =>
    parallel(async ({ store, reports }) => {
      // The contract check each transport makes before the ingest, counted in.
      const { reports: valid } = ReportBatch.parse({ reports });
      await ingestReports(database.db, store.sender, valid, new Date());
    });

  const mqttPort = await freePort();
  let base;
  ({ built, base } = await startBenchServer(database, { DATABASE_URL: fresh.url, MQTT_PORT: String(mqttPort) }));
  await built.connections.start();
  for (const store of stores) {
    store.http = new HttpGateway(base, store.sender.productKey, store.sender.deviceName, store.sender.secret);
    store.mqtt = await MqttGateway.connect(`mqtt://127.0.0.1:${mqttPort}`, store.sender.productKey, store.sender.deviceName, store.sender.secret, {
      will: false,
    });
  }
  const http = () => parallel(({ store, reports }) => store.http.report(reports));
  // Over MQTT (the built-in broker) a batch is one QoS 1 message, acknowledged after the commit.
  const mqtt = () => parallel(({ store, reports }) => store.mqtt.report(reports));
  const legs = { ingest, http, mqtt };

  // Through Mosquitto the broker acknowledges each batch itself and queues it for a second server
  // consuming the shared subscription as a cluster member does: timed until every report is stored.
  if (hasMosquitto) {
    broker = await startMosquitto();
    ({ built: external } = await startBenchServer(database, { DATABASE_URL: fresh.url, MQTT_URL: broker.url }));
    await external.connections.start();
    for (const store of stores) {
      for (let i = 0; !store.viaBroker; i++) {
        // The server provisions the devices' broker accounts once it is connected.
        store.viaBroker = await MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, store.sender.productKey, store.sender.deviceName, store.sender.secret, {
          will: false,
        }).catch((err) => (i < 100 ? new Promise((resolve) => setTimeout(() => resolve(undefined), 100)) : Promise.reject(err)));
      }
    }
    legs.mqttExternal = async () => {
      const published = await parallel(({ store, reports }) => store.viaBroker.report(reports));
      const started = performance.now() - published;
      while ((await bulk.query('SELECT count(*)::int AS n FROM device_reports')).rows[0].n < count) await new Promise((r) => setTimeout(r, 20));
      return performance.now() - started;
    };
  } else console.error('mosquitto is not installed: no external-broker leg');

  // The machine's speed drifts by a fifth from minute to minute, so each leg is paired with a
  // COPY run next to it: a round is COPY then the leg, the ratio is that round's, and the
  // figures are the median of `rounds` rounds. A first pass of every leg warms caches,
  // partitions, the database's plans and the server's compiled code.
  for (const leg of [copy, ...Object.values(legs)]) await leg();
  const rounds = Object.fromEntries(Object.keys(legs).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, leg] of Object.entries(legs)) {
      const copyMs = await copy();
      const legMs = await leg();
      const check = await bulk.query('SELECT count(*)::int AS n FROM device_reports');
      if (check.rows[0].n !== count) throw new Error(`${name}: stored ${check.rows[0].n} of ${count}`);
      rounds[name].push({ copyMs, legMs });
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  // Against the fastest COPY of the whole run as well: a ratio no slow COPY can flatter.
  const fastestCopy = Math.min(...Object.values(rounds).flatMap((r) => r.map((x) => x.copyMs)));
  const figure = (name) => ({
    rate: rate(median(rounds[name].map((r) => r.legMs))).toLocaleString('en'),
    ratio: `${median(rounds[name].map((r) => r.copyMs / r.legMs)).toFixed(2)}× COPY`,
    ratios: `${rounds[name].map((r) => (r.copyMs / r.legMs).toFixed(2)).join(' ')}; ${(fastestCopy / median(rounds[name].map((r) => r.legMs))).toFixed(2)}× the fastest`,
  });
  const copyRate = rate(median(Object.values(rounds).flatMap((r) => r.map((x) => x.copyMs)))).toLocaleString('en');
  console.log(`${count} reports (${INTERVAL} s each), ${ROUNDS} rounds: medians, each round's ratio and the ratio to the fastest COPY in brackets`);
  console.log(`bare COPY:         ${copyRate} reports/s (fastest ${rate(fastestCopy).toLocaleString('en')})`);
  const ingestFigure = figure('ingest');
  console.log(`ingest function:   ${ingestFigure.rate} reports/s (${STREAMS} streams) → ${ingestFigure.ratio} [${ingestFigure.ratios}] (goal ≥ 0.5×)`);
  const httpFigure = figure('http');
  console.log(`HTTP end to end:   ${httpFigure.rate} reports/s (${STREAMS} gateways, signed batches of ${BATCH}) → ${httpFigure.ratio} [${httpFigure.ratios}]`);
  const mqttFigure = figure('mqtt');
  console.log(`MQTT end to end:   ${mqttFigure.rate} reports/s (${STREAMS} gateways, QoS 1 batches of ${BATCH}) → ${mqttFigure.ratio} [${mqttFigure.ratios}]`);
  if (legs.mqttExternal) {
    const externalFigure = figure('mqttExternal');
    const perRound = rounds.mqttExternal.map((r, i) => rounds.mqtt[i].legMs / r.legMs);
    console.log(
      `MQTT via Mosquitto: ${externalFigure.rate} reports/s (one server, shared subscription) → ${externalFigure.ratio} [${externalFigure.ratios}]; ` +
        `${median(perRound).toFixed(2)}× the built-in broker [${perRound.map((r) => r.toFixed(2)).join(' ')}] (goal ≥ 0.8×)`,
    );
  }
} finally {
  for (const store of stores ?? []) await Promise.all([store.mqtt?.close(), store.viaBroker?.close()]);
  await built?.connections.stop();
  await external?.connections.stop();
  await external?.app.close();
  await broker?.stop();
  await bulk?.end();
  await built?.app.close();
  await database?.close();
  if (!args.keep) await fresh.drop();
}
