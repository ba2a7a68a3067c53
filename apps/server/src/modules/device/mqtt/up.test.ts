import { Writable } from 'node:stream';
import type { Report } from '@lightdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { raiseSqlState, storeWithGateway } from '../../../test/devices';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { mqttUsername } from '../credentials';
import { MqttGateway } from '../gateway/mqtt-gateway';
import { onReportsStored } from '../ingest/ingest';
import { deviceReports } from '../schema';
import { eventually, freePort, hasMosquitto, startMosquitto, type TestBroker } from './test-broker';

/**
 * A report whose id is `mqtt-sqlstate-{code}-…` meets that SQLSTATE, raised by the database, as
 * it is stored; a serialization failure (40001) only `serializationFailures` times.
 */
let serializationFailures = 0;
onReportsStored(async (tx, stored) => {
  const code = stored.map((r) => /^mqtt-sqlstate-(\w{5})-/.exec(r.report.id)?.[1]).find(Boolean);
  if (!code || (code === '40001' && serializationFailures === 0)) return;
  if (code === '40001') serializationFailures--;
  await raiseSqlState(tx, code);
});

const MINUTE_MS = 60_000;

/** A server whose warnings and errors are kept, as JSON lines, for the test to read. */
async function loggedServer(env: Record<string, string>) {
  const lines: { msg: string; device?: string; kind?: string; reason?: string }[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _enc, done) => (
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as never),
      ),
      done()
    ),
  });
  const t = await testApp(env, { logger: { level: 'warn', stream } });
  return { t, lines };
}

/** Reports a device may send that are refused: each with the reason it is dropped for. */
function refusedReports(t: TestApp, device: string, serial: () => string): [Report, RegExp][] {
  const at = (ms = 0) => new Date(t.clock.now().getTime() + ms).toISOString();
  return [
    [{ id: serial(), at: '0000-01-01T00:00:00Z', device, kind: 'heartbeat' }, /^reports\[0\]\.at: older than the 365 days/],
    [{ id: serial(), at: at(6 * MINUTE_MS), device, kind: 'heartbeat' }, /^reports\[0\]\.at: more than 5 minutes ahead/],
    [{ id: serial(), at: at(), device, kind: 'zone', people: -1 }, /^reports\[0\]\.people: /],
    [{ id: `mqtt-sqlstate-22P05-${serial()}`, at: at(), device, kind: 'heartbeat' }, /^reports: refused by the database \(SQLSTATE 22P05\)/],
    [{ id: `mqtt-sqlstate-23514-${serial()}`, at: at(), device, kind: 'heartbeat' }, /^reports: refused by the database \(SQLSTATE 23514\)/],
  ];
}

describe('reports the built-in broker takes', () => {
  let t: TestApp;
  let lines: Awaited<ReturnType<typeof loggedServer>>['lines'];
  let url: string;
  let tenants: Awaited<ReturnType<typeof tenantIds>>;
  const gateways: MqttGateway[] = [];

  beforeAll(async () => {
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    ({ t, lines } = await loggedServer({ MQTT_PORT: String(port) }));
    tenants = await tenantIds(t);
    await t.connections.start();
  });
  afterAll(async () => {
    for (const g of gateways) g.drop();
    await t?.connections.stop();
    await t?.close();
  });

  let serial = 0;
  const id = () => `u${++serial}`;
  const count = async (senderId: number) =>
    (
      await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deviceReports)
        .where(eq(deviceReports.senderId, senderId))
    )[0]!.n;
  /** A gateway that reconnects at once, as real ones do; `closes` counts its connections lost. */
  const connect = async (s: Awaited<ReturnType<typeof storeWithGateway>>) => {
    const g = await MqttGateway.connect(url, s.device.productKey, s.device.deviceName, s.device.secret, { reconnectPeriod: 100 });
    gateways.push(g);
    const connection = { g, closes: 0 };
    g.client.on('close', () => connection.closes++);
    return connection;
  };

  test('a report refused by its date, the contract or the database is acknowledged and dropped with its reason, and the session goes on', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const device = s.device.deviceName;
    const connection = await connect(s);
    for (const [report, reason] of refusedReports(t, device, id)) {
      // The broker hanging up instead of acknowledging is the failure, not a wait.
      await Promise.race([
        connection.g.report([report]),
        new Promise((_, reject) => connection.g.client.once('close', () => reject(new Error(`not acknowledged: ${report.at} ${reason}`)))),
      ]);
      expect(lines.at(-1)).toMatchObject({ msg: 'MQTT message dropped', device: mqttUsername(s.device.productKey, device), kind: 'report' });
      expect(lines.at(-1)!.reason).toMatch(reason);
    }
    await connection.g.report([{ id: id(), at: t.clock.now().toISOString(), device, kind: 'heartbeat' }]);
    expect(await count(s.device.id)).toBe(1);
    expect(connection.closes).toBe(0);
  });

  test('a failure that may pass (a serialization failure) is not acknowledged: the gateway sends it again and it is stored once', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const connection = await connect(s);
    serializationFailures = 1;
    await connection.g.report([{ id: `mqtt-sqlstate-40001-${id()}`, at: t.clock.now().toISOString(), device: s.device.deviceName, kind: 'heartbeat' }]);
    expect(serializationFailures).toBe(0);
    expect(connection.closes).toBe(1);
    expect(await count(s.device.id)).toBe(1);
    expect(lines.some((l) => l.msg.startsWith('MQTT message not stored'))).toBe(true);
  });
});

describe.skipIf(!hasMosquitto)('reports an external broker hands over', () => {
  let broker: TestBroker;
  let t: TestApp;
  let lines: Awaited<ReturnType<typeof loggedServer>>['lines'];
  let gateway: MqttGateway | undefined;

  beforeAll(async () => {
    broker = await startMosquitto();
    ({ t, lines } = await loggedServer({ MQTT_URL: broker.url }));
    await t.connections.start();
  });
  afterAll(async () => {
    gateway?.drop();
    await t?.connections.stop();
    await t?.close();
    await broker?.stop();
  });

  test("a refused report is acknowledged and dropped with its reason; the server's session does not fail over it", async () => {
    const s = await storeWithGateway(t, { tenantId: (await tenantIds(t)).northwind });
    const device = s.device.deviceName;
    gateway = await eventually(() => MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, s.device.productKey, device, s.device.secret));
    let serial = 0;
    const refused = refusedReports(t, device, () => `x${++serial}`);
    for (const [report] of refused) await gateway.report([report]);
    await gateway.report([{ id: `x${++serial}`, at: t.clock.now().toISOString(), device, kind: 'heartbeat' }]);
    await eventually(async () => {
      const [row] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deviceReports)
        .where(eq(deviceReports.senderId, s.device.id));
      expect(row!.n).toBe(1);
    });
    // The server's sessions take messages side by side, so the drops come in any order.
    const dropped = await eventually(async () => {
      const reasons = lines.filter((l) => l.msg === 'MQTT message dropped' && l.device === mqttUsername(s.device.productKey, device)).map((l) => l.reason!);
      expect(reasons).toHaveLength(refused.length);
      return reasons;
    });
    for (const [, reason] of refused)
      expect(
        dropped.some((r) => reason.test(r)),
        String(reason),
      ).toBe(true);
    expect(lines.filter((l) => l.msg.startsWith('MQTT message not stored'))).toEqual([]);
  });
});
