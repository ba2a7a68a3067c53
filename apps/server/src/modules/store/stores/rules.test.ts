import { appAccountApi, appStoreApi } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type TestApp } from '../../../test/test-app';
import { appStore, appUserClient } from '../../../test/app-users';
import { appUserSettings, stores } from '../schema';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const luminaire = (meshId: string, uuid: string) => ({ meshId, kind: 'luminaire' as const, deviceName: uuid, uuid, model: 'aura' });

describe('lighting groups', () => {
  test('a group holding luminaires is not dissolved (555), an empty one is', async () => {
    const { client } = await appUserClient(t);
    const { meshId } = await appStore(client);
    const { data: group } = await client.send(appStoreApi.createGroup, { meshId, groupName: 'Shelf' });
    await client.send(appStoreApi.addDevice, { ...luminaire(meshId, 'L-1'), groupCode: group.groupCode });
    const refused = await client.send(appStoreApi.dissolveGroup, { meshId, groupCode: group.groupCode });
    expect(refused).toMatchObject({ code: 555, key: 'store.group-not-empty', egMsg: 'Please delete the members before dissolution!' });
    expect((await client.send(appStoreApi.get, { meshId })).data.groups).toHaveLength(1);
    await client.send(appStoreApi.groupLuminaires, { meshId, groupCode: group.groupCode, remove: ['L-1'] });
    expect((await client.send(appStoreApi.dissolveGroup, { meshId, groupCode: group.groupCode })).code).toBe(200);
    expect((await client.send(appStoreApi.get, { meshId })).data.groups).toEqual([]);
  });

  test('only luminaires of the store join a group', async () => {
    const { client } = await appUserClient(t);
    const { meshId } = await appStore(client);
    const { data: group } = await client.send(appStoreApi.createGroup, { meshId, groupName: 'Shelf' });
    await client.send(appStoreApi.addDevice, { ...luminaire(meshId, 'GW-9'), kind: 'gateway', model: 'data-relay' });
    expect(await client.send(appStoreApi.groupLuminaires, { meshId, groupCode: group.groupCode, add: ['GW-9'] })).toMatchObject({
      code: 555,
      key: 'store.not-luminaire',
    });
    expect(await client.send(appStoreApi.groupLuminaires, { meshId, groupCode: group.groupCode, add: ['NOPE'] })).toMatchObject({
      code: 404,
      key: 'store.device-unknown',
    });
    expect(await client.send(appStoreApi.renameGroup, { meshId, groupCode: 1, groupName: 'X' })).toMatchObject({ code: 404, key: 'store.group-unknown' });
  });
});

describe('devices', () => {
  test('a uuid is in one store at most', async () => {
    const first = await appUserClient(t);
    const second = await appUserClient(t);
    const a = await appStore(first.client);
    const b = await appStore(second.client);
    expect((await first.client.send(appStoreApi.addDevice, luminaire(a.meshId, 'SHARED-1'))).code).toBe(200);
    expect(await second.client.send(appStoreApi.addDevice, luminaire(b.meshId, 'SHARED-1'))).toMatchObject({ code: 409, key: 'store.device-elsewhere' });
    expect((await second.client.send(appStoreApi.get, { meshId: b.meshId })).data.devices).toEqual([]);
    // Reset in the first store frees it for the second.
    expect((await first.client.send(appStoreApi.resetDevice, { meshId: a.meshId, uuid: 'SHARED-1' })).code).toBe(200);
    expect((await second.client.send(appStoreApi.addDevice, luminaire(b.meshId, 'SHARED-1'))).code).toBe(200);
  });

  test('the model comes from the firmware type list', async () => {
    const { client } = await appUserClient(t);
    const { meshId } = await appStore(client);
    expect(await client.send(appStoreApi.addDevice, { ...luminaire(meshId, 'M-1'), model: 'toaster' })).toMatchObject({
      code: 400,
      key: 'store.model-unknown',
      params: { field: 'model' },
    });
  });
});

describe('deleting a store', () => {
  test('only the admin deletes, and only once no devices and no other members are left', async () => {
    const admin = await appUserClient(t);
    const member = await appUserClient(t);
    const { meshId } = await appStore(admin.client);
    const { data } = await admin.client.send(appStoreApi.invite, { meshId });
    await member.client.send(appStoreApi.join, { code: data.code });
    await admin.client.send(appStoreApi.addDevice, luminaire(meshId, 'DEL-1'));

    expect(await member.client.send(appStoreApi.remove, { meshId })).toMatchObject({ code: 403, key: 'store.admin-only' });
    expect(await admin.client.send(appStoreApi.remove, { meshId })).toMatchObject({ code: 555, key: 'store.has-devices' });
    await admin.client.send(appStoreApi.resetDevice, { meshId, uuid: 'DEL-1' });
    expect(await admin.client.send(appStoreApi.remove, { meshId })).toMatchObject({ code: 555, key: 'store.has-members' });
    await admin.client.send(appStoreApi.removeMember, { meshId, appUserId: member.user.id });
    expect((await admin.client.send(appStoreApi.remove, { meshId })).code).toBe(200);
    expect(await t.ctx.db.select().from(stores).where(eq(stores.meshId, meshId))).toEqual([]);
  });
});

describe('advanced settings', () => {
  test('the platform default limits the stores a person administers; their own setting overrides it', async () => {
    const { user, client } = await appUserClient(t);
    await t.ctx.db.insert(appUserSettings).values({ appUserId: user.id, maxStores: 1, heatmap: false });
    expect((await client.send(appAccountApi.me)).data.features).toMatchObject({
      maxStores: 1,
      maxDevicesPerStore: 500,
      heatmap: false,
      customerCounting: true,
    });
    await appStore(client);
    expect(await client.send(appStoreApi.create, { meshName: 'Second', timezone: 'UTC', country: 'NL' })).toMatchObject({
      code: 555,
      key: 'store.max-stores',
      params: { limit: 1 },
    });
    expect((await client.send(appStoreApi.mine)).data).toHaveLength(1);
  });

  test("a store holds at most its admin's device limit", async () => {
    const { user, client } = await appUserClient(t);
    await t.ctx.db.insert(appUserSettings).values({ appUserId: user.id, maxDevicesPerStore: 2 });
    const { meshId } = await appStore(client);
    await client.send(appStoreApi.addDevice, luminaire(meshId, 'LIM-1'));
    await client.send(appStoreApi.addDevice, luminaire(meshId, 'LIM-2'));
    expect(await client.send(appStoreApi.addDevice, luminaire(meshId, 'LIM-3'))).toMatchObject({ code: 555, key: 'store.max-devices', params: { limit: 2 } });
    expect((await client.send(appStoreApi.get, { meshId })).data.deviceCount).toBe(2);
  });
});
