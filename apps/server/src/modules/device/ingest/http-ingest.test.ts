import type { Report } from '@lightdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { raiseSqlState, storeWithGateway } from '../../../test/devices';
import { HttpGateway } from '../gateway/http-gateway';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../../lib/sql';
import { storeDevices } from '../../store/schema';
import { platformSettings } from '../../system';
import { deviceReports, deviceStatusChanges, iotDevices } from '../schema';
import { offlineSweepJob } from '../status/jobs';
import { onReportsStored } from './ingest';
import { markGatewayOffline } from '../status/liveness';

/** A report whose id is `http-sqlstate-{code}-…` meets that SQLSTATE, raised by the database, as it is stored. */
onReportsStored(async (tx, stored) => {
  const code = stored.map((r) => /^http-sqlstate-(\w{5})-/.exec(r.report.id)?.[1]).find(Boolean);
  if (code) await raiseSqlState(tx, code);
});

let t: TestApp;
let tenants: Awaited<ReturnType<typeof tenantIds>>;
beforeAll(async () => {
  t = await testApp();
  tenants = await tenantIds(t);
});
afterAll(() => t.close());

const runJob = (job: typeof offlineSweepJob) => job.run({ ctx: t.ctx, payload: undefined, attempt: 1, runId: 0, signal: new AbortController().signal });

let serial = 0;
const id = () => `m${++serial}`;
const at = (offsetSeconds = 0) => new Date(t.clock.now().getTime() + offsetSeconds * 1000).toISOString();
const countReports = async (senderId: number) =>
  (
    await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceReports)
      .where(eq(deviceReports.senderId, senderId))
  )[0]!.n;

describe('HTTP ingest', () => {
  test('a signed batch is stored once, whatever is resent, and its devices come online', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 3 });
    const [l1, l2] = s.luminaires;
    const reports: Report[] = [
      { id: id(), at: at(), device: s.device.deviceName, kind: 'heartbeat', interval: 60 },
      { id: id(), at: at(), device: l1!.uuid, kind: 'presence', seconds: 60, dwellMs: [1200, 45_000] },
      { id: id(), at: at(), device: l2!.uuid, kind: 'properties', firmwareVersion: '2.0.1', properties: { brightness: 80 } },
      { id: id(), at: at(), device: s.device.deviceName, kind: 'properties', properties: { power: true, brightness: 55 } },
    ];
    expect(await s.gateway.report(reports)).toEqual({ stored: 4, duplicates: 0 });
    expect(await s.gateway.report([...reports.slice(0, 2), { id: id(), at: at(), device: l1!.uuid, kind: 'zone', people: 3 }])).toEqual({
      stored: 1,
      duplicates: 2,
    });
    expect(await countReports(s.device.id)).toBe(5);

    const devices = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, s.store.id)).orderBy(asc(storeDevices.id));
    expect(
      devices
        .filter((d) => d.online)
        .map((d) => d.uuid)
        .sort(),
    ).toEqual([l1!.uuid, l2!.uuid, s.gatewayRow.uuid].sort());
    expect(devices.find((d) => d.id === l2!.id)!.firmwareVersion).toBe('2.0.1');
    const [gateway] = await t.ctx.db.select().from(iotDevices).where(eq(iotDevices.id, s.device.id));
    expect(gateway).toMatchObject({ online: true, shadow: { power: true, brightness: 55 } });
  });

  test('a report about a device of another store refuses the whole batch, naming it', async () => {
    const a = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const b = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const res = await a.gateway.request('POST', '/open/iot/report', {
      reports: [
        { id: id(), at: at(), device: a.luminaires[0]!.uuid, kind: 'zone', people: 1 },
        { id: id(), at: at(), device: b.luminaires[0]!.uuid, kind: 'zone', people: 1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, params: { field: 'reports[1].device' } });
    expect(await countReports(a.device.id)).toBe(0);
  });

  test('a heartbeat relaying a device of another store refuses the whole batch, naming it', async () => {
    const a = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const b = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const res = await a.gateway.request('POST', '/open/iot/report', {
      reports: [{ id: id(), at: at(), device: a.device.deviceName, kind: 'heartbeat', devices: [a.luminaires[0]!.uuid, b.luminaires[0]!.uuid] }],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, params: { field: 'reports[0].devices[1]' } });
    expect(await countReports(a.device.id)).toBe(0);
    const [luminaire] = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.id, a.luminaires[0]!.id));
    expect(luminaire!.online).toBe(false);
  });

  test('bad reports get 400 naming the field, and nothing is stored', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.platform, luminaires: 1 });
    const uuid = s.luminaires[0]!.uuid;
    const cases: [unknown, string][] = [
      [{ reports: [] }, 'reports'],
      [{ reports: [{ id: id(), at: 'yesterday', device: uuid, kind: 'zone', people: 1 }] }, 'reports[0].at'],
      [{ reports: [{ id: id(), at: at(), device: uuid, kind: 'zone', people: -1 }] }, 'reports[0].people'],
      [{ reports: [{ id: id(), at: at(), device: uuid, kind: 'heatmap', width: 2, height: 2, cells: [1, 2, 3] }] }, 'reports[0].cells'],
      [{ reports: [{ id: id(), at: at(), device: uuid, kind: 'smell' }] }, 'reports[0].kind'],
      [{ reports: [{ id: 'a b', at: at(), device: uuid, kind: 'zone', people: 1 }] }, 'reports[0].id'],
    ];
    for (const [body, field] of cases) {
      const res = await s.gateway.request('POST', '/open/iot/report', body);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { params: { field: string } }).params.field, field).toBe(field);
    }
    // Signed as sent: only a body whose signature holds is read as JSON.
    const broken = '{"reports": [';
    const notJson = await fetch(new URL('/open/iot/report', t.base), {
      method: 'POST',
      headers: { ...s.gateway.signedHeaders('POST', '/open/iot/report', broken), 'content-type': 'application/json' },
      body: broken,
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ params: { field: 'body' } });
    expect(await countReports(s.device.id)).toBe(0);
  });

  test('an unsigned, wrongly signed, stale or replayed request is refused with 401', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const body = { reports: [{ id: id(), at: at(), device: s.device.deviceName, kind: 'heartbeat' }] };
    const unsigned = await fetch(new URL('/open/iot/report', t.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(unsigned.status).toBe(401);
    const tampered = await s.gateway.request('POST', '/open/iot/report', body, (_h, text) => text.replace('"kind"', ' "kind"'));
    expect(tampered.status).toBe(401);
    const wrongSignature = await s.gateway.request('POST', '/open/iot/report', body, (h, text) => ((h['x-lightdesk-signature'] = '0'.repeat(64)), text));
    expect(wrongSignature.status).toBe(401);

    let replayed: Record<string, string> = {};
    const first = await s.gateway.request('POST', '/open/iot/report', body, (h, text) => ((replayed = { ...h }), text));
    expect(first.status).toBe(200);
    const replay = await fetch(new URL('/open/iot/report', t.base), { method: 'POST', headers: replayed, body: JSON.stringify(body) });
    expect(replay.status).toBe(401);

    const stale = new HttpGateway(t.base, s.device.productKey, s.device.deviceName, s.device.secret, () => t.clock.now().getTime() - 6 * 60_000);
    expect((await stale.request('POST', '/open/iot/report', body)).status).toBe(401);
    await t.ctx.db.update(iotDevices).set({ enabled: false }).where(eq(iotDevices.id, s.device.id));
    expect((await s.gateway.request('POST', '/open/iot/report', body)).status).toBe(401);
    expect(await countReports(s.device.id)).toBe(1);
  });

  test('an oversized batch gets 413', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const reports = Array.from({ length: 500 }, () => ({
      id: id(),
      at: at(),
      device: s.device.deviceName,
      kind: 'properties',
      properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, 'x'.repeat(250)])),
    }));
    expect((await s.gateway.request('POST', '/open/iot/report', { reports })).status).toBe(413);
  });
});

describe('report dates and what the database refuses', () => {
  const DAY_MS = 86_400_000;
  const partitions = async () =>
    (await rowsOf<{ name: string }>(t.ctx.db, sql`select inhrelid::regclass::text as name from pg_inherits where inhparent = 'device_reports'::regclass`))
      .map((r) => r.name)
      .sort();
  const fromNow = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  const refusal = async (res: Response) => ({ status: res.status, params: ((await res.json()) as { params: Record<string, string> }).params });

  test('a report dated before the retention period or more than 5 minutes ahead refuses the whole batch, naming it, and makes no partition', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 1 });
    const before = await partitions();
    const dates: [string, RegExp][] = [
      ['0001-01-01T00:00:00Z', /older than the 365 days/],
      ['9999-12-31T23:59:59Z', /ahead of the server's clock/],
      ['0000-01-01T00:00:00Z', /older than/],
      ['0001-01-01T00:30:00+01:00', /older than/], // the year 0 in UTC
      ['9999-12-31T23:00:00-05:00', /ahead of/], // the year 10000 in UTC
      [fromNow(-365 * DAY_MS - 60_000), /older than the 365 days/],
      [fromNow(6 * 60_000), /more than 5 minutes ahead/],
    ];
    for (const [date, reason] of dates) {
      const reports = [0, 1, 2].map(() => ({ id: id(), at: at(), device: s.luminaires[0]!.uuid, kind: 'zone', people: 1 }));
      const res = await s.gateway.request('POST', '/open/iot/report', {
        reports: [...reports, { id: id(), at: date, device: s.device.deviceName, kind: 'heartbeat' }],
      });
      const { status, params } = await refusal(res);
      expect(status, date).toBe(400);
      expect(params.field, date).toBe('reports[3].at');
      expect(params.reason, date).toMatch(reason);
    }
    expect(await countReports(s.device.id)).toBe(0);
    expect(await partitions()).toEqual(before);
  });

  test('reports just inside the window are stored, its older edge following the retention setting', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    const heartbeat = (ms: number) => ({ id: id(), at: fromNow(ms), device: s.device.deviceName, kind: 'heartbeat' as const });
    expect(await s.gateway.report([heartbeat(-365 * DAY_MS + 60_000), heartbeat(4 * 60_000)])).toEqual({ stored: 2, duplicates: 0 });

    await t.ctx.db.update(platformSettings).set({ dataRetentionDays: 30 });
    try {
      const res = await s.gateway.request('POST', '/open/iot/report', { reports: [heartbeat(-30 * DAY_MS - 60_000)] });
      expect(await refusal(res)).toMatchObject({ status: 400, params: { field: 'reports[0].at', reason: expect.stringMatching(/30 days/) as unknown } });
      expect(await s.gateway.report([heartbeat(-30 * DAY_MS + 60_000)])).toEqual({ stored: 1, duplicates: 0 });
    } finally {
      await t.ctx.db.update(platformSettings).set({ dataRetentionDays: 365 });
    }
    expect(await countReports(s.device.id)).toBe(3);
  });

  test('a value the database refuses (a data exception) or an integrity rule it holds is a 400, and nothing is stored', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind });
    for (const code of ['22P05', '23514']) {
      const res = await s.gateway.request('POST', '/open/iot/report', {
        reports: [{ id: `http-sqlstate-${code}-${id()}`, at: at(), device: s.device.deviceName, kind: 'heartbeat' }],
      });
      expect(await refusal(res)).toMatchObject({ status: 400, params: { field: 'reports', reason: `refused by the database (SQLSTATE ${code})` } });
    }
    expect(await countReports(s.device.id)).toBe(0);
  });
});

describe('online and offline', () => {
  test('silent devices go offline after the timeout, with the history of both transitions', async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 2 });
    await s.gateway.report([{ id: id(), at: at(), device: s.luminaires[0]!.uuid, kind: 'zone', people: 0 }]);
    t.clock.advance(120);
    await runJob(offlineSweepJob);
    expect((await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.id, s.luminaires[0]!.id)))[0]!.online).toBe(true);
    t.clock.advance(120);
    await runJob(offlineSweepJob);
    const [luminaire] = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.id, s.luminaires[0]!.id));
    expect(luminaire!.online).toBe(false);
    const history = await t.ctx.db
      .select()
      .from(deviceStatusChanges)
      .where(eq(deviceStatusChanges.storeDeviceId, s.luminaires[0]!.id))
      .orderBy(asc(deviceStatusChanges.id));
    expect(history.map((h) => [h.online, h.reason])).toEqual([
      [true, 'report'],
      [false, 'timeout'],
    ]);
    expect(history[1]!.previousMs).toBeGreaterThanOrEqual(240_000 - 1000);
    // Back again: the offline spell's length is kept.
    t.clock.advance(60);
    await s.gateway.report([{ id: id(), at: at(), device: s.luminaires[0]!.uuid, kind: 'zone', people: 0 }]);
    const [back] = await t.ctx.db
      .select()
      .from(deviceStatusChanges)
      .where(and(eq(deviceStatusChanges.storeDeviceId, s.luminaires[0]!.id), eq(deviceStatusChanges.online, true)))
      .orderBy(sql`${deviceStatusChanges.id} desc`)
      .limit(1);
    expect(back!.previousMs).toBeGreaterThanOrEqual(60_000 - 1000);
  });

  test("a gateway's heartbeat keeps the idle devices it relays online, as one stored report", async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 3 });
    const [relayed, alsoRelayed, unheard] = s.luminaires;
    const heartbeat = () =>
      s.gateway.report([{ id: id(), at: at(), device: s.device.deviceName, kind: 'heartbeat', interval: 60, devices: [relayed!.uuid, alsoRelayed!.uuid] }]);
    // All three seen once; from then on the gateway hears only two.
    expect(await s.gateway.report([{ id: id(), at: at(), device: unheard!.uuid, kind: 'presence', seconds: 60, dwellMs: [900] }])).toEqual({
      stored: 1,
      duplicates: 0,
    });
    expect(await heartbeat()).toEqual({ stored: 1, duplicates: 0 });
    // Every minute for ten: the relayed luminaires outlast the offline timeout, the unheard one does not.
    for (let minute = 0; minute < 10; minute++) {
      t.clock.advance(60);
      await heartbeat();
      await runJob(offlineSweepJob);
    }
    expect(await countReports(s.device.id)).toBe(12);
    const online = async (d: { id: number }) => (await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.id, d.id)))[0]!.online;
    expect([await online(relayed!), await online(alsoRelayed!), await online(unheard!)]).toEqual([true, true, false]);
  });

  test("a gateway's last will takes it and the devices behind it offline at once", async () => {
    const s = await storeWithGateway(t, { tenantId: tenants.northwind, luminaires: 2 });
    await s.gateway.report(s.luminaires.map((l) => ({ id: id(), at: at(), device: l.uuid, kind: 'zone' as const, people: 0 })));
    await markGatewayOffline(t.ctx.db, s.device.id, t.clock.now(), 'last-will');
    const devices = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, s.store.id));
    expect(devices.every((d) => !d.online)).toBe(true);
    expect((await t.ctx.db.select().from(iotDevices).where(eq(iotDevices.id, s.device.id)))[0]!.online).toBe(false);
    const reasons = await t.ctx.db
      .select({ reason: deviceStatusChanges.reason })
      .from(deviceStatusChanges)
      .where(and(eq(deviceStatusChanges.storeId, s.store.id), eq(deviceStatusChanges.online, false)));
    expect(reasons.length).toBe(4); // two luminaires, the gateway's registry row and the gateway itself
    expect(new Set(reasons.map((r) => r.reason))).toEqual(new Set(['last-will']));
  });
});
