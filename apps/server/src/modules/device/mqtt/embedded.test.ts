import net from 'node:net';
import { Writable } from 'node:stream';
import { reportApi, type Report } from '@lightdesk/contract';
import { eq, sql } from 'drizzle-orm';
import mqtt, { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { storeWithGateway } from '../../../test/devices';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { storeDevices } from '../../store/schema';
import { mqttClientId, mqttPassword, mqttUsername } from '../credentials';
import { MqttGateway } from '../gateway/mqtt-gateway';
import { onReportsStored } from '../ingest/ingest';
import { credentialsChanged, deviceLinkOf, onDeviceMessage, upTopic } from '../link';
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

/** One sender's ingests, watched: how many ran at once, the report ids in the order stored; the first waits for `release`. */
let watched: { senderId: number; running: number; most: number; ids: string[]; first: Promise<void> } | null = null;
onReportsStored(async (_tx, stored) => {
  const w = watched;
  if (!w || stored[0]?.senderId !== w.senderId) return;
  const first = w.ids.length === 0;
  w.most = Math.max(w.most, ++w.running);
  w.ids.push(...stored.map((r) => r.report.id));
  if (first) await w.first;
  w.running--;
});
const watch = (senderId: number) => {
  let release!: () => void;
  const first = new Promise<void>((resolve) => (release = resolve));
  watched = { senderId, running: 0, most: 0, ids: [], first };
  return { release, seen: watched };
};

let serial = 0;
const reportAbout = (t: TestApp, device: string): Report => ({ id: `e${++serial}`, at: t.clock.now().toISOString(), device, kind: 'zone', people: 2 });
const storedFrom = async (t: TestApp, senderId: number) =>
  (
    await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceReports)
      .where(eq(deviceReports.senderId, senderId))
  )[0]!.n;

type Device = { productKey: string; deviceName: string; secret: string };

// MQTT 3.1.1 packets written by hand, to send what no client library would.
const remainingLength = (n: number) => {
  const bytes: number[] = [];
  do {
    bytes.push((n % 128) | (n >= 128 ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  return Buffer.from(bytes);
};
const mqttString = (text: string) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};
const packet = (firstByte: number, body: Buffer) => Buffer.concat([Buffer.from([firstByte]), remainingLength(body.length), body]);
const connectPacket = ({ productKey: pk, deviceName: dn, secret }: Device) =>
  packet(
    0x10,
    Buffer.concat([
      mqttString('MQTT'),
      Buffer.from([4, 0xc2, 0, 60]),
      mqttString(mqttClientId(pk, dn)),
      mqttString(mqttUsername(pk, dn)),
      mqttString(mqttPassword(secret, pk, dn)),
    ]),
  );
/** A PUBLISH at QoS 1. */
const publishPacket = (topic: string, messageId: number, payload: string) =>
  packet(0x32, Buffer.concat([mqttString(topic), Buffer.from([messageId >> 8, messageId & 0xff]), Buffer.from(payload)]));

/** A connection from `localAddress` (Linux routes all of 127/8 to this machine) that has sent nothing yet. */
const rawConnection = async (url: string, localAddress = '127.0.0.1') => {
  const socket = net.connect({ port: Number(new URL(url).port), host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined); // the server may reset it: `closed` says so
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed };
};
/** A device's MQTT client from `localAddress`; rejects when the connection closes before the broker's CONNACK. */
const signIn = (url: string, { productKey: pk, deviceName: dn, secret }: Device, localAddress = '127.0.0.1') =>
  new Promise<MqttClient>((resolve, reject) => {
    const client = new MqttClient(() => net.connect({ port: Number(new URL(url).port), host: '127.0.0.1', localAddress }), {
      protocolVersion: 4,
      clientId: mqttClientId(pk, dn),
      username: mqttUsername(pk, dn),
      password: mqttPassword(secret, pk, dn),
      reconnectPeriod: 0,
    });
    const refused = () => reject(new Error('closed before the CONNACK'));
    client.once('connect', () => resolve(client));
    client.on('error', refused); // reset by the broker
    client.once('close', refused);
  });
/** A report batch padded with white space (which JSON allows) to exactly `bytes`. */
const padded = (reports: Report[], bytes: number) => {
  const json = JSON.stringify({ reports });
  return json + ' '.repeat(bytes - json.length);
};

describe('the built-in MQTT broker', () => {
  let t: TestApp;
  let url: string;
  let tenants: Awaited<ReturnType<typeof tenantIds>>;
  const gateways: MqttGateway[] = [];

  beforeAll(async () => {
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    t = await testApp({ MQTT_PORT: String(port), MQTT_MAX_SIGN_INS_PER_ADDRESS: '3' });
    tenants = await tenantIds(t);
    await t.connections.start();
  });
  afterAll(async () => {
    for (const g of gateways) g.drop();
    await t?.connections.stop();
    await t?.close();
  });

  const report = (device: string) => reportAbout(t, device);
  const count = (senderId: number) => storedFrom(t, senderId);
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

  test('a report batch as large as the HTTP ingest takes is taken over MQTT too', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const g = await connect(s);
    await g.send('report', padded([report(s.device.deviceName)], reportApi.report.bodyLimit!));
    expect(await count(s.device.id)).toBe(1);
  });

  test('a first packet announced over its limit, or not a CONNECT, closes the connection before its body is read', async () => {
    const announced = 100_000_000;
    for (const firstByte of [0x10, 0x32]) {
      const { socket, closed } = await rawConnection(url);
      let open = true;
      void closed.then(() => (open = false));
      socket.write(Buffer.concat([Buffer.from([firstByte]), remainingLength(announced)]));
      const chunk = Buffer.alloc(64 * 1024);
      for (let sent = 0; open && sent < announced; sent += chunk.length)
        if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
      await closed;
      expect(socket.bytesWritten).toBeLessThan(announced);
    }
  });

  test("a device's messages are stored one at a time, in order, and its connection is not read while they wait", async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const { release, seen } = watch(s.device.id);
    onTestFinished(release);
    const { socket, closed } = await rawConnection(url);
    let answered = 0;
    socket.on('data', (data: Buffer) => (answered += data.length));
    socket.write(connectPacket(s.device));
    await eventually(async () => expect(answered).toBe(4)); // CONNACK
    const topic = upTopic(s.device.productKey, s.device.deviceName, 'report');
    const reports = Array.from({ length: 52 }, () => report(s.device.deviceName));
    // Twenty small batches in one write reach the broker in one read; then 32 MiB, more than the
    // operating system buffers between the two ends.
    socket.write(Buffer.concat(reports.slice(0, 20).map((r, i) => publishPacket(topic, i + 1, JSON.stringify({ reports: [r] })))));
    for (const [i, r] of reports.slice(20).entries()) socket.write(publishPacket(topic, i + 21, padded([r], 1024 * 1024)));
    await eventually(async () => expect(seen.ids).toEqual([reports[0]!.id]));
    // What the broker does not read stays with the sender: its buffer stops shrinking, far from empty.
    const unsent = await eventually(async () => {
      const before = socket.writableLength;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(socket.writableLength).toBe(before);
      return before;
    });
    expect(unsent).toBeGreaterThan(8 * 1024 * 1024);
    expect(seen.ids).toEqual([reports[0]!.id]);

    release();
    await eventually(async () => expect(answered).toBe(4 + 4 * reports.length)); // a PUBACK each
    expect(seen.ids).toEqual(reports.map((r) => r.id));
    expect(seen.most).toBe(1);
    expect(await count(s.device.id)).toBe(reports.length);
    socket.end();
    await closed;
  });

  test('connections still signing in are limited per address; signed-in devices do not count, and other addresses still connect', async () => {
    const devices = await Promise.all([1, 2, 3, 4, 5].map(() => storeWithGateway(t, { tenantId: tenants.northwind })));
    const waiting = await Promise.all([1, 2, 3].map(() => rawConnection(url)));
    await expect(signIn(url, devices[0]!.device)).rejects.toThrow('closed before the CONNACK');
    const signedIn: MqttClient[] = [];
    for (const s of devices.slice(1)) signedIn.push(await signIn(url, s.device, '127.0.0.2'));
    await signedIn[0]!.publishAsync(
      upTopic(devices[1]!.device.productKey, devices[1]!.device.deviceName, 'report'),
      JSON.stringify({ reports: [report(devices[1]!.device.deviceName)] }),
      { qos: 1 },
    );
    expect(await count(devices[1]!.device.id)).toBe(1);

    for (const { socket } of waiting) socket.destroy();
    const again = await eventually(() => signIn(url, devices[0]!.device));
    for (const client of [again, ...signedIn]) await client.endAsync();
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
      expect(other.connections.deviceUrls()).toEqual([]);
      await other.connections.stop();
    } finally {
      await other.close();
      taken.close();
    }
  });

  test('when MQTT_PORT is not set and its default port is taken, the broker takes a free port and says where', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as net.AddressInfo).port;
    const lines: string[] = [];
    const logger = { level: 'warn', stream: new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }) };
    // As the default port (1883) would be: the configuration says no one chose it.
    const other = await testApp({ MQTT_PORT: String(takenPort) }, { logger });
    other.ctx.config.mqttPortChosen = false;
    try {
      await other.connections.start();
      const [brokerUrl] = other.connections.deviceUrls();
      expect(brokerUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
      expect(Number(new URL(brokerUrl!).port)).not.toBe(takenPort);
      expect(lines.join('')).toContain(`Port ${takenPort} is taken`);
      const s = await storeWithGateway(other, { tenantId: (await tenantIds(other)).northwind });
      const gateway = await MqttGateway.connect(brokerUrl!, s.device.productKey, s.device.deviceName, s.device.secret);
      await gateway.report([reportAbout(other, s.device.deviceName)]);
      expect(await storedFrom(other, s.device.id)).toBe(1);
      await gateway.close();
      await other.connections.stop();
    } finally {
      await other.close();
      taken.close();
    }
  });
});

describe("the built-in MQTT broker's limits", () => {
  const MAX_PACKET_BYTES = 32 * 1024;
  let t: TestApp;
  let url: string;
  let tenants: Awaited<ReturnType<typeof tenantIds>>;
  const lines: string[] = [];
  const logger = { level: 'warn', stream: new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }) };

  beforeAll(async () => {
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    t = await testApp(
      {
        MQTT_PORT: String(port),
        MQTT_MAX_PACKET_BYTES: String(MAX_PACKET_BYTES),
        MQTT_MAX_INFLIGHT_BYTES: String(48 * 1024),
        MQTT_CONNECT_TIMEOUT_MS: '1000',
      },
      { logger },
    );
    tenants = await tenantIds(t);
    await t.connections.start();
  });
  afterAll(async () => {
    await t?.connections.stop();
    await t?.close();
  });

  const report = (device: string) => reportAbout(t, device);
  const count = (senderId: number) => storedFrom(t, senderId);

  test('a connection that sends no CONNECT in time is closed, as is one that sends only part of one', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const silent = await rawConnection(url);
    const slow = await rawConnection(url);
    slow.socket.write(connectPacket(s.device).subarray(0, 10));
    await Promise.all([silent.closed, slow.closed]);
  });

  test("a signed-in device's PUBLISH over MQTT_MAX_PACKET_BYTES closes its connection unstored; one of exactly the limit is stored", async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const g = await MqttGateway.connect(url, s.device.productKey, s.device.deviceName, s.device.secret, { will: false });
    // The packet: its first byte, a remaining length of three bytes, the topic with its length, a message id, the payload.
    const payloadBytes = MAX_PACKET_BYTES - 1 - 3 - (2 + upTopic(s.device.productKey, s.device.deviceName, 'report').length) - 2;
    await g.send('report', padded([report(s.device.deviceName)], payloadBytes));
    expect(await count(s.device.id)).toBe(1);

    const closed = new Promise<void>((resolve) => g.client.once('close', () => resolve()));
    g.send('report', padded([report(s.device.deviceName)], payloadBytes + 1)).catch(() => undefined); // never acknowledged
    await closed;
    expect(await count(s.device.id)).toBe(1);
    expect(lines.join('')).toContain('a packet over its limit');
    g.drop();
  });

  test('messages being stored hold at most MQTT_MAX_INFLIGHT_BYTES: past it, a message waits, unread, until others are stored', async () => {
    const a = await storeWithGateway(t, { tenantId: tenants.northwind });
    const b = await storeWithGateway(t, { tenantId: tenants.northwind });
    const { release, seen } = watch(a.device.id);
    onTestFinished(release);
    const ga = await MqttGateway.connect(url, a.device.productKey, a.device.deviceName, a.device.secret, { will: false });
    const gb = await MqttGateway.connect(url, b.device.productKey, b.device.deviceName, b.device.secret, { will: false });
    const first = ga.send('report', padded([report(a.device.deviceName)], 30 * 1024));
    await eventually(async () => expect(seen.ids).toHaveLength(1));
    let acknowledged = false;
    const second = gb.send('report', padded([report(b.device.deviceName)], 30 * 1024)).then(() => (acknowledged = true));
    await eventually(async () => expect(lines.join('')).toContain('MQTT_MAX_INFLIGHT_BYTES'));
    expect(acknowledged).toBe(false);

    release();
    await Promise.all([first, second]);
    expect([await count(a.device.id), await count(b.device.id)]).toEqual([1, 1]);
    await Promise.all([ga.close(), gb.close()]);
  });

  test('connections past MQTT_MAX_CONNECTIONS are refused, from any address', async () => {
    const port = await freePort();
    const small = await testApp({ MQTT_PORT: String(port), MQTT_MAX_CONNECTIONS: '2' });
    try {
      await small.connections.start();
      const s = await storeWithGateway(small, { tenantId: (await tenantIds(small)).northwind });
      const smallUrl = `mqtt://127.0.0.1:${port}`;
      const waiting = await Promise.all([rawConnection(smallUrl), rawConnection(smallUrl, '127.0.0.2')]);
      await expect(signIn(smallUrl, s.device, '127.0.0.3')).rejects.toThrow('closed before the CONNACK');
      waiting[0].socket.destroy();
      const device = await eventually(() => signIn(smallUrl, s.device, '127.0.0.3'));
      await device.endAsync();
      waiting[1].socket.destroy();
      await small.connections.stop();
    } finally {
      await small.close();
    }
  });
});
