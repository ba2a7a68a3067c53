import { appStoreApi, storeActions, storeApi } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import AREAS from '../../system/seed/data/areas.json';
import { appStore, appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { COUNTRY_CENTRES, storeLocations } from '..';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let tenant: Awaited<ReturnType<typeof tenantIds>>;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
  tenant = await tenantIds(t);
});
afterAll(() => t.close());

describe('store coordinates', () => {
  test('the app sets them on creation and with a rename; both or neither', async () => {
    const { client } = await appUserClient(t);
    const store = await appStore(client, { latitude: 52.37, longitude: 4.89 });
    expect(store).toMatchObject({ latitude: 52.37, longitude: 4.89 });
    expect(await client.send(appStoreApi.rename, { meshId: store.meshId, meshName: 'Moved', latitude: 51.92, longitude: 4.48 })).toMatchObject({ code: 200 });
    expect(await client.send(appStoreApi.rename, { meshId: store.meshId, meshName: 'Renamed only' })).toMatchObject({ code: 200 });
    expect((await client.send(appStoreApi.mine)).data[0]).toMatchObject({ meshName: 'Renamed only', latitude: 51.92, longitude: 4.48 });
    const half = await client.post('/open/app/stores', { meshName: 'Half', timezone: 'Europe/Amsterdam', country: 'NL', latitude: 52 });
    expect(half).toMatchObject({ code: 400, params: { field: 'longitude' } });
    const far = await client.put('/open/app/stores/rename', { meshId: store.meshId, meshName: 'Far', latitude: 91, longitude: 0 });
    expect(far).toMatchObject({ code: 400, params: { field: 'latitude' } });
  });

  test('operators set them; agents only on their own stores; the list and detail show them', async () => {
    const platform = await makeStore(t, { tenantId: tenant.platform, name: 'Locate Platform' });
    const own = await makeStore(t, { tenantId: tenant.northwind, name: 'Locate Northwind' });
    expect(await admin.send(storeActions.locate, { id: platform.store.id, latitude: 48.8606, longitude: 2.3454 })).toMatchObject({ code: 200 });
    expect(await agent.send(storeActions.locate, { id: platform.store.id, latitude: 1, longitude: 1 })).toMatchObject({ code: 404 });
    expect(await agent.send(storeActions.locate, { id: own.store.id, latitude: -33.87, longitude: 151.2 })).toMatchObject({ code: 200 });
    const detail = await admin.send(storeApi.get, { id: platform.store.id });
    expect(detail.data).toMatchObject({ latitude: 48.8606, longitude: 2.3454 });
    expect(detail.data.history[0]).toMatchObject({ kind: 'located', detail: { latitude: 48.8606, longitude: 2.3454 } });
    expect((await admin.send(storeApi.page, { name: 'Locate Platform' })).data.list[0]).toMatchObject({ latitude: 48.8606 });
    expect(await admin.send(storeActions.locate, { id: platform.store.id, latitude: null, longitude: null })).toMatchObject({ code: 200 });
    expect((await admin.send(storeApi.get, { id: platform.store.id })).data).toMatchObject({
      latitude: null,
      longitude: null,
      history: [expect.objectContaining({ kind: 'location-cleared' }), expect.anything(), expect.anything()],
    });
  });

  test("every store has a place on the map: its own, else its country's centre; agents get only theirs", async () => {
    const located = await makeStore(t, { tenantId: tenant.northwind, name: 'Map Own', countryCode: 'FR' });
    await agent.send(storeActions.locate, { id: located.store.id, latitude: 43.3, longitude: 5.37 });
    const unlocated = await makeStore(t, { tenantId: tenant.northwind, name: 'Map Country', countryCode: 'JP' });
    const platform = await makeStore(t, { tenantId: tenant.platform, name: 'Map Platform' });
    const session = { tenantType: 'agent', tenantId: tenant.northwind } as Parameters<typeof storeLocations>[1];
    const places = await storeLocations(t.ctx.db, session, [located.store.id, unlocated.store.id, platform.store.id]);
    expect(places).toEqual([
      expect.objectContaining({ storeId: located.store.id, latitude: 43.3, longitude: 5.37, located: 'store' }),
      expect.objectContaining({ storeId: unlocated.store.id, ...COUNTRY_CENTRES.get('JP'), located: 'country' }),
    ]);
  });

  test('every country of the areas has a centre', () => {
    const missing = AREAS.countries.map(([code]) => code!).filter((code) => !COUNTRY_CENTRES.has(code));
    expect(missing).toEqual([]);
    for (const { latitude, longitude } of COUNTRY_CENTRES.values()) {
      expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
    }
  });
});
