// Lightdesk as a cluster on one machine: three server processes on one PostgreSQL and one
// Mosquitto (started here), sharing one file folder. Prints
//   - reports/s through the cluster (gateways publish as fast as the broker takes; timed until
//     every report is stored), with the CPU seconds each part spent and the WAL and table bytes
//     written per report, the figures the capacity plan in docs/operations.md is made from;
//   - reports lost when a server hangs mid-ingest and is killed (kill -9) and a replacement starts
//     (must be 0);
//   - the round trip of a group command (sent on one server, carried out by every store's gateway
//     over MQTT, acknowledged through whichever server the broker hands the answer to).
// Run with tsx (the server is TypeScript):
//   node --import tsx bench/cluster.mjs [--stores 24] [--reports 200000] [--servers 3] [--gather 1] [--commands 20] [--keep]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { MqttGateway } from '../apps/server/src/modules/device/index.ts';
import { hasMosquitto, startMosquitto } from '../apps/server/src/modules/device/mqtt/test-broker.ts';
import { storeReports } from '../apps/server/src/modules/device/simulation/store-reports.ts';
import { startServer, waitForUrl } from '../apps/server/src/test/server-process.ts';
import { freshDatabase, makeBenchStores } from './devices.mjs';
import { adminToken, seedBenchDatabase } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    stores: { type: 'string', default: '24' },
    reports: { type: 'string', default: '200000' },
    servers: { type: 'string', default: '3' },
    commands: { type: 'string', default: '20' },
    /** 10-second intervals each gateway message gathers: 1 sends every 10 s, 6 once a minute. */
    gather: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});
const STORES = Number(args.stores);
const TOTAL = Number(args.reports);
const SERVERS = Number(args.servers);
const GATHER = Number(args.gather);
if (!hasMosquitto) throw new Error('bench/cluster.mjs needs Mosquitto with its dynamic-security plugin (apt-get install mosquitto)');

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];
const round = (n, digits = 0) => Number(n.toFixed(digits)).toLocaleString('en');

/** CPU seconds (user + system) of the processes whose command name matches, from /proc. */
function cpuSeconds(match) {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!match(comm, pid)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

const fresh = await freshDatabase('cluster');
const password = `Bench-${randomBytes(6).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-cluster-bench-'));
const servers = [];
const gateways = [];
let broker;
let database;
let bulk;
try {
  broker = await startMosquitto();
  database = await openDatabase({ url: fresh.url });
  await database.migrate();
  await seedBenchDatabase(database.db, password);
  bulk = new pg.Client({ connectionString: fresh.url });
  await bulk.connect();
  const stores = await makeBenchStores(bulk, database.db, STORES);

  const env = {
    DATABASE_URL: fresh.url,
    MQTT_URL: broker.url,
    // One folder for every server's files: what a shared volume gives a real cluster.
    DATA_DIR: dataDir,
    LIGHTDESK_CAPTCHA: 'off',
    LIGHTDESK_RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    PORT: '0',
  };
  const start = async () => {
    const server = startServer(env);
    servers.push(server);
    server.base = await waitForUrl(server.output, server.child);
    for (let i = 0; (await fetch(`${server.base}/ready`)).status !== 200; i++) {
      if (i > 600) throw new Error(`not ready: ${await (await fetch(`${server.base}/ready`)).text()}`);
      await pause(100);
    }
    return server;
  };
  const members = await Promise.all(Array.from({ length: SERVERS }, start));
  const token = await adminToken(members[0].base, password);

  // Every store's gateway on MQTT, carrying out the commands it is sent.
  const commandAnswered = new Map();
  for (const store of stores) {
    for (let i = 0; !store.mqtt; i++) {
      // The servers give the broker the devices' accounts once connected.
      store.mqtt = await MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, store.sender.productKey, store.sender.deviceName, store.sender.secret, {
        will: false,
        onMessage: (kind, payload) => {
          if (kind !== 'command') return;
          void store.mqtt.ack('ack', { jobId: payload.jobId, status: 'ok' });
          commandAnswered.get(payload.commandId)?.();
        },
      }).catch((err) => (i < 200 ? pause(100).then(() => undefined) : Promise.reject(err)));
    }
    gateways.push(store.mqtt);
  }
  const stored = async () => (await bulk.query('SELECT count(*)::int AS n FROM device_reports')).rows[0].n;

  // 1. Throughput: each gateway's messages of yesterday's opening (from 11:00 in Amsterdam), one
  // every 10 s (or gathering `--gather` intervals each), oldest first: the ingest refuses reports
  // dated ahead of its clock or older than the retention.
  const opening = (Math.floor(Date.now() / 86_400_000) - 1) * 86_400_000 + 9 * 3_600_000;
  const batches = [];
  for (let step = 0, count = 0; count < TOTAL; step += GATHER) {
    for (const store of stores) {
      const gathered = Array.from({ length: GATHER }, (_, k) => storeReports(store, new Date(opening + (step + k) * 10_000), 10, 'cluster'));
      const reports = gathered.flat().slice(0, TOTAL - count);
      for (let i = 0; i < reports.length; i += 500) batches.push({ store, reports: reports.slice(i, i + 500) });
      count += reports.length;
      if (count >= TOTAL) break;
    }
  }
  const serverPids = new Set(servers.map((s) => String(s.child.pid)));
  const cpu = () => ({
    servers: cpuSeconds((_comm, pid) => serverPids.has(pid)),
    postgres: cpuSeconds((comm) => comm === 'postgres'),
    broker: cpuSeconds((comm) => comm === 'mosquitto'),
  });
  const wal = async () => (await bulk.query('SELECT pg_current_wal_lsn() AS lsn')).rows[0].lsn;
  const walBytes = async (from, to) => Number((await bulk.query('SELECT pg_wal_lsn_diff($1, $2) AS d', [to, from])).rows[0].d);
  const tableBytes = async () =>
    Number(
      (
        await bulk.query(
          `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS n FROM pg_class c
           WHERE c.relkind = 'r' AND (c.relname LIKE 'device_reports%' OR c.relname LIKE 'device_%rollup%' OR c.relname LIKE 'analytics_%')`,
        )
      ).rows[0].n,
    );
  const [walBefore, bytesBefore, cpuBefore] = [await wal(), await tableBytes(), cpu()];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    stores.map(async () => {
      while (next < batches.length) {
        const { store, reports } = batches[next++];
        await store.mqtt.report(reports);
      }
    }),
  );
  while ((await stored()) < TOTAL) await pause(20);
  const seconds = (performance.now() - started) / 1000;
  const [walAfter, bytesAfter, cpuAfter] = [await wal(), await tableBytes(), cpu()];
  const rate = TOTAL / seconds;
  const spent = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, cpuAfter[k] - cpuBefore[k]]));
  const walPerReport = (await walBytes(walBefore, walAfter)) / TOTAL;
  const diskPerReport = (bytesAfter - bytesBefore) / TOTAL;
  console.log(`${TOTAL.toLocaleString('en')} reports from ${STORES} gateways through ${SERVERS} servers and Mosquitto on ${os.cpus().length} cores`);
  console.log(
    `throughput:        ${round(rate)} reports/s in ${round(batches.length / seconds)} messages/s of ${round(TOTAL / batches.length)} reports (${round(seconds, 1)} s until every report was stored)`,
  );
  console.log(
    `CPU per 1,000 reports: servers ${round((spent.servers / TOTAL) * 1000, 3)} s, PostgreSQL ${round((spent.postgres / TOTAL) * 1000, 3)} s, Mosquitto ${round((spent.broker / TOTAL) * 1000, 3)} s` +
      ` → ${round(TOTAL / spent.servers)} reports/s per server core, ${round(TOTAL / spent.postgres)} per PostgreSQL core`,
  );
  console.log(`per report:        ${round(walPerReport)} bytes of WAL, ${round(diskPerReport)} bytes of tables and indexes (raw reports and rollups)`);

  // 2. Kill test: gateways report steadily; one server hangs with messages in flight, is killed, and a replacement starts.
  const acknowledged = new Set();
  let reporting = true;
  const reporters = stores.slice(0, 6).map(async (store, g) => {
    for (let batch = 0; reporting; batch++) {
      const reports = Array.from({ length: 10 }, (_, i) => ({
        id: `kill-g${g}-b${batch}-r${i}`,
        at: new Date().toISOString(),
        device: store.luminaires[i],
        kind: 'presence',
        seconds: 10,
        dwellMs: [1000],
      }));
      await store.mqtt.report(reports);
      for (const r of reports) acknowledged.add(r.id);
      await pause(25);
    }
  });
  await pause(2000);
  const victim = servers[1];
  victim.child.kill('SIGSTOP');
  await pause(3000);
  victim.child.kill('SIGKILL');
  const killedAt = performance.now();
  await start();
  await pause(1000);
  reporting = false;
  await Promise.all(reporters);
  const storedKill = async () => (await bulk.query(`SELECT count(DISTINCT message_id)::int AS n FROM device_reports WHERE message_id LIKE 'kill-%'`)).rows[0].n;
  let last = -1;
  for (let quietSince = performance.now(); performance.now() - quietSince < 40_000; await pause(250)) {
    const n = await storedKill();
    if (n === acknowledged.size) break;
    if (n !== last) [last, quietSince] = [n, performance.now()];
  }
  const recovered = (performance.now() - killedAt) / 1000;
  console.log(
    `kill -9 test:      ${acknowledged.size.toLocaleString('en')} reports acknowledged by the broker, ${(acknowledged.size - (await storedKill())).toLocaleString('en')} lost (goal 0); ` +
      `all stored ${round(recovered, 1)} s after the kill (the membership lease is 15 s)`,
  );

  // 3. Command round trip: sent through one server, acknowledged by every store's gateway.
  const trips = [];
  for (let i = 0; i < Number(args.commands); i++) {
    const t0 = performance.now();
    const res = await fetch(`${servers[0].base}/api/device/group-control/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        stores: stores.slice(0, 20).map((s) => s.sender.storeId),
        target: { kind: 'all' },
        command: { action: 'brightness', value: 10 + i },
      }),
    });
    const answer = await res.json();
    if (answer.code !== 200) throw new Error(`group command refused: ${JSON.stringify(answer)}`);
    const { data } = answer;
    for (;;) {
      const { rows } = await bulk.query(`SELECT count(*)::int AS n FROM device_command_jobs WHERE command_id = $1 AND state <> 'acknowledged'`, [data.id]);
      if (rows[0].n === 0) break;
      await pause(5);
    }
    trips.push(performance.now() - t0);
  }
  console.log(`command round trip: median ${round(median(trips))} ms, p95 ${round(p95(trips))} ms (20 stores each, sent to acknowledged by every gateway)`);
} finally {
  for (const g of gateways) await g.close().catch(() => undefined);
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await bulk?.end();
  await database?.close();
  await broker?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!args.keep) await fresh.drop();
}
