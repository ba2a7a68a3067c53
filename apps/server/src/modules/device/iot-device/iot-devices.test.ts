import {
  appGatewayCredentials,
  gatewayApi,
  iotDeviceApi,
  liveStatusApi,
  luminaireApi,
  storeApi,
  type IotDeviceCredentials,
  type Report,
} from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { storeWithGateway } from '../../../test/devices';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { storeDevices } from '../../store/schema';
import { users } from '../../system/schema';
import { onCredentialsChanged } from '../link';
import { findDevice, gatewayProductId } from '../directory';
import { HttpGateway } from '../gateway/http-gateway';
import { deviceSent } from '../mqtt/up';
import { deviceReports, iotDevices } from '../schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let tenants: Awaited<ReturnType<typeof tenantIds>>;
let productId: number;
const changed: number[] = [];
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['iot:device:query', 'iot:device:create', 'iot:device:update', 'iot:device:delete', 'iot:device:export']);
  agent = await t.signIn('agent');
  tenants = await tenantIds(t);
  productId = await gatewayProductId(t.ctx.db);
  onCredentialsChanged(async (_ctx, id) => void changed.push(id));
});
afterAll(() => t.close());

let serial = 0;
const name = () => `dev-${++serial}`;
const create = async (c: ApiClient, body: { deviceName?: string; meshId?: string } = {}) => {
  const res = await c.send(iotDeviceApi.create, { productId, deviceName: body.deviceName ?? name(), meshId: body.meshId });
  expect(res.code, res.egMsg).toBe(200);
  return res.data;
};
const gatewayOf = (c: IotDeviceCredentials | { productKey: string; deviceName: string; deviceSecret: string }) =>
  new HttpGateway(t.base, c.productKey, c.deviceName, c.deviceSecret, () => t.clock.now().getTime());
const heartbeat = (device: string): Report[] => [{ id: `h${++serial}`, at: t.clock.now().toISOString(), device, kind: 'heartbeat', interval: 60 }];
const send = (g: HttpGateway, device = g.deviceName) => g.request('POST', '/open/iot/report', { reports: heartbeat(device) });

describe('iot devices', () => {
  test('the secret is answered on create only; get, page and export never hold it', async () => {
    const made = await create(admin);
    expect(made.deviceSecret).toHaveLength(32);
    expect(made.secretGeneration).toBe(1);
    expect(changed).toContain(made.id);
    const detail = (await admin.send(iotDeviceApi.get, { id: made.id })).data;
    expect(detail).toMatchObject({ deviceName: made.deviceName, productId, enabled: true, online: false, shadow: {}, history: [] });
    const page = (await admin.send(iotDeviceApi.page, { deviceName: made.deviceName })).data;
    expect(page.list.map((d) => d.id)).toEqual([made.id]);
    const res = await admin.raw('GET', iotDeviceApi.exportExcel.path, { query: { deviceName: made.deviceName } });
    const rows = await readXlsx(res);
    expect(rows[1]).toContain(made.deviceName);
    for (const text of [JSON.stringify(detail), JSON.stringify(page), JSON.stringify(rows)]) expect(text).not.toContain(made.deviceSecret);
    // Names are taken once per product: registering it again would silently rotate its secret.
    expect(await admin.send(iotDeviceApi.create, { productId, deviceName: made.deviceName })).toMatchObject({ code: 409, params: { field: 'deviceName' } });
    expect(await admin.send(iotDeviceApi.create, { productId: 999_999, deviceName: name() })).toMatchObject({ code: 400, params: { field: 'productId' } });
    expect(await admin.send(iotDeviceApi.create, { productId, deviceName: 'no spaces' })).toMatchObject({ code: 400, params: { field: 'deviceName' } });
    expect(await admin.send(iotDeviceApi.create, { productId, deviceName: name(), meshId: 'MNOSUCH' })).toMatchObject({
      code: 400,
      params: { field: 'meshId' },
    });
  });

  test('rotating voids the old secret; reports bring the device online with its shadow and history', async () => {
    const made = await create(admin);
    const old = gatewayOf(made);
    expect((await send(old)).status).toBe(200);
    const rotated = (await admin.send(iotDeviceApi.rotateSecret, { id: made.id })).data;
    expect(rotated.secretGeneration).toBe(2);
    expect(rotated.deviceSecret).not.toBe(made.deviceSecret);
    expect((await send(old)).status).toBe(401);
    const fresh = gatewayOf(rotated);
    expect(
      (
        await fresh.report([
          { id: `p${++serial}`, at: t.clock.now().toISOString(), device: made.deviceName, kind: 'properties', properties: { brightness: 40 } },
        ])
      ).stored,
    ).toBe(1);
    const detail = (await admin.send(iotDeviceApi.get, { id: made.id })).data;
    expect(detail).toMatchObject({ online: true, secretGeneration: 2, shadow: { brightness: 40 } });
    expect(detail.lastSeenAt).not.toBeNull();
    expect(detail.history.map((h) => h.online)).toEqual([true]);
  });

  test('disabling refuses the device and takes it offline; only a disabled device can be deleted', async () => {
    const made = await create(admin);
    const g = gatewayOf(made);
    expect((await send(g)).status).toBe(200);
    expect((await admin.send(iotDeviceApi.delete, { id: made.id })).code).toBe(555);
    expect((await admin.send(iotDeviceApi.setEnabled, { id: made.id, enabled: false })).code).toBe(200);
    const detail = (await admin.send(iotDeviceApi.get, { id: made.id })).data;
    expect(detail).toMatchObject({ enabled: false, online: false });
    expect(detail.history[0]).toMatchObject({ online: false, reason: 'disabled' });
    expect((await send(g)).status).toBe(401);
    expect((await admin.send(iotDeviceApi.page, { enabled: false, deviceName: made.deviceName })).data.total).toBe(1);
    expect((await admin.send(iotDeviceApi.page, { enabled: true, deviceName: made.deviceName })).data.total).toBe(0);
    expect((await admin.send(iotDeviceApi.setEnabled, { id: made.id, enabled: true })).code).toBe(200);
    expect((await send(g)).status).toBe(200);
    expect((await admin.send(iotDeviceApi.page, { online: true, deviceName: made.deviceName })).data.total).toBe(1);
    await admin.send(iotDeviceApi.setEnabled, { id: made.id, enabled: false });
    expect((await admin.send(iotDeviceApi.delete, { id: made.id })).code).toBe(200);
    expect((await admin.send(iotDeviceApi.get, { id: made.id })).code).toBe(404);
    expect(changed.filter((id) => id === made.id).length).toBeGreaterThanOrEqual(5);
  });

  test("an agent's staff see and touch their own devices only", async () => {
    const store = await makeStore(t, { tenantId: tenants.northwind });
    const theirs = await create(agent, { meshId: store.store.meshId });
    const platformStore = await makeStore(t, { tenantId: tenants.platform });
    // An agent cannot place a device in a store of another tenant.
    expect(await agent.send(iotDeviceApi.create, { productId, deviceName: name(), meshId: platformStore.store.meshId })).toMatchObject({
      code: 400,
      params: { field: 'meshId' },
    });
    const ours = await create(admin);
    const listed = (await agent.send(iotDeviceApi.page, { limit: 100 })).data.list;
    expect(listed.every((d) => d.tenantId === tenants.northwind)).toBe(true);
    expect(listed.map((d) => d.id)).toContain(theirs.id);
    expect(listed.find((d) => d.id === theirs.id)).toMatchObject({ meshId: store.store.meshId, storeName: store.store.name });
    expect((await agent.send(iotDeviceApi.page, { store: store.store.meshId })).data.list.map((d) => d.id)).toEqual([theirs.id]);
    for (const res of [
      await agent.send(iotDeviceApi.get, { id: ours.id }),
      await agent.send(iotDeviceApi.rotateSecret, { id: ours.id }),
      await agent.send(iotDeviceApi.setEnabled, { id: ours.id, enabled: false }),
      await agent.send(iotDeviceApi.delete, { id: ours.id }),
    ])
      expect(res.code).toBe(404);
    const [row] = await t.ctx.db.select().from(iotDevices).where(eq(iotDevices.id, ours.id));
    expect(row).toMatchObject({ enabled: true, secretGeneration: 1 });
    // Platform staff see every tenant's devices.
    expect((await admin.send(iotDeviceApi.get, { id: theirs.id })).code).toBe(200);
  });

  test('permissions: each action needs its own', async () => {
    // Live status is for the device and store screens' users; a staff member with no role has none.
    const [me] = await t.ctx.db.select().from(users).where(eq(users.username, 'admin'));
    await t.ctx.db.insert(users).values({ tenantId: me!.tenantId, username: 'iot-clerk', nickname: 'Ida Clerk', passwordHash: me!.passwordHash });
    expect((await (await t.signIn('iot-clerk')).send(liveStatusApi, {})).code).toBe(403);
    await t.grant('iot-clerk', ['iot:device:query']);
    const ops = await t.signIn('iot-clerk');
    expect((await ops.send(liveStatusApi, {})).code).toBe(200);
    const made = await create(admin);
    expect((await ops.send(iotDeviceApi.page, {})).code).toBe(200);
    expect((await ops.send(iotDeviceApi.create, { productId, deviceName: name() })).code).toBe(403);
    expect((await ops.send(iotDeviceApi.rotateSecret, { id: made.id })).code).toBe(403);
    expect((await ops.send(iotDeviceApi.setEnabled, { id: made.id, enabled: false })).code).toBe(403);
    expect((await ops.send(iotDeviceApi.delete, { id: made.id })).code).toBe(403);
    expect(((await (await ops.raw('GET', iotDeviceApi.exportExcel.path)).json()) as { code: number }).code).toBe(403);
  });
});

describe('the device shadow', () => {
  const REPORT = '/open/iot/report';
  /** Properties p{from}…, each with its own number as value unless given one. */
  const props = (from: number, count: number, value: (i: number) => string | number = (i) => i) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${from + i}`, value(from + i)]));
  const propertiesReport = (device: string, properties: Record<string, string | number>, firmwareVersion?: string): Report => ({
    id: `s${++serial}`,
    at: t.clock.now().toISOString(),
    device,
    kind: 'properties',
    properties,
    ...(firmwareVersion && { firmwareVersion }),
  });
  const shadowOf = async (id: number) => (await admin.send(iotDeviceApi.get, { id })).data.shadow;
  const reportsOf = async (id: number) => (await t.ctx.db.select().from(deviceReports).where(eq(deviceReports.senderId, id))).length;
  const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as { params: { field: string; reason: string } }) });

  test('holds at most 256 properties: a batch that would take it past them is refused whole, naming the field', async () => {
    const made = await create(admin);
    const g = gatewayOf(made);
    // Six such batches once grew a shadow to 300,000 properties.
    const flood = Array.from({ length: 500 }, (_, r) => propertiesReport(made.deviceName, props(r * 100, 100)));
    expect(await refusal(await g.request('POST', REPORT, { reports: flood }))).toMatchObject({
      status: 400,
      params: { field: 'properties', reason: 'the device shadow would hold 50000 properties; it holds at most 256' },
    });
    expect(await shadowOf(made.id)).toEqual({});

    const report = (properties: Record<string, string | number>, firmwareVersion?: string) =>
      g.request('POST', REPORT, { reports: [...heartbeat(made.deviceName), propertiesReport(made.deviceName, properties, firmwareVersion)] });
    expect((await report(props(0, 100))).status).toBe(200);
    expect((await report(props(100, 100))).status).toBe(200);
    expect(await refusal(await report(props(200, 57)))).toMatchObject({ status: 400, params: { field: 'properties' } });
    expect(Object.keys(await shadowOf(made.id))).toHaveLength(200);
    expect(await reportsOf(made.id)).toBe(4);
    expect((await report(props(200, 56))).status).toBe(200);
    // Full, it still takes new values of the properties it holds; the firmware version is one more.
    expect((await report(props(0, 100, () => 'new'))).status).toBe(200);
    expect((await report({ p0: 'newer' }, '2.0.0')).status).toBe(400);
    const shadow = await shadowOf(made.id);
    expect(Object.keys(shadow)).toHaveLength(256);
    expect(shadow).toMatchObject({ p0: 'new', p99: 'new', p100: 100, p255: 255 });
  });

  test('takes at most 64 KiB of JSON, and stays flat', async () => {
    const made = await create(admin);
    const g = gatewayOf(made);
    // 311 bytes of JSON each: a name of 50 characters and a value of 256.
    const long = (from: number, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${String(from + i).padStart(49, '0')}`, 'x'.repeat(256)]));
    const report = (...batch: Record<string, string | number>[]) =>
      g.request('POST', REPORT, { reports: batch.map((properties) => propertiesReport(made.deviceName, properties)) });
    expect((await report(long(0, 100), long(100, 100))).status).toBe(200);
    expect(await refusal(await report(long(200, 11)))).toMatchObject({
      status: 400,
      params: { field: 'properties', reason: 'the device shadow would take 65833 bytes of JSON; it takes at most 65536' },
    });
    expect((await report({ short: 1 })).status).toBe(200);
    expect(Object.keys(await shadowOf(made.id))).toHaveLength(201);

    // A report itself: at most 100 properties, each a string of at most 256 characters, a number or a boolean.
    for (const [properties, field] of [
      [props(0, 101), 'reports[0].properties'],
      [{ nested: { deeper: 1 } }, 'reports[0].properties.nested'],
      [{ list: [1, 2] }, 'reports[0].properties.list'],
      [{ text: 'x'.repeat(257) }, 'reports[0].properties.text'],
    ] as const) {
      const res = await g.request('POST', REPORT, { reports: [{ ...propertiesReport(made.deviceName, {}), properties }] });
      expect(await refusal(res), field).toMatchObject({ status: 400, params: { field } });
    }
  });

  test('batches arriving together cannot overfill it between them', async () => {
    const made = await create(admin);
    const g = gatewayOf(made);
    const batch = (from: number) => ({
      reports: [propertiesReport(made.deviceName, props(from, 100)), propertiesReport(made.deviceName, props(from + 100, 50))],
    });
    const answers = await Promise.all([g.request('POST', REPORT, batch(0)), g.request('POST', REPORT, batch(1000))]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    expect(Object.keys(await shadowOf(made.id))).toHaveLength(150);
  });

  test('over MQTT, a batch that would overfill it is dropped with the reason logged, and nothing of it is kept', async () => {
    const made = await create(admin);
    const device = (await findDevice(t.ctx.db, made.productKey, made.deviceName))!;
    const warn = vi.spyOn(t.ctx.log, 'warn');
    const batch = { reports: [0, 100, 200].map((from) => propertiesReport(made.deviceName, props(from, 100))) };
    await deviceSent(t.ctx, device, 'report', Buffer.from(JSON.stringify(batch)));
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: expect.stringMatching(/^properties/) as unknown }), 'MQTT message dropped');
    warn.mockRestore();
    expect(await shadowOf(made.id)).toEqual({});
    expect(await reportsOf(made.id)).toBe(0);
  });
});

describe('gateways provisioned by the app', () => {
  test('the store admin gets credentials (again = a new secret); the gateway then shows in the devices list', async () => {
    const person = await appUserClient(t);
    const member = await appUserClient(t);
    const made = await makeStore(t, { tenantId: tenants.northwind, adminId: person.user.id, memberIds: [member.user.id], gateways: 1, luminaires: 1 });
    const rows = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, made.store.id));
    const gatewayRow = rows.find((d) => d.kind === 'gateway')!;
    const luminaire = rows.find((d) => d.kind === 'luminaire')!;
    const input = { meshId: made.store.meshId, uuid: gatewayRow.uuid };
    expect((await member.client.send(appGatewayCredentials, input)).code).toBe(403);
    expect((await person.client.send(appGatewayCredentials, { ...input, uuid: luminaire.uuid })).code).toBe(404);
    expect((await person.client.send(appGatewayCredentials, { ...input, uuid: 'nosuchdevice' })).code).toBe(404);
    expect((await person.client.send(appGatewayCredentials, { ...input, meshId: 'MNOSUCH' })).code).toBe(404);
    const first = (await person.client.send(appGatewayCredentials, input)).data;
    expect(first).toMatchObject({ deviceName: gatewayRow.uuid });
    const second = (await person.client.send(appGatewayCredentials, input)).data;
    expect(second.deviceSecret).not.toBe(first.deviceSecret);
    expect((await send(gatewayOf(first))).status).toBe(401);
    expect((await gatewayOf(second).report([...heartbeat(gatewayRow.uuid), ...heartbeat(luminaire.uuid)])).stored).toBe(2);

    const listed = (await agent.send(iotDeviceApi.page, { deviceName: gatewayRow.uuid })).data.list;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ tenantId: tenants.northwind, meshId: made.store.meshId, online: true, nodeType: 'gateway' });

    // The store lists show what is online now.
    const store = (await agent.send(storeApi.page, { meshId: made.store.meshId })).data.list[0]!;
    expect(store).toMatchObject({ deviceCount: 2, onlineDeviceCount: 2 });
    expect((await agent.send(luminaireApi.page, { meshId: made.store.meshId })).data.list.map((d) => d.online)).toEqual([true]);
    expect((await agent.send(gatewayApi.page, { meshId: made.store.meshId, online: false })).data.total).toBe(0);
    expect((await agent.send(gatewayApi.page, { meshId: made.store.meshId, online: true })).data.list[0]).toMatchObject({
      uuid: gatewayRow.uuid,
      online: true,
    });
    const detail = (await agent.send(storeApi.get, { id: made.store.id })).data;
    expect(detail.devices.map((d) => d.online)).toEqual([true, true]);

    // Disabling the gateway takes it and the luminaires behind it offline.
    await agent.send(iotDeviceApi.setEnabled, { id: listed[0]!.id, enabled: false });
    expect((await agent.send(storeApi.page, { meshId: made.store.meshId })).data.list[0]!.onlineDeviceCount).toBe(0);
  });
});

describe('live status changes', () => {
  test('after a cursor, oldest first, of the caller tenant only', async () => {
    const start = (await admin.send(liveStatusApi, {})).data;
    expect(start.changes).toEqual([]);
    const agentStart = (await agent.send(liveStatusApi, {})).data.cursor;
    const north = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const home = await storeWithGateway(t, { tenantId: tenants.platform, luminaires: 1 });
    await north.gateway.report([...heartbeat(north.device.deviceName), ...heartbeat(north.luminaires[0]!.uuid)]);
    await home.gateway.report(heartbeat(home.device.deviceName));

    const all = (await admin.send(liveStatusApi, { after: start.cursor })).data;
    expect(all.changes.filter((c) => c.online).map((c) => c.storeId)).toEqual(expect.arrayContaining([north.store.id, home.store.id]));
    expect(all.cursor).toBe(all.changes.at(-1)!.id);
    expect(all.changes.map((c) => c.id)).toEqual([...all.changes.map((c) => c.id)].sort((a, b) => a - b));
    expect((await admin.send(liveStatusApi, { after: all.cursor })).data).toEqual({ changes: [], cursor: all.cursor });

    const theirs = (await agent.send(liveStatusApi, { after: agentStart })).data;
    expect(new Set(theirs.changes.map((c) => c.storeId))).toEqual(new Set([north.store.id]));
    expect(theirs.changes.map((c) => c.storeDeviceId)).toEqual(expect.arrayContaining([north.gatewayRow.id, north.luminaires[0]!.id]));
    expect(theirs.changes.map((c) => c.iotDeviceId)).toContain(north.device.id);

    expect(await admin.send(liveStatusApi, { after: -1 })).toMatchObject({ code: 400, params: { field: 'after' } });
  });
});
