import { gatewayApi, luminaireApi, mobileDeviceApi } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { mobileDevices, storeDevices } from '../schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let platformStore: Awaited<ReturnType<typeof makeStore>>;
let agentStore: Awaited<ReturnType<typeof makeStore>>;
let agentPerson: Awaited<ReturnType<typeof appUserClient>>;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
  const tenant = await tenantIds(t);
  agentPerson = await appUserClient(t, { email: 'phone@shop.example' });
  platformStore = await makeStore(t, { tenantId: tenant.platform, countryCode: 'DE', groups: 1, luminaires: 3, gateways: 1 });
  agentStore = await makeStore(t, { tenantId: tenant.northwind, adminId: agentPerson.user.id, luminaires: 2, gateways: 1 });
  await t.ctx.db.insert(mobileDevices).values([
    { appUserId: agentPerson.user.id, installId: 'a', platform: 'ios', model: 'iPhone 15', osVersion: '17.4', appVersion: '2.1.0' },
    { appUserId: platformStore.adminId, installId: 'b', platform: 'android', model: 'Pixel 8' },
  ]);
});
afterAll(() => t.close());

describe('device registry', () => {
  test('luminaires carry their store, group, country, address and their online state', async () => {
    const res = await admin.send(luminaireApi.page, { meshId: platformStore.store.meshId, limit: 100 });
    expect(res.data.total).toBe(3);
    expect(res.data.list[0]).toMatchObject({
      kind: 'luminaire',
      model: 'Luna',
      meshId: platformStore.store.meshId,
      groupName: 'Group 1',
      countryCode: 'DE',
      address: platformStore.store.address,
      firmwareVersion: '1.2.3',
      online: false,
      lastSeenAt: null,
    });
    expect((await admin.send(luminaireApi.page, { countryCode: 'de', limit: 100 })).data.total).toBe(3);
    expect((await admin.send(luminaireApi.page, { deviceName: 'nothing like it' })).data.total).toBe(0);
  });

  test('gateways and sensors have their own list', async () => {
    const res = await admin.send(gatewayApi.page, { meshId: platformStore.store.meshId });
    expect(res.data.list.map((d) => [d.kind, d.model, d.groupName])).toEqual([['gateway', 'Data relay', null]]);
  });

  test('the exports hold the filtered devices', async () => {
    const rows = await readXlsx(await admin.raw('GET', luminaireApi.exportExcel.path, { query: { meshId: platformStore.store.meshId } }));
    expect(rows[0]![0]).toBe('Device name');
    expect(rows.slice(1)).toHaveLength(3);
    const phones = await readXlsx(await admin.raw('GET', mobileDeviceApi.exportExcel.path, { query: { email: 'phone@' } }));
    expect(phones.slice(1).map((r) => r[3])).toEqual(['iPhone 15']);
  });

  test('mobile devices list the phones of app users, with their person', async () => {
    const res = await admin.send(mobileDeviceApi.page, { email: 'phone@' });
    expect(res.data.list).toEqual([expect.objectContaining({ email: 'phone@shop.example', platform: 'ios', model: 'iPhone 15', appVersion: '2.1.0' })]);
    expect((await admin.send(mobileDeviceApi.page, { platform: 'android' })).data.list.map((p) => p.model)).toContain('Pixel 8');
  });

  test("an agent's staff see their stores' devices and their members' phones only", async () => {
    const lights = (await agent.send(luminaireApi.page, { limit: 100 })).data.list;
    expect(new Set(lights.map((d) => d.meshId))).toEqual(new Set([agentStore.store.meshId]));
    expect((await agent.send(gatewayApi.page, { limit: 100 })).data.list.map((d) => d.meshId)).toEqual([agentStore.store.meshId]);
    expect((await agent.send(luminaireApi.page, { meshId: platformStore.store.meshId })).data.total).toBe(0);
    const rows = await readXlsx(await agent.raw('GET', luminaireApi.exportExcel.path));
    expect(new Set(rows.slice(1).map((r) => r[5]))).toEqual(new Set([agentStore.store.meshId]));
    expect((await agent.send(mobileDeviceApi.page, { limit: 100 })).data.list.map((p) => p.model)).toEqual(['iPhone 15']);
  });

  test('offline devices can be listed silent longest first, never-seen ones last', async () => {
    const [first, second] = (await admin.send(luminaireApi.page, { meshId: platformStore.store.meshId, limit: 100 })).data.list;
    await t.ctx.db
      .update(storeDevices)
      .set({ lastSeenAt: new Date('2026-01-02T00:00:00Z') })
      .where(eq(storeDevices.id, first!.id));
    await t.ctx.db
      .update(storeDevices)
      .set({ lastSeenAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(storeDevices.id, second!.id));
    const res = await admin.send(luminaireApi.page, { meshId: platformStore.store.meshId, online: false, sortBy: 'lastSeenAt', sortOrder: 'asc' });
    expect(res.data.list.map((d) => d.id).slice(0, 2)).toEqual([second!.id, first!.id]);
    expect(res.data.list[2]!.lastSeenAt).toBeNull();
  });

  test('bad input answers 400 naming the field', async () => {
    expect(await admin.get(luminaireApi.page.path, { sortBy: 'storeId' })).toMatchObject({ code: 400, params: { field: 'sortBy' } });
    expect(await admin.get(luminaireApi.page.path, { countryCode: '12' })).toMatchObject({ code: 400, params: { field: 'countryCode' } });
    expect(await admin.get(mobileDeviceApi.page.path, { platform: 'symbian' })).toMatchObject({ code: 400, params: { field: 'platform' } });
    expect(await admin.get(gatewayApi.exportExcel.path, { createdTo: 'soon' })).toMatchObject({ code: 400, params: { field: 'createdTo' } });
  });
});
