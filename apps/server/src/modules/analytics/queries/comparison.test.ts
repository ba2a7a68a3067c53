import { analyticsApi, ResultCode, type Period } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsStore, entrance, people, type AnalyticsStore } from '../../../test/analytics';
import { tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { comparisonPeriod } from './period';

describe('the period a period is set against', () => {
  // A Wednesday, 14:37 in Amsterdam.
  const now = new Date('2026-03-11T13:37:20Z');
  const against = (period: Period) => {
    const p = comparisonPeriod(period, 'Europe/Amsterdam', now);
    return p && { from: p.from, to: p.to, buckets: p.buckets.length };
  };

  test.each<[Period, { from: string; to: string; buckets: number } | null]>([
    [{ kind: 'day' }, null],
    [
      { kind: 'day', compare: 'previous' },
      { from: '2026-03-10T00:00', to: '2026-03-11T00:00', buckets: 24 },
    ],
    // 52 weeks back: a Wednesday against a Wednesday.
    [
      { kind: 'day', compare: 'yearEarlier' },
      { from: '2025-03-12T00:00', to: '2025-03-13T00:00', buckets: 24 },
    ],
    [
      { kind: 'day', date: '2026-01-01', compare: 'previous' },
      { from: '2025-12-31T00:00', to: '2026-01-01T00:00', buckets: 24 },
    ],
    [
      { kind: 'week', compare: 'previous' },
      { from: '2026-03-02T00:00', to: '2026-03-09T00:00', buckets: 7 },
    ],
    [
      { kind: 'week', compare: 'yearEarlier' },
      { from: '2025-03-10T00:00', to: '2025-03-17T00:00', buckets: 7 },
    ],
    [
      { kind: 'month', compare: 'previous' },
      { from: '2026-02-01T00:00', to: '2026-03-01T00:00', buckets: 28 },
    ],
    [
      { kind: 'month', date: '2026-01-31', compare: 'previous' },
      { from: '2025-12-01T00:00', to: '2026-01-01T00:00', buckets: 31 },
    ],
    [
      { kind: 'month', compare: 'yearEarlier' },
      { from: '2025-03-01T00:00', to: '2025-04-01T00:00', buckets: 31 },
    ],
    [
      { kind: 'year', compare: 'previous' },
      { from: '2025-01-01T00:00', to: '2026-01-01T00:00', buckets: 12 },
    ],
    [
      { kind: 'year', compare: 'yearEarlier' },
      { from: '2025-01-01T00:00', to: '2026-01-01T00:00', buckets: 12 },
    ],
    // Today so far against yesterday up to the same time of day.
    [
      { kind: 'realtime', compare: 'previous' },
      { from: '2026-03-10T00:00', to: '2026-03-10T14:37', buckets: 15 },
    ],
    [
      { kind: 'realtime', compare: 'yearEarlier' },
      { from: '2025-03-12T00:00', to: '2025-03-12T14:37', buckets: 15 },
    ],
    [
      { kind: 'lastWeek', compare: 'previous' },
      { from: '2026-02-26T00:00', to: '2026-03-05T00:00', buckets: 7 },
    ],
    [
      { kind: 'lastMonth', compare: 'previous' },
      { from: '2026-01-11T00:00', to: '2026-02-10T00:00', buckets: 30 },
    ],
    [
      { kind: 'lastMonth', compare: 'yearEarlier' },
      { from: '2025-02-11T00:00', to: '2025-03-13T00:00', buckets: 30 },
    ],
    [
      { kind: 'last5min', compare: 'previous' },
      { from: '2026-03-11T14:28', to: '2026-03-11T14:33', buckets: 5 },
    ],
  ])('%j', (period, expected) => {
    expect(against(period)).toEqual(expected);
  });
});

describe('figures against the previous period and a year earlier', () => {
  let t: TestApp;
  let admin: ApiClient;
  let sydney: AnalyticsStore;
  let amsterdam: AnalyticsStore;
  beforeAll(async () => {
    t = await testApp();
    // 20:45 UTC on New Year's Eve: 21:45 on 31 December in Amsterdam, already 07:45 on 1 January in Sydney.
    t.clock.setTo(new Date('2026-12-31T20:45:00Z'));
    admin = await t.signIn('admin');
    const tenantId = (await tenantIds(t)).platform;
    sydney = await analyticsStore(t, { tenantId, timezone: 'Australia/Sydney', name: 'Sydney Pitt Street' });
    amsterdam = await analyticsStore(t, { tenantId, timezone: 'Europe/Amsterdam', name: 'Amsterdam Leidsestraat' });
    await people(sydney, '2026-12-31T10:30:00Z', 8); // 21:30 on 31 December in Sydney: its yesterday
    await people(sydney, '2026-12-31T20:15:00Z', 2); // 07:15 on 1 January: its today
    await people(sydney, '2026-12-31T20:16:00Z', 4, 1);
    await people(amsterdam, '2026-12-30T19:00:00Z', 2); // 30 December in Amsterdam: its yesterday
    await people(amsterdam, '2026-12-31T19:00:00Z', 3); // 20:00 on 31 December: its today
    await people(amsterdam, '2026-01-01T12:00:00Z', 6); // Thursday 1 January 2026: 52 weeks before Thursday 31 December
    await entrance(amsterdam, '2026-12-30T10:00:00Z', 10, 10);
    await entrance(amsterdam, '2026-12-31T10:00:00Z', 4, 4);
  });
  afterAll(() => t.close());

  test('a store’s popularity carries the same figures over the comparison period, per bucket and per product', async () => {
    const { data } = await admin.send(analyticsApi.storePopularity, { storeId: sydney.store.id, period: { kind: 'day', compare: 'previous' }, top: 20 });
    expect(data.totals.persons).toBe(6);
    expect(data.comparison?.period).toMatchObject({ from: '2026-12-31T00:00', to: '2027-01-01T00:00', bucket: 'hour' });
    expect(data.comparison?.totals.persons).toBe(8);
    expect(data.comparison?.trend[21]?.persons).toBe(8);
    const products = Object.fromEntries(data.products.map((p) => [p.storeDeviceId, [p.persons, p.compared?.persons]]));
    expect(products[sydney.luminaires[0]!.id]).toEqual([2, 8]);
    expect(products[sydney.luminaires[1]!.id]).toEqual([4, 0]);

    const plain = await admin.send(analyticsApi.storePopularity, { storeId: sydney.store.id, period: { kind: 'day' }, top: 20 });
    expect(plain.data.comparison).toBeNull();
    expect(plain.data.products.every((p) => p.compared === null)).toBe(true);
  });

  test('a year earlier is the same weekday 52 weeks before', async () => {
    const { data } = await admin.send(analyticsApi.storePopularity, { storeId: amsterdam.store.id, period: { kind: 'day', compare: 'yearEarlier' }, top: 5 });
    expect(data.comparison?.period.from).toBe('2026-01-01T00:00');
    expect([data.totals.persons, data.comparison?.totals.persons]).toEqual([3, 6]);
  });

  test('walk-ins, a product’s trend, zones and the heatmap answer their comparison too', async () => {
    const period = { kind: 'day', compare: 'previous' } as const;
    const walks = await admin.send(analyticsApi.walkIns, { storeId: amsterdam.store.id, period });
    expect([walks.data.totals.walkIns, walks.data.comparison?.totals.walkIns]).toEqual([4, 10]);
    expect(walks.data.comparison?.series).toHaveLength(24);
    const trend = await admin.send(analyticsApi.productTrend, { storeId: amsterdam.store.id, storeDeviceId: amsterdam.luminaires[0]!.id, period });
    expect([trend.data.product.persons, trend.data.comparison?.totals.persons]).toEqual([3, 2]);
    const zones = await admin.send(analyticsApi.zones, { storeId: amsterdam.store.id, period });
    expect(zones.data.comparison?.period.from).toBe('2026-12-30T00:00');
    const heatmap = await admin.send(analyticsApi.heatmap, { storeId: amsterdam.store.id, period });
    expect(heatmap.data.comparison?.cells).toHaveLength(heatmap.data.cells.length);
  });

  test('the ranking and the map set each store against its own previous day, and the ranking sorts by change', async () => {
    const period = { kind: 'day', compare: 'previous' } as const;
    const ranked = await admin.send(analyticsApi.storeRanking, { period, page: 1, limit: 100, order: 'change' });
    const ours = ranked.data.list.filter((s) => [sydney.store.id, amsterdam.store.id].includes(s.storeId));
    // Amsterdam 3 against 2 (+50 %) before Sydney 6 against 8 (−25 %).
    expect(ours.map((s) => [s.storeId, s.persons, s.comparedPersons, s.change])).toEqual([
      [amsterdam.store.id, 3, 2, 0.5],
      [sydney.store.id, 6, 8, -0.25],
    ]);
    const changes = ranked.data.list.map((s) => s.change);
    const known = changes.filter((c) => c !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(changes.slice(known.length).every((c) => c === null)).toBe(true);

    const map = await admin.send(analyticsApi.popularityMap, { period });
    const mapped = map.data.stores.find((s) => s.storeId === sydney.store.id);
    expect([mapped?.persons, mapped?.comparedPersons]).toEqual([6, 8]);

    const side = await admin.send(analyticsApi.storeComparison, { period, storeIds: [sydney.store.id, amsterdam.store.id] });
    expect(side.data.stores.map((s) => [s.persons, s.comparison?.persons])).toEqual([
      [6, 8],
      [3, 2],
    ]);
  });

  test('the last five minutes have no year-earlier counterpart: refused, naming the field', async () => {
    const answer = await admin.send(analyticsApi.storePopularity, { storeId: sydney.store.id, period: { kind: 'last5min', compare: 'yearEarlier' }, top: 5 });
    expect(answer.code).toBe(ResultCode.badInput);
    expect(JSON.stringify(answer)).toContain('period.compare');
  });
});
