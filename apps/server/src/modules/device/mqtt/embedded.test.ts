import net from 'node:net';
import { Writable } from 'node:stream';
import type { Report } from '@lightdesk/contract';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storeWithGateway } from '../../../test/devices';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { storeDevices } from '../../store/schema';
import { mqttClientId, mqttPassword, mqttUsername } from '../credentials';
import { MqttGateway } from '../gateway/mqtt-gateway';
import { onReportsStored } from '../ingest/ingest';
import { credentialsChanged, deviceLinkOf, onDeviceMessage } from '../link';
import { deviceReports, iotDevices } from '../schema';
import { eventually, freePort } from './test-broker';

let failNext = 0;
let failures = 0;
onReportsStored(async () => {
  if (failNext > 0) {
    failNext--;
    failures++;
    throw new Error('the database went away');
  }
});
const echoed: unknown[] = [];
onDeviceMessage('echo', async (_ctx, device, payload) => void echoed.push({ device: device.deviceName, payload }));

describe('the built-in MQTT broker', () => {
  let t: TestApp;
  let url: string;
  let tenants: Awaited<ReturnType<typeof tenantIds>>;
  const gateways: MqttGateway[] = [];

  beforeAll(async () => {
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    t = await testApp({ MQTT_PORT: String(port) });
    tenants = await tenantIds(t);
    await t.connections.start();
  });
  afterAll(async () => {
    for (const g of gateways) g.drop();
    await t?.connections.stop();
    await t?.close();
  });

  let serial = 0;
  const report = (device: string): Report => ({ id: `e${++serial}`, at: t.clock.now().toISOString(), device, kind: 'zone', people: 2 });
  const count = async (senderId: number) =>
    (
      await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deviceReports)
        .where(eq(deviceReports.senderId, senderId))
    )[0]!.n;
  const connect = async (s: { device: { productKey: string; deviceName: string; secret: string } }, options = {}) => {
    const g = await MqttGateway.connect(url, s.device.productKey, s.device.deviceName, s.device.secret, options);
    gateways.push(g);
    return g;
  };

  test('strangers, wrong passwords and borrowed client ids are refused', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    await expect(MqttGateway.connect(url, 'AbCdEfGhIjK', 'nobody', 'secret')).rejects.toThrow();
    await expect(MqttGateway.connect(url, s.device.productKey, s.device.deviceName, 'wrong')).rejects.toThrow();
    const { productKey: pk, deviceName: dn, secret } = s.device;
    await expect(
      mqtt.connectAsync(url, { clientId: 'someone-else', username: mqttUsername(pk, dn), password: mqttPassword(secret, pk, dn), reconnectPeriod: 0 }),
    ).rejects.toThrow();
    await connect(s);
  });

  test('a report is stored before its acknowledgement, once whatever is resent', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 2 });
    const g = await connect(s);
    const batch = s.luminaires.map((l) => report(l.uuid));
    await g.report(batch);
    expect(await count(s.device.id)).toBe(2);
    await g.report(batch);
    await g.send('report', 'not json');
    await g.report([{ ...report(s.device.deviceName), kind: 'smell' } as unknown as Report]);
    await g.report([report(s.device.deviceName)]);
    expect(await count(s.device.id)).toBe(3);
    const devices = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, s.store.id));
    expect(devices.filter((d) => d.online).length).toBe(3); // the luminaires and the gateway's own row
  });

  test('a failed ingest is not acknowledged: the gateway sends it again and it is stored once', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const g = await connect(s, { reconnectPeriod: 100 });
    failures = 0;
    failNext = 1;
    await g.report([report(s.luminaires[0]!.uuid)]);
    expect(failures).toBe(1);
    expect(await count(s.device.id)).toBe(1);
  });

  test('a device publishes and subscribes under its own topics only; messages go down and other kinds go to their handler', async () => {
    const a = await storeWithGateway(t, { tenantId: tenants.northwind });
    const b = await storeWithGateway(t, { tenantId: tenants.northwind });
    const received: unknown[] = [];
    const g = await connect(a, { onMessage: (kind: string, payload: unknown) => received.push({ kind, payload }) });
    await expect(g.client.subscribeAsync(`lightdesk/${b.device.productKey}/${b.device.deviceName}/down/#`, { qos: 1 })).rejects.toThrow();
    expect(await deviceLinkOf(t.ctx).publish(a.device.productKey, a.device.deviceName, 'command', { id: 7 })).toBe(true);
    await eventually(async () => expect(received).toEqual([{ kind: 'command', payload: { id: 7 } }]));
    await g.ack('echo', { id: 7 });
    expect(echoed).toEqual([{ device: a.device.deviceName, payload: { id: 7 } }]);
    await g.ack('unheard-of', { id: 8 }); // ignored, and acknowledged

    const closed = new Promise<void>((resolve) => g.client.once('close', () => resolve()));
    const stolen = g.client.publishAsync(
      `lightdesk/${b.device.productKey}/${b.device.deviceName}/up/report`,
      JSON.stringify({ reports: [report(b.device.deviceName)] }),
      {
        qos: 1,
      },
    );
    stolen.catch(() => undefined); // never acknowledged: the broker hung up
    await closed;
    expect(await count(b.device.id)).toBe(0);
  });

  test("a Last Will takes the gateway and its store's devices offline; a clean disconnect does not", async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 2 });
    const online = async () => (await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, s.store.id))).filter((d) => d.online).length;
    const first = await connect(s);
    await first.report(s.luminaires.map((l) => report(l.uuid)));
    await first.close();
    expect(await online()).toBe(3);
    const second = await connect(s);
    second.drop();
    await eventually(async () => expect(await online()).toBe(0));
    expect((await t.ctx.db.select().from(iotDevices).where(eq(iotDevices.id, s.device.id)))[0]!.online).toBe(false);
  });

  test('a disabled device is put off and can no longer connect', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const g = await connect(s, { will: false });
    const closed = new Promise<void>((resolve) => g.client.once('close', () => resolve()));
    await t.ctx.db.update(iotDevices).set({ enabled: false }).where(eq(iotDevices.id, s.device.id));
    await credentialsChanged(t.ctx, s.device.id);
    await closed;
    await expect(MqttGateway.connect(url, s.device.productKey, s.device.deviceName, s.device.secret)).rejects.toThrow();
    expect(mqttClientId(s.device.productKey, s.device.deviceName)).toBe(`${s.device.productKey}.${s.device.deviceName}`);
  });

  test('a taken MQTT_PORT leaves a warning, and the server goes on without the broker', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const logger = { level: 'warn', stream: new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }) };
    const other = await testApp({ MQTT_PORT: String((taken.address() as net.AddressInfo).port) }, { logger });
    try {
      await other.connections.start();
      expect(lines.join('')).toMatch(/MQTT_PORT \d+ is taken/);
      expect(await deviceLinkOf(other.ctx).publish('AbCdEfGhIjK', 'x', 'command', {})).toBe(false);
      await other.connections.stop();
    } finally {
      await other.close();
      taken.close();
    }
  });
});
