import type { Report } from '@lightdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../app';
import { storeWithGateway } from '../../../test/devices';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { storeDevices } from '../../store/schema';
import { MqttGateway } from '../gateway/mqtt-gateway';
import { findDevice, gatewayProductId, registerDevice } from '../directory';
import { onReportsStored } from '../ingest/ingest';
import { credentialsChanged } from '../link';
import { deviceReports, deviceStatusChanges, iotDevices } from '../schema';
import { brokerSessions, clusterMembers } from '../../../lib/cluster/schema';
import { SHARED_UP } from './external';
import { eventually, freePort, hasMosquitto, startMosquitto, type TestBroker } from './test-broker';

let failNext = 0;
let failures = 0;
onReportsStored(async () => {
  if (failNext > 0) {
    failNext--;
    failures++;
    throw new Error('the database went away');
  }
});

describe.skipIf(!hasMosquitto)('devices over an external Mosquitto with dynamic security', () => {
  let broker: TestBroker;
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof tenantIds>>;
  let early: Awaited<ReturnType<typeof storeWithGateway>>;
  const servers: { connections: { stop(): Promise<void> } }[] = [];
  const gateways: MqttGateway[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    t = await testApp({ MQTT_URL: broker.url });
    tenants = await tenantIds(t);
    // Registered before Lightdesk reaches the broker: the reconcile on connecting provisions it.
    early = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 2 });
    await t.connections.start();
    servers.push(t);
  });
  afterAll(async () => {
    for (const g of gateways) g.drop();
    for (const server of servers) await server.connections.stop();
    await t?.close();
    await broker?.stop();
  });

  let serial = 0;
  const report = (device: string, kind: 'zone' | 'heartbeat' = 'zone'): Report =>
    kind === 'zone'
      ? { id: `x${++serial}`, at: t.clock.now().toISOString(), device, kind, people: 1 }
      : { id: `x${++serial}`, at: t.clock.now().toISOString(), device, kind };
  const count = async (senderId: number) =>
    (
      await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deviceReports)
        .where(eq(deviceReports.senderId, senderId))
    )[0]!.n;
  const online = async (id: number) => (await t.ctx.db.select({ online: iotDevices.online }).from(iotDevices).where(eq(iotDevices.id, id)))[0]!.online;
  const stored = (senderId: number, n: number) =>
    eventually(async () => {
      expect(await count(senderId)).toBe(n);
    });
  const connect = async (s: { device: { productKey: string; deviceName: string; secret: string } }, options = {}) => {
    const g = await eventually(() =>
      MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, s.device.productKey, s.device.deviceName, s.device.secret, options),
    );
    gateways.push(g);
    return g;
  };

  test('a device Lightdesk does not know, or a wrong password, is refused by the broker', async () => {
    await expect(MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, 'AbCdEfGhIjK', 'nobody', 'not-a-secret')).rejects.toThrow(/authori[sz]ed|refused/i);
    await connect(early); // the broker is up to date
    await expect(MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, early.device.productKey, early.device.deviceName, 'wrong')).rejects.toThrow();
  });

  test('/ready reports the broker: ready while connected, 503 naming MQTT_URL when it does not answer', async () => {
    expect((await fetch(`${t.base}/ready`)).status).toBe(200);
    const nowhere = await testApp({ MQTT_URL: `mqtt://lightdesk:x@127.0.0.1:${await freePort()}` });
    try {
      await nowhere.connections.start();
      const answer = await fetch(`${nowhere.base}/ready`);
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { problems: string[] }).problems.join(' ')).toMatch(/MQTT broker .* \(MQTT_URL\) does not answer/);
      // Liveness stays a cheap answer.
      expect((await fetch(`${nowhere.base}/health`)).status).toBe(200);
    } finally {
      await nowhere.connections.stop();
      await nowhere.close();
    }
  });

  test("a provisioned gateway's reports are stored once, whatever is resent", async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 2 });
    const g = await connect(s);
    const batch = [report(s.luminaires[0]!.uuid), report(s.luminaires[1]!.uuid), report(s.device.deviceName, 'heartbeat')];
    await g.report(batch);
    await stored(s.device.id, 3);
    await g.report(batch);
    // Messages of one publisher arrive in order: once the next is stored, the resent one was handled.
    await g.report([report(s.device.deviceName, 'heartbeat')]);
    await stored(s.device.id, 4);
    // Not JSON, against the contract, about another store's device: dropped, and later ones still flow.
    await g.send('report', 'not json');
    await g.report([{ ...report(s.luminaires[0]!.uuid), kind: 'smell' } as unknown as Report]);
    await g.report([report(early.luminaires[0]!.uuid)]);
    await g.report([report(s.device.deviceName, 'heartbeat')]);
    await stored(s.device.id, 5);
    const [row] = await t.ctx.db.select().from(iotDevices).where(eq(iotDevices.id, s.device.id));
    expect(row!.online).toBe(true);
  });

  test('a report is acknowledged only once committed: a failed ingest is redelivered and stored once', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const g = await connect(s);
    failures = 0;
    failNext = 1;
    await g.report([report(s.luminaires[0]!.uuid), report(s.device.deviceName, 'heartbeat')]);
    await stored(s.device.id, 2);
    expect(failures).toBe(1);
    await g.report([report(s.device.deviceName, 'heartbeat')]);
    await stored(s.device.id, 3);
  });

  test('two Lightdesk servers on the shared subscription split the messages, storing each exactly once', async () => {
    const second = await buildApp({ config: t.ctx.config, database: t.database, clock: t.clock, logger: false });
    await second.connections.start();
    servers.push(second);
    const members = await t.ctx.db.select().from(clusterMembers);
    expect(members).toHaveLength(2);
    // Each server consumes through sessions named after its membership.
    await eventually(async () => {
      for (const m of members) expect(broker.log()).toMatch(new RegExp(`lightdesk-${m.id}-\\d+ 1 \\$share/lightdesk/lightdesk`));
    });
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const g = await connect(s);
    for (let i = 0; i < 40; i++) await g.report([report(s.luminaires[0]!.uuid)]);
    await stored(s.device.id, 40);
    const to = (memberId: string) =>
      broker
        .log()
        .split('\n')
        .filter((l) => l.includes(`Sending PUBLISH to lightdesk-${memberId}-`) && l.includes(`/${s.device.deviceName}/up/report`)).length;
    const [a, b] = members.map((m) => to(m.id));
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(a! + b!).toBe(40);
  });

  test('the session of a server that is gone is adopted and drained: nothing it was handed is lost, and its stale Last Will changes nothing', async () => {
    // A server that died: its session is in the group at the broker, its connection gone without a word.
    const gone = await mqtt.connectAsync(broker.url, {
      protocolVersion: 5,
      clientId: 'lightdesk-gone-1',
      properties: { sessionExpiryInterval: 86_400 },
      reconnectPeriod: 0,
    });
    await gone.subscribeAsync(SHARED_UP, { qos: 1 });
    gone.stream.destroy();
    gone.end(true);

    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    let g = await connect(s);
    // The broker hands some of these to the dead session, where they wait.
    for (let i = 0; i < 30; i++) await g.report([report(s.luminaires[0]!.uuid)]);
    // The live servers have stored their share (a report stored after the will would bring the gateway back).
    let [before, now] = [-1, await count(s.device.id)];
    while (now !== before) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      [before, now] = [now, await count(s.device.id)];
    }
    // The gateway loses power and comes back: its will may wait in the dead session too.
    g.drop();
    await eventually(async () => expect(await online(s.device.id)).toBe(false));
    g = await connect(s);
    await g.report([report(s.device.deviceName, 'heartbeat')]);
    await eventually(async () => expect(await online(s.device.id)).toBe(true));
    // Some reports wait in the dead session.
    expect(await count(s.device.id)).toBeLessThan(31);

    // Its membership lapsed long ago: a live server adopts the session on its next heartbeat.
    await t.ctx.db.insert(brokerSessions).values({ clientId: 'lightdesk-gone-1', holder: 'a-server-that-is-gone' });
    await stored(s.device.id, 31);
    await eventually(async () => expect(await t.ctx.db.select().from(brokerSessions).where(eq(brokerSessions.clientId, 'lightdesk-gone-1'))).toEqual([]));
    expect(await online(s.device.id)).toBe(true);
    // Ended at the broker too: resuming it finds no session.
    const resumed = mqtt.connect(broker.url, { protocolVersion: 5, clientId: 'lightdesk-gone-1', clean: false, reconnectPeriod: 0 });
    const connack = await new Promise<{ sessionPresent: boolean }>((resolve) => resumed.once('connect', resolve));
    expect(connack.sessionPresent).toBe(false);
    await resumed.endAsync();
  });

  test("a gateway's Last Will takes it and its store's devices offline", async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 2 });
    const g = await connect(s);
    await g.report(s.luminaires.map((l) => report(l.uuid)));
    await stored(s.device.id, 2);
    g.drop();
    await eventually(async () => {
      const devices = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, s.store.id));
      expect(devices.every((d) => !d.online)).toBe(true);
    });
    const reasons = await t.ctx.db
      .select({ reason: deviceStatusChanges.reason })
      .from(deviceStatusChanges)
      .where(and(eq(deviceStatusChanges.storeId, s.store.id), eq(deviceStatusChanges.online, false)));
    expect(new Set(reasons.map((r) => r.reason))).toEqual(new Set(['last-will']));
    expect((await t.ctx.db.select().from(iotDevices).where(eq(iotDevices.id, s.device.id)))[0]!.online).toBe(false);
  });

  test('a disabled device is put off the broker; a new secret voids the old one', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const g = await connect(s);
    const closed = new Promise<void>((resolve) => g.client.once('close', () => resolve()));
    await t.ctx.db.update(iotDevices).set({ enabled: false }).where(eq(iotDevices.id, s.device.id));
    await credentialsChanged(t.ctx, s.device.id);
    await closed;
    await expect(MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, s.device.productKey, s.device.deviceName, s.device.secret)).rejects.toThrow();

    await t.ctx.db.update(iotDevices).set({ enabled: true }).where(eq(iotDevices.id, s.device.id));
    await credentialsChanged(t.ctx, s.device.id);
    const renewed = await registerDevice(t.ctx.db, {
      productId: await gatewayProductId(t.ctx.db),
      deviceName: s.device.deviceName,
      tenantId: tenants.northwind,
      storeId: s.store.id,
      storeDeviceId: s.gatewayRow.id,
    });
    await expect(MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, s.device.productKey, s.device.deviceName, s.device.secret)).rejects.toThrow();
    await connect({ device: renewed });
  });

  test('changes made while Lightdesk was away from the broker are caught up when it connects again', async () => {
    const [rotated, disabled, deleted] = [
      await storeWithGateway(t, { tenantId: tenants.northwind }),
      await storeWithGateway(t, { tenantId: tenants.northwind }),
      await storeWithGateway(t, { tenantId: tenants.northwind }),
    ];
    for (const s of [rotated, disabled, deleted]) await (await connect(s, { will: false })).close();
    for (const server of servers.splice(0)) await server.connections.stop();
    // Nobody tells the broker: Lightdesk is away.
    await t.ctx.db
      .update(iotDevices)
      .set({ secretGeneration: sql`${iotDevices.secretGeneration} + 1` })
      .where(eq(iotDevices.id, rotated.device.id));
    await t.ctx.db.update(iotDevices).set({ enabled: false }).where(eq(iotDevices.id, disabled.device.id));
    await t.ctx.db.delete(iotDevices).where(eq(iotDevices.id, deleted.device.id));
    await t.connections.start();
    servers.push(t);

    const renewed = (await findDevice(t.ctx.db, rotated.device.productKey, rotated.device.deviceName))!;
    await connect({ device: renewed });
    const refused = (s: typeof rotated) =>
      MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, s.device.productKey, s.device.deviceName, s.device.secret).then(
        (g) => (g.drop(), Promise.reject(new Error(`${s.device.deviceName} still connects`))),
        () => undefined,
      );
    // The reconcile may take more than one batch: each device is checked until it is done.
    await eventually(() => refused(rotated));
    await eventually(() => refused(disabled));
    await eventually(async () => expect(await broker.ctrl('listClients')).not.toContain(deleted.device.deviceName));
  });
});

describe.skipIf(!hasMosquitto)('a broker account set up before Last Wills were heard live', () => {
  let broker: TestBroker;
  let t: TestApp;
  beforeAll(async () => {
    broker = await startMosquitto();
    await broker.ctrl('removeRoleACL', 'lightdesk', 'subscribeLiteral', 'lightdesk/+/+/up/will');
    t = await testApp({ MQTT_URL: broker.url });
    await t.connections.start();
  });
  afterAll(async () => {
    await t?.connections.stop();
    await t?.close();
    await broker?.stop();
  });

  test('still takes a gateway offline by its Last Will, heard through the shared subscription', async () => {
    const s = await storeWithGateway(t, { tenantId: (await tenantIds(t)).northwind, luminaires: 1 });
    const g = await eventually(() => MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, s.device.productKey, s.device.deviceName, s.device.secret));
    await g.report([{ id: 'w1', at: t.clock.now().toISOString(), device: s.device.deviceName, kind: 'heartbeat' }]);
    const online = async () => (await t.ctx.db.select({ online: iotDevices.online }).from(iotDevices).where(eq(iotDevices.id, s.device.id)))[0]!.online;
    await eventually(async () => expect(await online()).toBe(true));
    g.drop();
    await eventually(async () => expect(await online()).toBe(false));
  });
});
