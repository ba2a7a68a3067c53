// Group command round trip over MQTT: from the console's request to each store's gateway
// acknowledging it (the acknowledgement committed), for 20 stores at once, on PostgreSQL with the
// built-in broker. Prints p50 and p95.
//   node --import tsx bench/commands.mjs [--stores 20] [--commands 30]
// BENCH_DATABASE_URL names a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a fresh database is made there and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CommandDown } from '../packages/contract/src/index.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { MqttGateway } from '../apps/server/src/modules/device/index.ts';
import { freePort, freshDatabase, makeBenchStores } from './devices.mjs';
import { seedBenchDatabase, startBenchServer } from './server.mjs';

const { values: args } = parseArgs({ options: { stores: { type: 'string', default: '20' }, commands: { type: 'string', default: '30' } } });
const STORES = Number(args.stores);
const COMMANDS = Number(args.commands);
const PASSWORD = `Bench-${randomBytes(6).toString('hex')}`;

const fresh = await freshDatabase('commands');
let database;
let built;
let client;
const gateways = [];
try {
  database = await openDatabase({ url: fresh.url });
  await database.migrate();
  await seedBenchDatabase(database.db, PASSWORD);
  client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  const stores = await makeBenchStores(client, database.db, STORES);
  const mqttPort = await freePort();
  let base;
  ({ built, base } = await startBenchServer(database, { DATABASE_URL: fresh.url, MQTT_PORT: String(mqttPort) }));
  await built.connections.start();

  // Each gateway acknowledges a command as soon as it arrives; the time is taken when the broker
  // has acknowledged the acknowledgement, i.e. the server committed it.
  const acknowledged = new Map(); // command id → when each store's acknowledgement was committed
  const ackedAt = (commandId) => acknowledged.get(commandId) ?? acknowledged.set(commandId, []).get(commandId);
  for (const { sender } of stores) {
    const gateway = await MqttGateway.connect(`mqtt://127.0.0.1:${mqttPort}`, sender.productKey, sender.deviceName, sender.secret, {
      onMessage: (kind, payload) => {
        const command = CommandDown.safeParse(payload);
        if (kind !== 'command' || !command.success) return;
        void gateway.ack('ack', { jobId: command.data.jobId, status: 'ok' }).then(() => ackedAt(command.data.commandId).push(performance.now()));
      },
    });
    gateways.push(gateway);
    // Online before the first command: a store whose gateway is offline fails fast instead.
    await gateway.report([{ id: 'hello', at: new Date().toISOString(), device: sender.deviceName, kind: 'heartbeat' }]);
  }
  const token = (
    await (
      await fetch(`${base}/api/system/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
    ).json()
  ).data.accessToken;

  const samples = [];
  for (let c = 0; c < COMMANDS + 3; c++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/device/group-control/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ stores: stores.map((s) => s.sender.storeId), target: { kind: 'all' }, command: { action: 'brightness', value: c % 100 } }),
    });
    const answer = await res.json();
    if (answer.code !== 200) throw new Error(`send refused: ${JSON.stringify(answer)}`);
    const acks = ackedAt(answer.data.id);
    for (let wait = 0; acks.length < STORES; wait++) {
      if (wait > 3000) throw new Error(`only ${acks.length} of ${STORES} stores acknowledged`);
      await new Promise((r) => setTimeout(r, 2));
    }
    const times = acks.map((t) => t - started);
    if (c >= 3) samples.push(...times); // the first few warm up
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(1);
  console.log(
    `group command round trip over MQTT, ${STORES} stores × ${COMMANDS} commands: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (console request → acknowledgement committed)`,
  );
} finally {
  for (const gateway of gateways) await gateway.close().catch(() => undefined);
  await built?.connections.stop();
  await built?.app.close();
  await client?.end();
  await database?.close();
  await fresh.drop();
}
