import { analyticsApi } from '@lightdesk/contract';
import { beforeEach, describe, expect, test } from 'vitest';
import { furtherBlobClient, furtherClient } from './clients';
import { call, downloadExport } from './endpoint';
import type { TransportRequest } from './transport';

const seen: TransportRequest[] = [];
const search = (request: TransportRequest) => decodeURIComponent(new URL(request.url, 'http://console.test').search);

beforeEach(() => {
  seen.length = 0;
  furtherClient.transport = async (request) => {
    seen.push(request);
    return { status: 200, headers: new Headers(), body: { code: 200, msg: '', egMsg: '', data: null } };
  };
  furtherBlobClient.transport = async (request) => {
    seen.push(request);
    return { status: 200, headers: new Headers(), body: new Blob(['xlsx']) };
  };
});

// The server reads nested parameters with bracket notation: an object's fields as `key[field]`,
// an array's items as `key[index]` (the notation `qs` and PHP-style parsers turn back into arrays).
describe('analytics calls travel as nested GET parameters', () => {
  test('a store and its period: period[kind] and period[date]', async () => {
    await call(analyticsApi.walkIns, { storeId: 7, period: { kind: 'month', date: '2026-11-01' } });
    expect(new URL(seen[0]!.url, 'http://console.test').pathname).toBe('/api/v2/saas/web/analytics/walk-ins');
    expect(search(seen[0]!)).toBe('?storeId=7&period[kind]=month&period[date]=2026-11-01');
  });

  test('a quick range leaves the absent date out', async () => {
    await call(analyticsApi.storePopularity, { storeId: 7, period: { kind: 'last5min' }, top: 10 });
    expect(search(seen[0]!)).toBe('?storeId=7&period[kind]=last5min&top=10');
  });

  test('the compared stores as storeIds[0], storeIds[1]…', async () => {
    await call(analyticsApi.storeComparison, { period: { kind: 'week', date: '2026-03-04' }, storeIds: [3, 12] });
    expect(search(seen[0]!)).toBe('?period[kind]=week&period[date]=2026-03-04&storeIds[0]=3&storeIds[1]=12');
  });

  test('an export given the period as flat bracketed names sends the same query', async () => {
    await downloadExport(analyticsApi.exportWalkIns, { storeId: '7', 'period[kind]': 'month', 'period[date]': '2026-11-01' }, () => {});
    expect(new URL(seen[0]!.url, 'http://console.test').pathname).toBe('/api/v2/saas/web/analytics/walk-ins/export-excel');
    expect(search(seen[0]!)).toBe('?storeId=7&period[kind]=month&period[date]=2026-11-01');
  });
});
