// Durability: gateways send reports without pause while the server is killed with SIGKILL; after a
// restart, every report the server acknowledged must be stored. Prints both counts.
//   node --import tsx bench/durability.mjs [--transport http|mqtt] [--gateways 8] [--seconds 6]
// Needs the built server (npm run build) and PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres); a fresh database is made there and dropped after.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { HttpGateway, MqttGateway } from '../apps/server/src/modules/device/index.ts';
import { freePort, freshDatabase, makeBenchStores } from './devices.mjs';

const { values: args } = parseArgs({
  options: { gateways: { type: 'string', default: '8' }, seconds: { type: 'string', default: '6' }, transport: { type: 'string', default: 'http' } },
});
const GATEWAYS = Number(args.gateways);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const mqttPort = await freePort();

const start = () => {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: fresh.url,
      PORT: String(port),
      LIGHTDESK_RATE_LIMIT: 'off',
      LIGHTDESK_ADMIN_PASSWORD: `Bench-${randomBytes(6).toString('hex')}`,
      LOG_LEVEL: 'warn',
      MQTT_PORT: String(mqttPort),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
};
const ready = async () => {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/ready`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
};

const fresh = await freshDatabase('durability');
let child;
try {
  child = start();
  await ready();
  const database = await openDatabase({ url: fresh.url });
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  const stores = await makeBenchStores(client, database.db, GATEWAYS);
  // Over MQTT a report is acknowledged by the broker's PUBACK, which the built-in broker sends after the commit.
  const gateways =
    args.transport === 'mqtt'
      ? await Promise.all(
          stores.map(({ sender }) => MqttGateway.connect(`mqtt://127.0.0.1:${mqttPort}`, sender.productKey, sender.deviceName, sender.secret, { will: false })),
        )
      : stores.map(({ sender }) => new HttpGateway(base, sender.productKey, sender.deviceName, sender.secret));
  await database.close();

  const acked = new Set();
  let sent = 0;
  let running = true;
  const send = async (gateway, g) => {
    for (let n = 0; running; n++) {
      const reports = Array.from({ length: 100 }, (_, i) => ({
        id: `d${g}-${n}-${i}`,
        at: new Date().toISOString(),
        device: gateway.deviceName,
        kind: 'heartbeat',
      }));
      sent += reports.length;
      try {
        // A report the server never answers (it was killed) is not acknowledged.
        await Promise.race([gateway.report(reports), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 5000))]);
        for (const r of reports) acked.add(r.id);
      } catch {
        // Not acknowledged: the gateway would send it again later; it is not counted.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const load = gateways.map(send);
  await new Promise((r) => setTimeout(r, Number(args.seconds) * 1000));
  child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  running = false;
  if (args.transport === 'mqtt') for (const gateway of gateways) gateway.drop();
  await Promise.all(load);
  child = start();
  await ready();
  const stored = new Set((await client.query('SELECT message_id FROM device_reports')).rows.map((r) => r.message_id));
  const lost = [...acked].filter((id) => !stored.has(id)).length;
  await client.end();
  console.log(
    `${args.transport === 'mqtt' ? 'MQTT' : 'HTTP'}, kill -9 under load: ${sent} sent, ${acked.size} acknowledged, ${stored.size} stored, ${lost} acknowledged but lost`,
  );
  if (lost > 0) process.exitCode = 1;
} finally {
  child?.kill('SIGKILL');
  await fresh.drop();
}
