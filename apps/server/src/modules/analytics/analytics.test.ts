import { analyticsApi, ResultCode } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsStore, entrance, presence, sendReport as report, type AnalyticsStore } from '../../test/analytics';
import { tenantIds } from '../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { readXlsx } from '../../test/xlsx';
import { occupancySteps } from './rollup/limits';
import { localClock } from './queries/period';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let kolkata: AnalyticsStore;
let paris: AnalyticsStore;
let agentStore: AnalyticsStore;

beforeAll(async () => {
  t = await testApp();
  // Midday UTC today: well inside the local day in Kolkata, Paris and St John's, so the readings
  // a test places minutes before now fall on today whatever the hour the suite runs at.
  t.clock.setTo(new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`));
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
  const tenants = await tenantIds(t);
  kolkata = await analyticsStore(t, { tenantId: tenants.platform, timezone: 'Asia/Kolkata', name: 'Kolkata Park Street' });
  paris = await analyticsStore(t, { tenantId: tenants.platform, timezone: 'Europe/Paris', name: 'Paris Rivoli' });
  agentStore = await analyticsStore(t, { tenantId: tenants.northwind, timezone: 'America/St_Johns', name: 'St John’s Water Street' });
});
afterAll(() => t.close());

describe('store popularity', () => {
  test('a day by the store’s local hours: totals, trend, ranked products and the top N', async () => {
    // 10:15 and 23:40 in Kolkata on 2026-06-10 (UTC+5:30); the second is 18:10 UTC.
    await presence(kolkata, 0, '2026-06-10T04:45:00Z', [2_000, 30_000]);
    await presence(kolkata, 1, '2026-06-10T04:45:00Z', [90_000]);
    await presence(kolkata, 0, '2026-06-10T18:10:00Z', [5_000]);
    // The next local day: not in this one.
    await presence(kolkata, 2, '2026-06-10T18:40:00Z', [1_000, 1_000, 1_000]);

    const { data } = await admin.send(analyticsApi.storePopularity, { storeId: kolkata.store.id, period: { kind: 'day', date: '2026-06-10' }, top: 2 });
    expect(data.period).toMatchObject({ timezone: 'Asia/Kolkata', bucket: 'hour', from: '2026-06-10T00:00', to: '2026-06-11T00:00' });
    expect(data.period.buckets).toHaveLength(24);
    expect(data.totals).toEqual({ persons: 4, dwellShort: 1, dwellMedium: 2, dwellLong: 1, dwellMs: 127_000 });
    expect(data.trend[10]).toEqual({ persons: 3, dwellShort: 1, dwellMedium: 1, dwellLong: 1, dwellMs: 122_000 });
    expect(data.trend[23]).toEqual({ persons: 1, dwellShort: 0, dwellMedium: 1, dwellLong: 0, dwellMs: 5_000 });
    expect(data.products.map((p) => [p.rank, p.storeDeviceId, p.persons])).toEqual([
      [1, kolkata.luminaires[0]!.id, 3],
      [2, kolkata.luminaires[1]!.id, 1],
    ]);

    const month = await admin.send(analyticsApi.storePopularity, { storeId: kolkata.store.id, period: { kind: 'month', date: '2026-06-10' }, top: 20 });
    expect(month.data.period.buckets).toHaveLength(30);
    expect(month.data.trend[9]!.persons).toBe(4);
    expect(month.data.trend[10]!.persons).toBe(3);

    const product = await admin.send(analyticsApi.productTrend, {
      storeId: kolkata.store.id,
      storeDeviceId: kolkata.luminaires[0]!.id,
      period: { kind: 'day', date: '2026-06-10' },
    });
    expect(product.data.product).toMatchObject({ rank: 1, persons: 3 });
    expect(product.data.trend.map((b) => b.persons).filter((n) => n > 0)).toEqual([2, 1]);
  });

  test('the export is a real .xlsx of the ranked products', async () => {
    const res = await admin.raw('GET', `${analyticsApi.exportStorePopularity.path}?storeId=${kolkata.store.id}&period[kind]=day&period[date]=2026-06-10`);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(['Rank', 'Product', 'Model', 'Persons', 'Stayed under 5 s', 'Stayed 5–60 s', 'Stayed over 60 s', 'Average dwell time']);
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      [1, 3],
      [2, 1],
      [3, 0],
    ]);
  });

  test('the last five minutes are there as soon as the reports are acknowledged', async () => {
    const now = t.clock.now();
    await presence(paris, 0, new Date(now.getTime() - 60_000).toISOString(), [3_000, 70_000]);
    await entrance(paris, new Date(now.getTime() - 30_000).toISOString(), 2, 0);
    const { data } = await admin.send(analyticsApi.storePopularity, { storeId: paris.store.id, period: { kind: 'last5min' }, top: 5 });
    expect(data.period.bucket).toBe('minute');
    expect(data.totals.persons).toBe(2);
    expect(data.products[0]).toMatchObject({ storeDeviceId: paris.luminaires[0]!.id, persons: 2, dwellShort: 1, dwellLong: 1 });
    const realtime = await admin.send(analyticsApi.storePopularity, { storeId: paris.store.id, period: { kind: 'realtime' }, top: 5 });
    expect(realtime.data.totals.persons).toBeGreaterThanOrEqual(2);
  });

  test('in the last five minutes a product counts an interval report over the minutes it covers, as the store does', async () => {
    // Ten people over the ten minutes up to now (12:00 on the dot): one a minute, four of them in
    // the four whole minutes before the current one.
    const now = t.clock.now();
    await report(kolkata, now.toISOString(), {
      device: kolkata.luminaires[2]!.uuid,
      kind: 'presence',
      seconds: 600,
      dwellMs: new Array<number>(10).fill(1_000),
    });
    const { data } = await admin.send(analyticsApi.storePopularity, { storeId: kolkata.store.id, period: { kind: 'last5min' }, top: 5 });
    const product = data.products.find((p) => p.storeDeviceId === kolkata.luminaires[2]!.id);
    expect(product?.persons).toBe(data.totals.persons);
    expect(data.totals.persons).toBe(4);
    const trend = await admin.send(analyticsApi.productTrend, {
      storeId: kolkata.store.id,
      storeDeviceId: kolkata.luminaires[2]!.id,
      period: { kind: 'last5min' },
    });
    expect(trend.data.trend.map((m) => m.persons)).toEqual(data.trend.map((m) => m.persons));
  });

  test('today so far holds its current hour from that hour’s first minute', async () => {
    // The suite's clock is on the hour: walk-ins counted in its first minute belong to the hour just begun.
    await entrance(paris, new Date(t.clock.now().getTime() + 60_000).toISOString(), 3, 0);
    const { data } = await admin.send(analyticsApi.walkIns, { storeId: paris.store.id, period: { kind: 'realtime' } });
    expect(data.series.at(-1)?.walkIns).toBe(3);
  });
});

describe('all stores', () => {
  test('ranked for a period, with open days; the filters narrow the list, not the ranks; the export holds them all', async () => {
    await presence(paris, 1, '2026-06-12T10:00:00Z', [1_000, 1_000, 1_000, 1_000, 1_000]);
    await presence(paris, 1, '2026-06-13T10:00:00Z', [1_000]);
    const period = { kind: 'month' as const, date: '2026-06-01' };
    const ranking = await admin.send(analyticsApi.storeRanking, { period, page: 1, limit: 100 });
    const rows = ranking.data.list.filter((s) => [kolkata.store.id, paris.store.id].includes(s.storeId));
    expect(rows.map((s) => [s.name, s.persons, s.openDays, s.personsPerOpenDay])).toEqual([
      ['Kolkata Park Street', 7, 2, 3.5],
      ['Paris Rivoli', 6, 2, 3],
    ]);
    const onlyParis = await admin.send(analyticsApi.storeRanking, { period, name: 'Rivoli', page: 1, limit: 10 });
    expect(onlyParis.data).toMatchObject({ total: 1, list: [{ name: 'Paris Rivoli', rank: rows[1]!.rank }] });

    const file = await readXlsx(await admin.raw('GET', `${analyticsApi.exportStoreRanking.path}?period[kind]=month&period[date]=2026-06-01&name=Rivoli`));
    expect(file.slice(1).map((r) => r[1])).toEqual(['Paris Rivoli']);

    const compared = await admin.send(analyticsApi.storeComparison, { period, storeIds: [kolkata.store.id, paris.store.id] });
    expect(compared.data.stores.map((s) => [s.name, s.personsPerOpenDay, s.trend.length])).toEqual([
      ['Kolkata Park Street', 3.5, 30],
      ['Paris Rivoli', 3, 30],
    ]);
  });

  test("an agent's staff rank and read only their own stores; another's store is not found", async () => {
    const ranking = await agent.send(analyticsApi.storeRanking, { period: { kind: 'month' }, page: 1, limit: 100 });
    expect(ranking.data.list.every((s) => s.storeId !== kolkata.store.id && s.storeId !== paris.store.id)).toBe(true);
    expect(ranking.data.list.map((s) => s.storeId)).toContain(agentStore.store.id);
    const period = { kind: 'day' as const };
    for (const call of [
      agent.send(analyticsApi.storePopularity, { storeId: kolkata.store.id, period, top: 5 }),
      agent.send(analyticsApi.productTrend, { storeId: kolkata.store.id, storeDeviceId: kolkata.luminaires[0]!.id, period }),
      agent.send(analyticsApi.storeComparison, { period, storeIds: [kolkata.store.id] }),
      agent.send(analyticsApi.peopleNow, { storeId: kolkata.store.id }),
      agent.send(analyticsApi.walkIns, { storeId: kolkata.store.id, period }),
      agent.send(analyticsApi.zones, { storeId: kolkata.store.id, period }),
      agent.send(analyticsApi.heatmap, { storeId: kolkata.store.id, period }),
      agent.send(analyticsApi.currentHeatmap, { storeId: kolkata.store.id }),
      agent.send(analyticsApi.today, { storeId: kolkata.store.id }),
      agent.send(analyticsApi.updateZone, { storeDeviceId: kolkata.zone.id, rotation: 90, maxPeople: 1, minPeople: null }),
      agent.send(analyticsApi.updateStoreLimits, { storeId: kolkata.store.id, maxPeople: 1, minPeople: null }),
    ])
      expect((await call).code).toBe(ResultCode.notFound);
    expect((await agent.send(analyticsApi.alerts, { storeId: kolkata.store.id, page: 1, limit: 10 })).data.total).toBe(0);
    expect((await agent.send(analyticsApi.storePopularity, { storeId: agentStore.store.id, period, top: 5 })).code).toBe(ResultCode.ok);
  });
});

describe('customer counting', () => {
  test('occupancy runs from the store’s local midnight and never goes below zero', async () => {
    // Paris is UTC+2 in June: local midnight of the 20th is 22:00 UTC on the 19th.
    await entrance(paris, '2026-06-19T21:30:00Z', 9, 1); // 23:30 the day before: not today
    await entrance(paris, '2026-06-19T22:10:00Z', 1, 4); // 00:10: more out than in
    await entrance(paris, '2026-06-19T22:20:00Z', 3, 0);
    await entrance(paris, '2026-06-19T22:30:00Z', 0, 1);
    const steps = await occupancySteps(t.ctx.db, paris.store.id, new Date('2026-06-19T22:45:00Z'));
    expect(steps.map((s) => s.occupancy)).toEqual([0, 3, 2]);
    const dayBefore = await occupancySteps(t.ctx.db, paris.store.id, new Date('2026-06-19T21:50:00Z'));
    expect(dayBefore.at(-1)!.occupancy).toBe(8);
  });

  test('people now, today by hour, and the walk-ins of a period with their export', async () => {
    const now = t.clock.now();
    const today = localClock(now, 'America/St_Johns');
    await entrance(agentStore, new Date(now.getTime() - 120_000).toISOString(), 5, 2);
    const { data } = await agent.send(analyticsApi.peopleNow, { storeId: agentStore.store.id });
    expect(data.occupancy).toBe(3);
    expect(data.today.at(-1)).toMatchObject({ occupancy: 3 });
    expect(data.today.reduce((sum, h) => sum + h.walkIns, 0)).toBe(5);

    const walkIns = await agent.send(analyticsApi.walkIns, { storeId: agentStore.store.id, period: { kind: 'day', date: today.date } });
    expect(walkIns.data.totals).toEqual({ walkIns: 5, exits: 2 });
    const file = await readXlsx(
      await agent.raw('GET', `${analyticsApi.exportWalkIns.path}?storeId=${agentStore.store.id}&period[kind]=day&period[date]=${today.date}`),
    );
    expect(file[0]).toEqual(['Time', 'Walk-ins', 'Exits']);
    expect(file).toHaveLength(25);
    // Each hour is a date cell of the store's own clock: the first is its midnight, whatever the reader's zone.
    expect(file[1]![0]).toEqual(new Date(`${today.date}T00:00:00Z`));
  });

  test('a zone above its maximum raises an alert that ends when it is back within its limits', async () => {
    expect((await admin.send(analyticsApi.updateZone, { storeDeviceId: kolkata.zone.id, rotation: 270, maxPeople: 10, minPeople: 2 })).data).toBe(true);
    const at = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();
    await report(kolkata, at(30), { device: kolkata.zone.uuid, kind: 'zone', people: 5 });
    await report(kolkata, at(20), { device: kolkata.zone.uuid, kind: 'zone', people: 14 });
    let alerts = await admin.send(analyticsApi.alerts, { storeId: kolkata.store.id, page: 1, limit: 10 });
    expect(alerts.data.list).toMatchObject([{ kind: 'above-max', people: 14, limit: 10, zoneName: 'Fitting-room zone', endedAt: null }]);
    // Still above: the same alert, not a new one.
    await report(kolkata, at(15), { device: kolkata.zone.uuid, kind: 'zone', people: 12 });
    await report(kolkata, at(10), { device: kolkata.zone.uuid, kind: 'zone', people: 6 });
    alerts = await admin.send(analyticsApi.alerts, { storeId: kolkata.store.id, page: 1, limit: 10 });
    expect(alerts.data.total).toBe(1);
    expect(alerts.data.list[0]!.endedAt).not.toBeNull();
    // An older reading arriving late does not overwrite the zone's latest.
    await report(kolkata, at(25), { device: kolkata.zone.uuid, kind: 'zone', people: 1 });

    const zones = await admin.send(analyticsApi.zones, { storeId: kolkata.store.id, period: { kind: 'realtime' } });
    expect(zones.data.zones).toMatchObject([{ storeDeviceId: kolkata.zone.id, rotation: 270, maxPeople: 10, minPeople: 2, people: 6, state: 'ok' }]);
    const bands = zones.data.zones[0]!.series.filter((b) => b.max !== null);
    expect(Math.max(...bands.map((b) => b.max!))).toBe(14);
    expect(Math.min(...bands.map((b) => b.min!))).toBe(1);

    // Limits where the minimum is above the maximum are refused, naming the field.
    const bad = await admin.send(analyticsApi.updateZone, { storeDeviceId: kolkata.zone.id, rotation: 90, maxPeople: 3, minPeople: 5 });
    expect(bad.code).toBe(ResultCode.badInput);
    expect(JSON.stringify(bad)).toContain('minPeople');

    // A maximum lowered below the latest reading raises the alert at once, before any new reading;
    // raised again above it, the alert ends at once.
    await admin.send(analyticsApi.updateZone, { storeDeviceId: kolkata.zone.id, rotation: 270, maxPeople: 5, minPeople: 2 });
    alerts = await admin.send(analyticsApi.alerts, { storeId: kolkata.store.id, page: 1, limit: 10 });
    expect(alerts.data.list[0]).toMatchObject({ kind: 'above-max', people: 6, limit: 5, endedAt: null });
    await admin.send(analyticsApi.updateZone, { storeDeviceId: kolkata.zone.id, rotation: 270, maxPeople: 10, minPeople: 2 });
    alerts = await admin.send(analyticsApi.alerts, { storeId: kolkata.store.id, page: 1, limit: 10 });
    expect(alerts.data.list.map((a) => a.endedAt === null)).toEqual([false, false]);
  });

  test('the last five minutes of a zone are its readings of those minutes, minute by minute', async () => {
    const [earlier, recent] = [20, 2].map((minutes) => new Date(t.clock.now().getTime() - minutes * 60_000).toISOString()) as [string, string];
    await report(agentStore, earlier, { device: agentStore.zone.uuid, kind: 'zone', people: 30 });
    await report(agentStore, recent, { device: agentStore.zone.uuid, kind: 'zone', people: 4 });
    const { data } = await agent.send(analyticsApi.zones, { storeId: agentStore.store.id, period: { kind: 'last5min' } });
    const clock = localClock(new Date(recent), 'America/St_Johns');
    expect(data.zones).toMatchObject([{ storeDeviceId: agentStore.zone.id, people: 4 }]);
    expect(data.zones[0]!.series).toEqual(
      data.period.buckets.map((minute) => (minute === `${clock.date}T${clock.time}` ? { max: 4, min: 4 } : { max: null, min: null })),
    );
  });

  test('a store above its maximum people raises a store alert', async () => {
    await admin.send(analyticsApi.updateStoreLimits, { storeId: paris.store.id, maxPeople: 4, minPeople: null });
    await entrance(paris, new Date(t.clock.now().getTime() - 60_000).toISOString(), 6, 0);
    const alerts = await admin.send(analyticsApi.alerts, { storeId: paris.store.id, page: 1, limit: 10 });
    expect(alerts.data.list[0]).toMatchObject({ storeDeviceId: null, zoneName: null, kind: 'above-max', limit: 4 });
    const now = await admin.send(analyticsApi.peopleNow, { storeId: paris.store.id });
    expect(now.data).toMatchObject({ limits: { maxPeople: 4, minPeople: null }, state: 'above' });
    // A maximum raised above the people inside ends the alert without waiting for the next count.
    await admin.send(analyticsApi.updateStoreLimits, { storeId: paris.store.id, maxPeople: 1000, minPeople: null });
    const after = await admin.send(analyticsApi.alerts, { storeId: paris.store.id, page: 1, limit: 10 });
    expect(after.data.list[0]!.endedAt).not.toBeNull();
  });
});

describe('today overview', () => {
  test('flow by hour against last week, devices by type, top products and totals', async () => {
    const now = t.clock.now();
    await presence(agentStore, 0, new Date(now.getTime() - 90_000).toISOString(), [4_000, 8_000, 80_000]);
    const { data } = await agent.send(analyticsApi.today, { storeId: agentStore.store.id });
    expect(data.flow.lastWeek).toHaveLength(24);
    expect(data.flow.today.length).toBe(data.period.buckets.length);
    expect(data.flow.today.reduce((a, b) => a + b, 0)).toBe(data.totals.customers);
    expect(data.topProducts[0]).toMatchObject({ storeDeviceId: agentStore.luminaires[0]!.id, persons: 3 });
    expect(data.totals).toMatchObject({ persons: 3, dwellShort: 1, dwellMedium: 1, dwellLong: 1, averagePersons: 3, averageDwellMs: 30_667 });
    expect(data.devices.reduce((n, d) => n + d.online + d.offline, 0)).toBe(data.deviceInfo.length);
    const gateway = data.deviceInfo.find((d) => d.kind === 'gateway')!;
    expect(gateway.online).toBe(true);
    expect(gateway.onlineMs + gateway.offlineMs).toBeGreaterThan(0);
  });
});
