import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../../lib/sql';
import { testApp, type TestApp } from '../../../test/test-app';
import { storeDevices } from '../../store/schema';
import { platformSettings } from '../../system';
import { deviceReports, iotDevices } from '../schema';
import { markSilentOffline } from '../status/liveness';
import { demoGatewaysFile, demoHistoryJob, demoLiveJob } from './demo';
import { localTime, visitorsPerMinute } from './rhythm';
import { storeReports, type SimulatedStore } from './store-reports';

const store: SimulatedStore = {
  meshId: 'MTEST',
  timezone: 'Asia/Kolkata',
  gateway: 'gw',
  luminaires: ['l1', 'l2', 'l3'],
  counters: ['c1'],
  zones: ['z1'],
  heatmaps: ['h1'],
};

describe('the simulated rhythm', () => {
  test("follows the store's own clock, half-hour offsets included", () => {
    // 04:00 UTC is 09:30 in Kolkata on a Monday: open. 03:00 UTC is 08:30: closed.
    expect(localTime(new Date('2026-11-23T04:00:00Z'), 'Asia/Kolkata')).toMatchObject({ weekday: 1, hour: 9.5 });
    expect(visitorsPerMinute(new Date('2026-11-23T04:00:00Z'), 'Asia/Kolkata')).toBeGreaterThan(0);
    expect(visitorsPerMinute(new Date('2026-11-23T03:00:00Z'), 'Asia/Kolkata')).toBe(0);
  });

  test("a closed store only sends its gateway's heartbeat, relaying every device's; an open one reports every kind, the same way every time", () => {
    const closed = storeReports(store, new Date('2026-11-23T20:00:00Z'), 3600);
    expect(closed).toEqual([expect.objectContaining({ kind: 'heartbeat', device: 'gw', devices: ['l1', 'l2', 'l3', 'c1', 'z1', 'h1'] })]);
    const open = storeReports(store, new Date('2026-11-23T10:00:00Z'), 3600);
    expect(new Set(open.map((r) => r.kind))).toEqual(new Set(['heartbeat', 'entrance', 'presence', 'zone', 'heatmap']));
    expect(storeReports(store, new Date('2026-11-23T10:00:00Z'), 3600)).toEqual(open);
    const heatmap = open.find((r) => r.kind === 'heatmap');
    expect(heatmap && heatmap.kind === 'heatmap' && heatmap.cells.length).toBe(64);
  });
});

describe('the demo devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ LIGHTDESK_DEMO: '1' });
    await t.seedDemo();
  });
  afterAll(() => t.close());
  const signal = new AbortController().signal;
  const playHistory = (days: number) => demoHistoryJob.run({ ctx: t.ctx, payload: { days }, attempt: 1, runId: 0, signal });
  const playMinute = () => demoLiveJob.run({ ctx: t.ctx, payload: undefined, attempt: 1, runId: 0, signal });
  const reports = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(deviceReports))[0]!.n;

  test("every demo store's gateway is in the cloud and its credentials are written for the simulator only", async () => {
    const gateways = await t.ctx.db.select().from(iotDevices);
    expect(gateways).toHaveLength(20);
    const file = demoGatewaysFile(t.ctx);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      gateways: { deviceName: string; deviceSecret: string; luminaires: string[]; counters: string[] }[];
    };
    expect(written.gateways).toHaveLength(20);
    expect(written.gateways[0]!.deviceSecret).toMatch(/^[\w-]{32}$/);
    expect(written.gateways[0]!.luminaires).toHaveLength(30);
    expect(written.gateways[0]!.counters).toHaveLength(1);
  });

  test('history plays through the ingest once, however often it is replayed, and the live minute makes the devices online', async () => {
    // A quarter of an hour from the turn of every demo store's local hour (a whole or a half hour off UTC), so that both plays end at the same hour.
    t.clock.setTo(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 900_000));
    await playHistory(1);
    const once = await reports();
    expect(once).toBeGreaterThan(20 * 24);
    await playHistory(1);
    expect(await reports()).toBe(once);
    await playMinute();
    expect(await reports()).toBeGreaterThan(once);
    const [online] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storeDevices)
      .where(eq(storeDevices.online, true));
    expect(online!.n).toBeGreaterThanOrEqual(19 * 34);
  });

  test('after a quiet spell, one live minute brings every device of each reporting store online, open or closed', async () => {
    // 03:30 UTC on a Monday: the night in Europe and the Americas, the day in Asia.
    t.clock.setTo(new Date('2026-11-23T03:30:00Z'));
    // Everything offline, whenever it was last seen.
    await markSilentOffline(t.ctx.db, new Date('9999-12-31T00:00:00Z'), t.clock.now());
    await playMinute();
    const stores = await rowsOf<{ online: number; all: number }>(
      t.ctx.db,
      sql`select count(*) filter (where online)::int as online, count(*)::int as "all" from store_devices where store_id in (select store_id from iot_devices) group by store_id`,
    );
    expect(stores).toHaveLength(20);
    // One store's gateway may be having its silent spell.
    expect(stores.filter((s) => s.online === 0).length).toBeLessThanOrEqual(1);
    expect(stores.filter((s) => s.online > 0).every((s) => s.online === s.all)).toBe(true);
  });

  test('history stays inside the days the raw reports are kept', async () => {
    await t.ctx.db.update(platformSettings).set({ dataRetentionDays: 2 });
    try {
      expect(await playHistory(5)).toMatchObject({ days: 1 });
    } finally {
      await t.ctx.db.update(platformSettings).set({ dataRetentionDays: 365 });
    }
    const [oldest] = await t.ctx.db.select({ ms: sql<number>`(extract(epoch from min(${deviceReports.reportedAt})) * 1000)::float8` }).from(deviceReports);
    expect(oldest!.ms).toBeGreaterThan(t.clock.now().getTime() - 2 * 86_400_000);
  });

  test("the history shows each store's walk-ins and people in its opening hours", async () => {
    // Two days up to Monday 23 November 2026, 12:00 UTC: every demo store's Sunday, when it is open from 11:00 to 17:00.
    t.clock.setTo(new Date('2026-11-23T12:00:00Z'));
    await playHistory(2);
    const open = await rowsOf<{ store: string; hours: string[] }>(
      t.ctx.db,
      sql`select s.name as store, array_agg(to_char(h.local_hour, 'HH24:MI') order by h.local_hour) as hours
          from analytics_store_hourly h join stores s on s.id = h.store_id
          where h.local_hour::date = '2026-11-22' and (h.walk_ins > 0 or h.persons > 0)
          group by s.name`,
    );
    expect(open).toHaveLength(20);
    for (const store of open) expect(store.hours, store.store).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });
});
