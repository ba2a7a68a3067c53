// Store list through the API against the same SQL run bare, on PostgreSQL with 10,000 stores,
// 100,000 app users and 500,000 devices. Run with tsx (the server is TypeScript):
//   node --import tsx bench/stores.mjs [--runs 200] [--keep] [--reuse <database>]
// BENCH_DATABASE_URL names a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a fresh database is made there and dropped afterwards unless --keep (or --reuse, which skips loading).
// The HTTP client runs in a child process of its own, as a real client does: in the server's
// process its fetches, JSON parsing and garbage would be timed as the server's.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { adminToken, seedBenchDatabase, startBenchServer } from './server.mjs';

const WARM_UP = 300;
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, keep: { type: 'boolean', default: false }, reuse: { type: 'string' } },
});
const RUNS = Number(args.runs);
const PASSWORD = 'Bench-Passw0rd-only';
const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const name = args.reuse ?? `lightdesk_bench_stores_${randomBytes(4).toString('hex')}`;
const target = new URL(server);
target.pathname = `/${name}`;

// Every statement the server sends, so the bare leg replays exactly the list's SQL.
const recorded = [];
let recording = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  if (recording) {
    const text = typeof config === 'string' ? config : config.text;
    recorded.push({ text, values: (typeof config === 'string' ? values : (config.values ?? values)) ?? [] });
  }
  return query.call(this, config, values, callback);
};

const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
if (!args.reuse) await admin.query(`CREATE DATABASE ${name}`);
let database;
let app;
let bare;
let http;
try {
  database = await openDatabase({ url: target.toString() });
  await database.migrate();
  // The bare leg's own connections: the list's statements run side by side, as the server sends them.
  bare = new pg.Pool({ connectionString: target.toString(), max: 2 });
  if (!args.reuse) {
    await seedBenchDatabase(database.db, PASSWORD);
    const seeding = performance.now();
    await seed(bare);
    console.error(`seeded in ${Math.round(performance.now() - seeding)} ms`);
  }

  const started = await startBenchServer(database, { DATABASE_URL: target.toString() });
  app = started.built.app;
  const base = started.base;
  const token = await adminToken(base, PASSWORD);
  http = startClient();

  const cases = [
    ['page 1', {}],
    // 9,000 of the 10,000 stores registered in the last 900 days, by name: page 400 exists.
    ['page 400, filter + sort', { page: 400, createdFrom: new Date(Date.now() - 900 * 86_400_000).toISOString(), sortBy: 'meshName', sortOrder: 'asc' }],
  ];
  for (const [label, q] of cases) {
    const url = new URL('/api/store/mesh/page', base);
    for (const [k, v] of Object.entries(q)) url.searchParams.set(k, String(v));
    const request = { url: url.toString(), token, label };
    recording = true;
    await http.run({ ...request, runs: 1, warmUp: 0 });
    recording = false;
    // The list's own statements (count and page), not the session check or the access log.
    if (process.env.BENCH_VERBOSE) for (const s of recorded) console.error(s.text.slice(0, 160));
    const statements = recorded.splice(0).filter((s) => /from "stores"/.test(s.text));
    if (statements.length !== 2) throw new Error(`${label}: expected the count and the page statement, saw ${statements.length}`);
    // The handler sends both before it awaits either; the bare leg does the same on two connections.
    const replay = () => Promise.all(statements.map((s) => bare.query({ text: s.text, values: s.values, rowMode: 'array' })));
    const api = figures(await http.run({ ...request, runs: RUNS, warmUp: WARM_UP }));
    const sql = figures(await measure(replay));
    const goal = 2 * sql.p95 + 2;
    console.log(
      `store list ${label}: API p50 ${api.p50.toFixed(2)} ms p95 ${api.p95.toFixed(2)} ms; bare SQL p50 ${sql.p50.toFixed(2)} ms p95 ${sql.p95.toFixed(2)} ms; ` +
        `ratio p95 ${(api.p95 / sql.p95).toFixed(2)}× (goal API ≤ 2× SQL + 2 ms = ${goal.toFixed(2)} ms: ${api.p95 <= goal ? 'met' : 'MISSED'})`,
    );
  }
} finally {
  http?.stop();
  await bare?.end();
  await app?.close();
  await database?.close();
  if (!args.keep && !args.reuse) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  else console.error(`kept database ${name} (next time: --reuse ${name})`);
  await admin.end();
}

async function measure(run, runs = RUNS, warmUp = WARM_UP) {
  for (let i = 0; i < warmUp; i++) await run();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

function figures(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

/** The client process (stores-client.mjs); each message asks it to time a run of requests. */
function startClient() {
  const child = fork(fileURLToPath(new URL('./stores-client.mjs', import.meta.url)), [], { execArgv: [] });
  let queue = Promise.resolve();
  return {
    run: (request) => {
      const done = queue.then(async () => {
        child.send(request);
        const [reply] = await once(child, 'message');
        if (reply.error) throw new Error(reply.error);
        return reply.times;
      });
      queue = done.catch(() => undefined);
      return done;
    },
    stop: () => child.kill(),
  };
}

/** Bulk rows in a few statements: every fifth store an agent's, ten countries, 50 devices a store. */
async function seed(db) {
  await db.query(`
    INSERT INTO app_users (email, nickname, country_code, password_hash, last_login_ip, created_at)
    SELECT 'user' || i || '@bench.example', 'User ' || i, (ARRAY['NL','DE','FR','GB','US','CN','JP','ES','IT','SE'])[1 + i % 10],
           'bench: no sign-in', '10.0.' || (i % 250) || '.' || (i % 200), now() - (i % 1000) * interval '1 day'
    FROM generate_series(1, 100000) i`);
  await db.query(`
    INSERT INTO stores (mesh_id, name, tenant_id, timezone, country_code, address, created_by, created_at)
    SELECT 'B' || lpad(i::text, 8, '0'), 'Store ' || md5(i::text), CASE WHEN i % 5 = 0 THEN 999 ELSE (SELECT id FROM tenants WHERE code = 'saas') END,
           'Europe/Amsterdam', (ARRAY['NL','DE','FR','GB','US','CN','JP','ES','IT','SE'])[1 + i % 10], 'Street ' || i, i,
           now() - (i / 10.0) * interval '1 day'
    FROM generate_series(1, 10000) i`);
  await db.query(`INSERT INTO store_members (store_id, app_user_id, role) SELECT s.id, s.created_by, 'admin' FROM stores s`);
  await db.query(`
    INSERT INTO store_members (store_id, app_user_id, role)
    SELECT (SELECT min(id) FROM stores) + (u % 10000), u, 'member' FROM generate_series(10001, 100000) u`);
  await db.query(`
    INSERT INTO lighting_groups (store_id, group_code, name)
    SELECT s.id, 49153 + g, 'Group ' || g FROM stores s, generate_series(0, 2) g`);
  await db.query(`
    INSERT INTO store_devices (store_id, kind, uuid, name, model, firmware_version, group_id)
    SELECT s.id, CASE WHEN d % 25 = 0 THEN 'gateway' ELSE 'luminaire' END, md5(s.id || ':' || d), 'Light ' || d, 'Luna', '1.0.' || (d % 7), NULL
    FROM stores s, generate_series(1, 50) d`);
  // As autovacuum would leave a loaded table: visibility map set, so counts are index-only scans.
  await db.query('VACUUM ANALYZE');
}
