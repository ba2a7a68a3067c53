import { analyticsApi, type Period } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsStore, people, type AnalyticsStore } from '../../../test/analytics';
import { tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

describe('all stores ranked and mapped, each over its own local days', () => {
  let t: TestApp;
  let admin: ApiClient;
  let sydney: AnalyticsStore;
  let amsterdam: AnalyticsStore;
  beforeAll(async () => {
    t = await testApp();
    // 20:45 UTC on New Year's Eve: 21:45 in Amsterdam (UTC+1), but already 07:45 on New Year's
    // Day in Sydney (UTC+11) — another day, month and year there than in UTC.
    t.clock.setTo(new Date('2026-12-31T20:45:00Z'));
    admin = await t.signIn('admin');
    const tenantId = (await tenantIds(t)).platform;
    sydney = await analyticsStore(t, { tenantId, timezone: 'Australia/Sydney', name: 'Sydney George Street' });
    amsterdam = await analyticsStore(t, { tenantId, timezone: 'Europe/Amsterdam', name: 'Amsterdam Kalverstraat' });
    await people(sydney, '2026-12-31T10:00:00Z', 7); // 21:00 on 31 December in Sydney: its yesterday
    await people(sydney, '2026-12-31T20:15:00Z', 5); // 07:15 on 1 January in Sydney: its today
    await people(amsterdam, '2026-12-30T19:00:00Z', 2); // 30 December in Amsterdam: its yesterday
    await people(amsterdam, '2026-12-31T19:00:00Z', 3); // 20:00 on 31 December in Amsterdam: its today
  });
  afterAll(() => t.close());

  /** Sydney's and Amsterdam's persons in the ranking and on the map. */
  const persons = async (period: Period) => {
    const ranking = await admin.send(analyticsApi.storeRanking, { period, page: 1, limit: 100 });
    const map = await admin.send(analyticsApi.popularityMap, { period });
    const of = (stores: { storeId: number; persons: number }[]) => [sydney, amsterdam].map((s) => stores.find((r) => r.storeId === s.store.id)?.persons);
    return { ranking: of(ranking.data.list), map: of(map.data.stores) };
  };

  test.each(['day', 'realtime'] as const)('"%s" without a date is each store’s own today', async (kind) => {
    expect(await persons({ kind })).toEqual({ ranking: [5, 3], map: [5, 3] });
  });

  test('the month and the year without a date are those of each store’s own today', async () => {
    // Sydney's January 2027 so far against Amsterdam's December 2026.
    for (const kind of ['month', 'year'] as const) expect(await persons({ kind }), kind).toEqual({ ranking: [5, 5], map: [5, 5] });
  });

  test('the week and the last seven days end on each store’s own today', async () => {
    for (const kind of ['week', 'lastWeek'] as const) expect(await persons({ kind }), kind).toEqual({ ranking: [12, 5], map: [12, 5] });
  });

  test('a chosen date is each store’s own local date', async () => {
    expect(await persons({ kind: 'day', date: '2026-12-31' })).toEqual({ ranking: [7, 3], map: [7, 3] });
    expect(await persons({ kind: 'day', date: '2027-01-01' })).toEqual({ ranking: [5, 0], map: [5, 0] });
    expect(await persons({ kind: 'year', date: '2026-06-01' })).toEqual({ ranking: [7, 5], map: [7, 5] });
  });
});
