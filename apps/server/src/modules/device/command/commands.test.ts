import { commandApi, commandHistoryApi, type CommandDown, type CommandSend } from '@lightdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storeWithGateway } from '../../../test/devices';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { configs, users } from '../../system/schema';
import { registerDevice } from '../directory';
import { setDeviceLink } from '../link';
import { iotDevices, iotProducts } from '../schema';
import { commandTimeoutJob } from './jobs';
import { deviceCommandJobs, deviceCommands } from './schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let tenants: Awaited<ReturnType<typeof tenantIds>>;
beforeAll(async () => {
  t = await testApp();
  tenants = await tenantIds(t);
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const SEND = '/api/device/group-control/send';
const on = { action: 'power', value: 'on' } as const;
let serial = 0;
const heartbeat = (s: Awaited<ReturnType<typeof storeWithGateway>>) =>
  s.gateway.report([{ id: `hb${++serial}`, at: t.clock.now().toISOString(), device: s.device.deviceName, kind: 'heartbeat' }]);
/** A store whose gateway is online (it has just reported). */
const onlineStore = async (options: { tenantId: number; luminaires?: number; groups?: number }) => {
  const s = await storeWithGateway(t, { luminaires: 2, ...options });
  await heartbeat(s);
  return s;
};
const count = async (table: typeof deviceCommands | typeof deviceCommandJobs) => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const detail = async (id: number, client = admin) => (await client.send(commandHistoryApi.get, { id })).data;
/** A product of directly connected devices (lamps that reach the cloud themselves, not through a gateway). */
const directProductId = async () => {
  await t.ctx.db
    .insert(iotProducts)
    .values({ name: 'Direct lamp', nodeType: 'direct', protocol: 'mqtt', thingModel: { properties: [], events: [], services: [] }, createdBy: 0 })
    .onConflictDoNothing();
  return (await t.ctx.db.select({ id: iotProducts.id }).from(iotProducts).where(eq(iotProducts.name, 'Direct lamp')))[0]!.id;
};
const runTimeouts = () => commandTimeoutJob.run({ ctx: t.ctx, payload: undefined, attempt: 1, runId: 0, signal: new AbortController().signal });

describe('sending', () => {
  test('a command picked up by a polling gateway and acknowledged ends acknowledged', async () => {
    const a = await onlineStore({ tenantId: tenants.northwind, groups: 2 });
    const b = await onlineStore({ tenantId: tenants.northwind });
    const sent = await agent.send(commandApi.send, {
      stores: [a.store.meshId, b.store.id],
      target: { kind: 'all' },
      command: { action: 'brightness', value: 40 },
    });
    expect(sent.code).toBe(200);
    const id = sent.data.id;
    expect((await detail(id)).jobs.map((j) => j.state)).toEqual(['queued', 'queued']);

    const [down] = await a.gateway.pendingCommands();
    expect(down).toMatchObject({ commandId: id, target: { kind: 'all' }, command: { action: 'brightness', value: 40 } } satisfies Partial<CommandDown>);
    // Until the gateway answers, every poll brings it again: a lost poll answer loses no command.
    expect(await a.gateway.pendingCommands()).toEqual([down]);
    expect(await a.gateway.ack({ jobId: down!.jobId, status: 'ok' })).toBe(true);
    expect(await a.gateway.pendingCommands()).toEqual([]);
    // An ack of a finished job changes nothing.
    expect(await a.gateway.ack({ jobId: down!.jobId, status: 'failed', reason: 'late' })).toBe(false);

    const [downB] = await b.gateway.pendingCommands();
    expect(await b.gateway.ack({ commandId: downB!.commandId, status: 'failed', reason: 'mesh busy' })).toBe(true);

    const d = await detail(id, agent);
    const byStore = Object.fromEntries(d.jobs.map((j) => [j.storeId, j]));
    expect(byStore[a.store.id]).toMatchObject({ state: 'acknowledged', reason: null });
    expect(byStore[a.store.id]!.sentAt).not.toBeNull();
    expect(byStore[a.store.id]!.finishedAt).not.toBeNull();
    expect(byStore[b.store.id]).toMatchObject({ state: 'failed', reason: 'mesh busy' });
    expect(d).toMatchObject({ action: 'brightness', value: '40', targetKind: 'all', storeCount: 2, acknowledged: 1, failed: 1, queued: 0 });
    expect(d.senderName).not.toBe('');
  });

  test('groups and devices reach each store as its own group codes and uuids', async () => {
    const a = await onlineStore({ tenantId: tenants.platform, groups: 2, luminaires: 3 });
    const sent = await admin.send(commandApi.send, {
      stores: [a.store.id],
      target: { kind: 'groups', groupIds: [a.groups[1]!.id] },
      command: { action: 'scene', value: 7 },
    });
    const [down] = await a.gateway.pendingCommands();
    expect(down).toMatchObject({ commandId: sent.data.id, target: { kind: 'groups', groupCodes: [a.groups[1]!.groupCode] } });
    const devices = await admin.send(commandApi.send, {
      stores: [a.store.id],
      target: { kind: 'devices', uuids: [a.luminaires[0]!.uuid] },
      command: { action: 'colourTemperature', value: 3000 },
    });
    // The group command is still open (not answered), so it comes first.
    const [, downDevices] = await a.gateway.pendingCommands();
    expect(downDevices).toMatchObject({ commandId: devices.data.id, target: { kind: 'devices', uuids: [a.luminaires[0]!.uuid] } });
  });

  test('over MQTT the command is published to the online gateway and counts as sent', async () => {
    const a = await onlineStore({ tenantId: tenants.platform });
    const published: unknown[] = [];
    setDeviceLink(t.ctx, {
      publish: (productKey, deviceName, kind, payload) => (published.push({ productKey, deviceName, kind, payload }), Promise.resolve(true)),
    });
    try {
      const sent = await admin.send(commandApi.send, { stores: [a.store.id], target: { kind: 'all' }, command: on });
      expect(published).toEqual([
        {
          productKey: a.device.productKey,
          deviceName: a.device.deviceName,
          kind: 'command',
          payload: expect.objectContaining({ commandId: sent.data.id }) as unknown,
        },
      ]);
      expect((await detail(sent.data.id)).jobs[0]!.state).toBe('sent');
      // A gateway that polls over HTTP instead still gets it.
      expect(await a.gateway.pendingCommands()).toEqual([expect.objectContaining({ commandId: sent.data.id })]);
    } finally {
      setDeviceLink(t.ctx, null);
    }
  });

  test('a store whose gateway is offline or missing fails at once, naming why', async () => {
    const offline = await storeWithGateway(t, { tenantId: tenants.platform, luminaires: 1 });
    const none = await makeStore(t, { tenantId: tenants.platform, luminaires: 1 });
    const sent = await admin.send(commandApi.send, { stores: [offline.store.id, none.store.id], target: { kind: 'all' }, command: on });
    const d = await detail(sent.data.id);
    const byStore = Object.fromEntries(d.jobs.map((j) => [j.storeId, j]));
    expect(byStore[offline.store.id]).toMatchObject({ state: 'failed', reason: 'gateway-offline' });
    expect(byStore[none.store.id]).toMatchObject({ state: 'failed', reason: 'no-gateway' });
    expect(byStore[none.store.id]!.finishedAt).not.toBeNull();
    expect(await offline.gateway.pendingCommands()).toEqual([]);
  });

  test('the store picker names the one reason a command could not reach a store, the reason its delivery then fails with', async () => {
    const online = await onlineStore({ tenantId: tenants.platform });
    const offline = await storeWithGateway(t, { tenantId: tenants.platform, luminaires: 1 });
    // The app has the gateway in the store's registry but has not provisioned it in the cloud.
    const unprovisioned = await makeStore(t, { tenantId: tenants.platform, luminaires: 1, gateways: 1 });
    // A directly connected device online in the store is no gateway.
    const direct = await makeStore(t, { tenantId: tenants.platform, luminaires: 1 });
    await registerDevice(t.ctx.db, {
      productId: await directProductId(),
      deviceName: `direct-${direct.store.meshId}`,
      tenantId: tenants.platform,
      storeId: direct.store.id,
    });
    await t.ctx.db.update(iotDevices).set({ online: true }).where(eq(iotDevices.storeId, direct.store.id));

    const picks = async (keyword: string) => (await admin.send(commandApi.stores, { keyword })).data.stores.map((s) => s.gatewayProblem);
    const cases: [Awaited<ReturnType<typeof makeStore>>, string | null][] = [
      [online, null],
      [offline, 'gateway-offline'],
      [unprovisioned, 'no-gateway'],
      [direct, 'no-gateway'],
    ];
    for (const [made, problem] of cases) expect(await picks(made.store.meshId), made.store.name).toEqual([problem]);

    const sent = await admin.send(commandApi.send, { stores: cases.map(([made]) => made.store.id), target: { kind: 'all' }, command: on });
    const reasons = new Map((await detail(sent.data.id)).jobs.map((j) => [j.storeId, j.reason]));
    for (const [made, problem] of cases) expect(reasons.get(made.store.id), made.store.name).toBe(problem);
  });

  test('a command nobody acknowledges times out once the clock passes the timeout', async () => {
    const a = await onlineStore({ tenantId: tenants.platform });
    const sent = await admin.send(commandApi.send, { stores: [a.store.id], target: { kind: 'all' }, command: on });
    t.clock.advance(20);
    await runTimeouts();
    expect((await detail(sent.data.id)).jobs[0]!.state).toBe('queued');
    t.clock.advance(15);
    await runTimeouts();
    expect((await detail(sent.data.id)).jobs[0]).toMatchObject({ state: 'timed-out', reason: 'timeout' });
    // A late poll finds nothing open.
    expect(await a.gateway.pendingCommands()).toEqual([]);
    await heartbeat(a);
    // The gateway did carry it out: its answer, however late (held up at a server that went away), completes the delivery.
    const jobId = (await detail(sent.data.id)).jobs[0]!.id;
    expect(await a.gateway.ack({ jobId, status: 'ok' })).toBe(true);
    expect((await detail(sent.data.id)).jobs[0]).toMatchObject({ state: 'acknowledged', reason: null });
    expect(await a.gateway.ack({ jobId, status: 'failed', reason: 'again' })).toBe(false);
  });

  test("an ack from another store's gateway changes nothing", async () => {
    const a = await onlineStore({ tenantId: tenants.northwind });
    const b = await onlineStore({ tenantId: tenants.northwind });
    const sent = await admin.send(commandApi.send, { stores: [a.store.id], target: { kind: 'all' }, command: on });
    const jobId = (await detail(sent.data.id)).jobs[0]!.id;
    expect(await b.gateway.ack({ jobId, status: 'ok' })).toBe(false);
    expect(await b.gateway.ack({ commandId: sent.data.id, status: 'failed' })).toBe(false);
    expect(await b.gateway.pendingCommands()).toEqual([]);
    expect((await detail(sent.data.id)).jobs[0]).toMatchObject({ state: 'queued', reason: null, sentAt: null });
  });
});

describe('refusals', () => {
  test('more stores than the cap are refused on the server, naming the cap', async () => {
    const made = await Promise.all([1, 2, 3].map(() => makeStore(t, { tenantId: tenants.platform })));
    await t.ctx.db.update(configs).set({ value: '2' }).where(eq(configs.key, 'device.group-control.max-stores'));
    try {
      const before = await count(deviceCommands);
      const res = await admin.post(SEND, { stores: made.map((m) => m.store.id), target: { kind: 'all' }, command: on });
      expect(res).toMatchObject({ code: 555, params: { limit: 2 } });
      expect(res.msg).toContain('2');
      expect(await count(deviceCommands)).toBe(before);
    } finally {
      await t.ctx.db.update(configs).set({ value: '20' }).where(eq(configs.key, 'device.group-control.max-stores'));
    }
  });

  test('bad input gets 400 naming the field, and nothing is made', async () => {
    const a = await onlineStore({ tenantId: tenants.platform, groups: 1 });
    const other = await onlineStore({ tenantId: tenants.platform, groups: 1 });
    const before = [await count(deviceCommands), await count(deviceCommandJobs)];
    const ok: CommandSend = { stores: [a.store.id], target: { kind: 'all' }, command: on };
    const cases: [unknown, string][] = [
      [{ ...ok, stores: [] }, 'stores'],
      [{ ...ok, stores: ['x'] }, 'stores[0]'],
      [{ ...ok, stores: [a.store.id, 99_999_999] }, 'stores[1]'],
      [{ ...ok, command: { action: 'brightness', value: 101 } }, 'command.value'],
      [{ ...ok, command: { action: 'colourTemperature', value: 2000 } }, 'command.value'],
      [{ ...ok, command: { action: 'scene', value: 256 } }, 'command.value'],
      [{ ...ok, command: { action: 'power', value: 'dim' } }, 'command.value'],
      [{ ...ok, command: { action: 'blink', value: 1 } }, 'command.action'],
      [{ ...ok, target: { kind: 'groups', groupIds: [] } }, 'target.groupIds'],
      [{ ...ok, target: { kind: 'groups', groupIds: [other.groups[0]!.id] } }, 'target.groupIds[0]'],
      [{ ...ok, target: { kind: 'devices', uuids: [other.luminaires[0]!.uuid] } }, 'target.uuids[0]'],
      [{ ...ok, target: { kind: 'devices', uuids: [a.gatewayRow.uuid] } }, 'target.uuids[0]'],
      [{ ...ok, stores: [a.store.id, other.store.id], target: { kind: 'groups', groupIds: [a.groups[0]!.id] } }, 'target'],
      [{ ...ok, target: { kind: 'some' } }, 'target.kind'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post(SEND, body);
      expect(res.code, field).toBe(400);
      expect(res.params?.field, field).toBe(field);
    }
    expect([await count(deviceCommands), await count(deviceCommandJobs)]).toEqual(before);
  });

  test("an agent cannot command, list or read another tenant's stores and commands", async () => {
    const theirs = await onlineStore({ tenantId: tenants.platform });
    const mine = await onlineStore({ tenantId: tenants.northwind });
    const before = await count(deviceCommands);
    for (const ref of [theirs.store.id, theirs.store.meshId]) {
      const res = await agent.post(SEND, { stores: [mine.store.id, ref], target: { kind: 'all' }, command: on });
      expect(res).toMatchObject({ code: 400, params: { field: 'stores[1]' } });
    }
    expect(await count(deviceCommands)).toBe(before);

    const { maxStores, stores: picked } = (await agent.send(commandApi.stores, {})).data;
    expect(maxStores).toBe(20);
    const picks = picked.map((s) => s.id);
    expect(picks).toContain(mine.store.id);
    expect(picks).not.toContain(theirs.store.id);
    const targets = (await agent.send(commandApi.targets, { storeIds: `${mine.store.id},${theirs.store.id}` })).data;
    expect(new Set(targets.devices.map((d) => d.storeId))).toEqual(new Set([mine.store.id]));

    const platformCommand = (await admin.send(commandApi.send, { stores: [theirs.store.id], target: { kind: 'all' }, command: on })).data.id;
    expect((await agent.get(commandHistoryApi.get.path, { id: platformCommand })).code).toBe(404);
    const history = (await agent.send(commandHistoryApi.page, { limit: 100 })).data.list.map((c) => c.id);
    expect(history).not.toContain(platformCommand);
    expect((await admin.send(commandHistoryApi.page, { limit: 100 })).data.list.map((c) => c.id)).toContain(platformCommand);
  });

  test('permissions: sending, reading and exporting each need their own', async () => {
    // An agent's clerk who may look at the history and nothing more.
    const [agentRow] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    await t.ctx.db
      .insert(users)
      .values({ tenantId: agentRow!.tenantId, username: 'north-reader', nickname: 'Rita Reader', passwordHash: agentRow!.passwordHash });
    await t.grant('north-reader', ['device:group-control:query']);
    const reader = await t.signIn('north-reader');
    const mine = await onlineStore({ tenantId: tenants.northwind });
    expect((await reader.post(SEND, { stores: [mine.store.id], target: { kind: 'all' }, command: on })).code).toBe(403);
    expect((await reader.get(commandApi.stores.path)).code).toBe(403);
    expect((await reader.get(commandHistoryApi.page.path)).code).toBe(200);
    expect((await reader.get(commandHistoryApi.exportExcel.path)).code).toBe(403);
    expect((await t.api.get(commandHistoryApi.page.path)).code).toBe(401);
    // Gateways' routes take signed devices only.
    expect((await t.api.raw('GET', '/open/iot/commands')).status).toBe(401);
  });

  test('the history exports to Excel', async () => {
    const res = await admin.raw('GET', commandHistoryApi.exportExcel.path);
    expect(res.status).toBe(200);
    const rows = await readXlsx(res);
    expect(rows[0]).toContain('Sent by');
    expect(rows.length).toBeGreaterThan(1);
  });
});
