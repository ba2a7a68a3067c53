import { analyticsStoreApi, Id, ResultCode } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AREAS } from '../../app';
import { defineRoutes, type Area } from '../../lib/routes';
import { makeStore, tenantIds } from '../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';

// A route of this test's own under the analytics prefix, answering the query it was given.
const echoArea: Area = {
  name: 'echo',
  routes: [
    defineRoutes((r) => {
      const query = z.object({ period: z.object({ kind: z.enum(['day', 'month']), date: z.iso.date() }), storeIds: z.array(Id).max(5).optional() });
      r.get('/api/v2/saas/web/test/echo', { permission: 'heatmap:store:query', query }, ({ query: q }) => q);
    }),
  ],
};

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let operator: ApiClient;
let tenant: Awaited<ReturnType<typeof tenantIds>>;
beforeAll(async () => {
  t = await testApp({}, { areas: [...AREAS, echoArea] });
  tenant = await tenantIds(t);
  admin = (await t.signIn('admin')).withHeaders({ tenantcode: 'saas', 'tenant-id': String(tenant.platform) });
  agent = await t.signIn('agent');
  operator = await t.signIn('operator');
});
afterAll(() => t.close());

const echo = (c: ApiClient, search: string) => c.call<unknown>('GET', `/api/v2/saas/web/test/echo?${search}`);

describe('the analytics client prefix', () => {
  test('takes bearer, tenant-id and tenantcode, and nested params in the further client’s shape', async () => {
    const res = await echo(admin, 'period%5Bkind%5D=month&period%5Bdate%5D=2026-11-01&storeIds%5B0%5D=1&storeIds%5B1%5D=2');
    expect(res).toMatchObject({ code: 200, data: { period: { kind: 'month', date: '2026-11-01' }, storeIds: [1, 2] } });
    expect((await echo(admin, 'period[kind]=day&period[date]=2026-11-01&storeIds[]=3&storeIds[]=4')).data).toMatchObject({ storeIds: [3, 4] });
    expect((await echo(admin, 'period[kind]=day&period[date]=2026-11-01&storeIds=5&storeIds=6')).data).toMatchObject({ storeIds: [5, 6] });
  });

  test('malformed nesting answers 400 naming the field', async () => {
    expect(await echo(admin, 'period[kind]=year&period[date]=2026-11-01')).toMatchObject({ code: 400, params: { field: 'period.kind' } });
    expect(await echo(admin, 'period=month')).toMatchObject({ code: 400, params: { field: 'period' } });
    expect(await echo(admin, 'period[kind=month')).toMatchObject({ code: 400, params: { field: 'period' } });
    expect(await echo(admin, 'period[kind]=day&period[date]=2026-11-01&storeIds[0]=x')).toMatchObject({ code: 400, params: { field: 'storeIds[0]' } });
    expect(await echo(admin, 'period[kind][x]=day&period[date]=2026-11-01')).toMatchObject({ code: 400, params: { field: 'period.kind' } });
  });

  test('a prototype-pollution attempt is harmless', async () => {
    const res = await echo(
      admin,
      '__proto__[polluted]=1&constructor[prototype][polluted]=1&period[__proto__][kind]=day&period[kind]=day&period[date]=2026-11-01',
    );
    expect(res).toMatchObject({ code: 200, data: { period: { kind: 'day', date: '2026-11-01' } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await admin.get('/api/v2/saas/web/analytics/stores', { 'constructor[prototype][x]': 1 })).toMatchObject({ code: 200 });
  });

  test('without a session it answers 401 in the envelope; without the permission 403', async () => {
    const nobody = await t.api.raw('GET', '/api/v2/saas/web/test/echo?period[kind]=day&period[date]=2026-11-01');
    expect(nobody.status).toBe(200);
    expect(await nobody.json()).toMatchObject({ code: ResultCode.unauthorized, key: 'auth.unauthorized' });
    expect(await operator.send(analyticsStoreApi.stores, {})).toMatchObject({ code: 403 });
    expect(await echo(operator, 'period[kind]=day&period[date]=2026-11-01')).toMatchObject({ code: 403 });
  });

  test('the tenant comes from the session: another tenant named in tenant-id or tenantcode is refused', async () => {
    const other = agent.withHeaders({ 'tenant-id': String(tenant.platform) });
    expect(await other.send(analyticsStoreApi.stores, {})).toMatchObject({ code: 403, key: 'auth.tenant-mismatch' });
    expect(await agent.withHeaders({ tenantcode: 'saas' }).send(analyticsStoreApi.stores, {})).toMatchObject({ code: 403, key: 'auth.tenant-mismatch' });
    expect(await agent.withHeaders({ 'tenant-id': String(tenant.northwind), tenantcode: 'northwind' }).send(analyticsStoreApi.stores, {})).toMatchObject({
      code: 200,
    });
  });
});

describe('the analytics store picker', () => {
  test('lists the stores the caller sees, by name, a page at a time; agents only their own', async () => {
    const own = await makeStore(t, { tenantId: tenant.northwind, name: 'Picker Northwind Alpha' });
    await makeStore(t, { tenantId: tenant.northwind, name: 'Picker Northwind Beta' });
    const platform = await makeStore(t, { tenantId: tenant.platform, name: 'Picker Platform Gamma' });
    const page = await agent.send(analyticsStoreApi.stores, { name: 'picker', limit: 1, page: 1 });
    expect(page.data).toEqual({
      list: [{ id: own.store.id, meshId: own.store.meshId, name: 'Picker Northwind Alpha', timezone: 'Europe/Amsterdam', countryCode: 'NL' }],
      total: 2,
    });
    expect((await agent.send(analyticsStoreApi.stores, { name: 'picker', limit: 1, page: 2 })).data.list.map((s) => s.name)).toEqual(['Picker Northwind Beta']);
    expect((await admin.send(analyticsStoreApi.stores, { name: 'picker', limit: 10 })).data.list.map((s) => s.id)).toContain(platform.store.id);
  });

  test('any analytics screen admits the caller', async () => {
    await t.grant('operator', ['counting:walk-in:query']);
    const again = await t.signIn('operator');
    expect(await again.send(analyticsStoreApi.stores, {})).toMatchObject({ code: 200 });
  });
});
