import { appUserDelete, storeApi, storeMemberApi } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let platformStore: Awaited<ReturnType<typeof makeStore>>;
let agentStore: Awaited<ReturnType<typeof makeStore>>;
let member: Awaited<ReturnType<typeof appUserClient>>;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
  const tenant = await tenantIds(t);
  member = await appUserClient(t, { nickname: 'Mia Member', email: 'mia_100%@shop.example' });
  const owner = await appUserClient(t, { nickname: 'Olaf Owner', email: 'olaf@shop.example' });
  platformStore = await makeStore(t, { tenantId: tenant.platform, name: 'Harbour Flagship', adminId: owner.user.id, memberIds: [member.user.id] });
  agentStore = await makeStore(t, { tenantId: tenant.northwind, name: 'Northwind Corner' });
});
afterAll(() => t.close());

const rowsOf = async (client: ApiClient, q: Record<string, string | number> = {}) => (await client.send(storeMemberApi.page, { limit: 100, ...q })).data.list;

describe('store users', () => {
  test('each membership with its store, person and role; filters by store, person and role, with wildcards literal', async () => {
    const rows = await rowsOf(admin, { meshName: 'harbour' });
    expect(rows.map((m) => [m.meshName, m.nickname, m.email, m.role]).sort()).toEqual([
      ['Harbour Flagship', 'Mia Member', 'mia_100%@shop.example', 'member'],
      ['Harbour Flagship', 'Olaf Owner', 'olaf@shop.example', 'admin'],
    ]);
    expect((await rowsOf(admin, { email: '100%@' })).map((m) => m.nickname)).toEqual(['Mia Member']);
    expect(await rowsOf(admin, { email: 'olaf%shop' })).toEqual([]);
    expect((await rowsOf(admin, { meshId: platformStore.store.meshId, role: 'admin' })).map((m) => m.nickname)).toEqual(['Olaf Owner']);
  });

  test("an agent's staff see only the people of their stores, and cannot remove anyone elsewhere", async () => {
    const theirs = await rowsOf(agent);
    expect(new Set(theirs.map((m) => m.storeId))).toEqual(new Set([agentStore.store.id]));
    const mia = (await rowsOf(admin, { email: 'mia_' }))[0]!;
    const refused = await agent.send(storeMemberApi.remove, { id: mia.id });
    expect(refused.code).toBe(404);
    expect(await rowsOf(admin, { email: 'mia_' })).toHaveLength(1);
    const book = await readXlsx(await agent.raw('GET', storeMemberApi.exportExcel.path));
    expect(book.slice(1).map((r) => r[0])).toEqual(theirs.map(() => 'Northwind Corner'));
  });

  test('the admin cannot be removed; a member can, which is recorded and frees the person to be deleted', async () => {
    const [owner] = await rowsOf(admin, { meshName: 'harbour', role: 'admin' });
    const refused = await admin.send(storeMemberApi.remove, { id: owner!.id });
    expect(refused).toMatchObject({ code: 555, key: 'store.cannot-remove-admin' });

    expect((await admin.send(appUserDelete, { id: member.user.id })).code).toBe(555);
    const [mia] = await rowsOf(admin, { email: 'mia_' });
    expect((await admin.send(storeMemberApi.remove, { id: mia!.id })).code).toBe(200);
    expect(await rowsOf(admin, { email: 'mia_' })).toEqual([]);
    const history = (await admin.send(storeApi.get, { id: platformStore.store.id })).data.history;
    expect(history[0]).toMatchObject({ kind: 'member-removed', actorKind: 'staff', detail: { appUserId: member.user.id } });
    expect((await admin.send(appUserDelete, { id: member.user.id })).code).toBe(200);
  });

  test('a malformed id is refused naming the field', async () => {
    const res = await admin.raw('DELETE', storeMemberApi.remove.path, { query: { id: 'x' } });
    expect(await res.json()).toMatchObject({ code: 400, params: { field: 'id' } });
  });
});
