import { storeActions, storeApi, storeAssignAgent } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { storeDevices, storeMembers } from '../schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let tenant: Awaited<ReturnType<typeof tenantIds>>;
let platformStore: Awaited<ReturnType<typeof makeStore>>;
let agentStore: Awaited<ReturnType<typeof makeStore>>;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
  tenant = await tenantIds(t);
  const member = await appUserClient(t, { nickname: 'Mia Member' });
  const owner = await appUserClient(t, { nickname: 'Olaf Owner', email: 'olaf@shop.example' });
  platformStore = await makeStore(t, {
    tenantId: tenant.platform,
    name: 'Harbour Flagship',
    countryCode: 'DE',
    adminId: owner.user.id,
    memberIds: [member.user.id],
    groups: 2,
    luminaires: 5,
    gateways: 1,
  });
  agentStore = await makeStore(t, { tenantId: tenant.northwind, name: 'Northwind Corner', luminaires: 2 });
});
afterAll(() => t.close());

describe('store management', () => {
  test('the list holds the admin and the counts, online devices among them', async () => {
    const res = await admin.send(storeApi.page, { name: 'harbour' });
    expect(res.code).toBe(200);
    expect(res.data.list).toEqual([
      expect.objectContaining({
        meshId: platformStore.store.meshId,
        meshName: 'Harbour Flagship',
        adminNickname: 'Olaf Owner',
        adminEmail: 'olaf@shop.example',
        latestLoginIp: '',
        memberCount: 2,
        groupCount: 2,
        deviceCount: 6,
        onlineDeviceCount: 0,
        countryCode: 'DE',
        timezone: 'Europe/Amsterdam',
      }),
    ]);
  });

  test('filters by mesh id, admin e-mail, country, agent and date range, and sorts by whitelisted columns', async () => {
    const ids = async (q: Record<string, string | number>) => (await admin.send(storeApi.page, { limit: 100, ...q })).data.list.map((s) => s.id);
    expect(await ids({ meshId: platformStore.store.meshId.toLowerCase() })).toEqual([platformStore.store.id]);
    expect(await ids({ adminEmail: 'OLAF@' })).toEqual([platformStore.store.id]);
    // Wildcards a person types are taken literally.
    expect(await ids({ adminEmail: 'olaf%shop' })).toEqual([]);
    expect(await ids({ adminEmail: 'olaf_shop' })).toEqual([]);
    expect(await ids({ countryCode: 'de' })).toEqual([platformStore.store.id]);
    expect(await ids({ tenantId: tenant.northwind })).toEqual([agentStore.store.id]);
    // A second past the registration: the database keeps microseconds, a JS date only milliseconds.
    const created = new Date(platformStore.store.createdAt.getTime() + 1000).toISOString();
    expect(await ids({ createdFrom: '2000-01-01T00:00:00Z', createdTo: created })).toContain(platformStore.store.id);
    expect(await ids({ createdTo: '2000-01-01T00:00:00Z' })).toEqual([]);
    // The database's collation orders names (it differs between servers): check the order, not a JS sort.
    const names = async (sortOrder: 'asc' | 'desc') =>
      (await admin.send(storeApi.page, { sortBy: 'meshName', sortOrder, limit: 100 })).data.list.map((s) => s.meshName);
    const ascending = await names('asc');
    expect(ascending[0]).toBe('Harbour Flagship');
    expect(await names('desc')).toEqual([...ascending].reverse());
  });

  test('the detail lists members, groups with their luminaires, devices and history', async () => {
    const res = await admin.send(storeApi.get, { id: platformStore.store.id });
    expect(res.code).toBe(200);
    expect(res.data.members.map((m) => [m.role, m.nickname])).toEqual([
      ['admin', 'Olaf Owner'],
      ['member', 'Mia Member'],
    ]);
    expect(res.data.groups.map((g) => [g.groupCode, g.groupName, g.luminaireCount])).toEqual([
      [0xc001, 'Group 1', 3],
      [0xc002, 'Group 2', 2],
    ]);
    expect(res.data.devices.filter((d) => d.kind === 'gateway')).toHaveLength(1);
    expect(res.data.history.map((e) => e.kind)).toEqual(['created']);
  });

  test('the export is an .xlsx of the filtered stores', async () => {
    const res = await admin.raw('GET', storeApi.exportExcel.path, { query: { name: 'harbour' } });
    expect(res.headers.get('content-disposition')).toContain('stores.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 2)).toEqual(['Store name', 'Mesh ID']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([platformStore.store.meshId]);
  });

  test("an agent's staff see their own stores only: list, detail and export", async () => {
    const list = (await agent.send(storeApi.page, { limit: 100 })).data;
    expect(list.list.map((s) => s.id)).toEqual([agentStore.store.id]);
    expect(list.total).toBe(1);
    // Asking for another tenant's stores by filter only narrows their own.
    expect((await agent.send(storeApi.page, { tenantId: tenant.platform })).data.total).toBe(0);
    expect((await agent.send(storeApi.get, { id: platformStore.store.id })).code).toBe(404);
    expect((await agent.send(storeApi.get, { id: agentStore.store.id })).code).toBe(200);
    const rows = await readXlsx(await agent.raw('GET', storeApi.exportExcel.path));
    expect(rows.slice(1).map((r) => r[1])).toEqual([agentStore.store.meshId]);
  });

  test('platform staff assign a store to an agent, whose staff then see it; agents cannot assign', async () => {
    const moved = await makeStore(t, { tenantId: tenant.platform, name: 'Moving Store' });
    expect((await agent.send(storeAssignAgent, { id: moved.store.id, tenantId: tenant.northwind })).code).toBe(403);
    expect((await agent.send(storeApi.get, { id: moved.store.id })).code).toBe(404);
    expect(await admin.send(storeAssignAgent, { id: moved.store.id, tenantId: 999_999 })).toMatchObject({ code: 400, params: { field: 'tenantId' } });
    expect((await admin.send(storeAssignAgent, { id: 999_999, tenantId: tenant.northwind })).code).toBe(404);
    expect((await admin.send(storeAssignAgent, { id: moved.store.id, tenantId: tenant.northwind })).code).toBe(200);
    const seen = await agent.send(storeApi.get, { id: moved.store.id });
    expect(seen.data.history.map((e) => [e.kind, e.actorKind, e.detail])).toEqual([
      ['assigned-to-agent', 'staff', { tenantId: tenant.northwind }],
      ['created', 'app-user', {}],
    ]);
  });

  test('bad input answers 400 naming the field', async () => {
    expect(await admin.get(storeApi.page.path, { sortBy: 'memberCount' })).toMatchObject({ code: 400, params: { field: 'sortBy' } });
    expect(await admin.get(storeApi.page.path, { countryCode: 'Netherlands' })).toMatchObject({ code: 400, params: { field: 'countryCode' } });
    expect(await admin.get(storeApi.page.path, { createdFrom: 'yesterday' })).toMatchObject({ code: 400, params: { field: 'createdFrom' } });
    expect(await admin.put(storeAssignAgent.path, { id: platformStore.store.id, tenantId: 'x' })).toMatchObject({ code: 400, params: { field: 'tenantId' } });
    expect((await admin.send(storeApi.get, { id: platformStore.store.id })).data.tenantId).toBe(tenant.platform);
  });
});

describe("acting inside a store, under the app's rules", () => {
  const membersOf = async (storeId: number) =>
    (await t.ctx.db.select({ appUserId: storeMembers.appUserId, role: storeMembers.role }).from(storeMembers).where(eq(storeMembers.storeId, storeId))).sort(
      (a, b) => a.appUserId - b.appUserId,
    );

  test('transferring the admin role makes the member admin; the old admin leaves the store; the history says staff did it', async () => {
    const next = await appUserClient(t, { nickname: 'Nina Next' });
    const { store, adminId } = await makeStore(t, { tenantId: tenant.platform, memberIds: [next.user.id] });
    expect((await admin.send(storeActions.transferAdmin, { id: store.id, appUserId: next.user.id })).code).toBe(200);
    expect(await membersOf(store.id)).toEqual([{ appUserId: next.user.id, role: 'admin' }]);
    const detail = (await admin.send(storeApi.get, { id: store.id })).data;
    expect(detail.history[0]).toMatchObject({ kind: 'admin-transferred', actorKind: 'staff', detail: { from: adminId, to: next.user.id } });
    // The same refusals as in the app: only a member can take over.
    expect(await admin.send(storeActions.transferAdmin, { id: store.id, appUserId: adminId })).toMatchObject({ code: 555, key: 'store.not-member' });
  });

  test('the history names who acted and whom it was about as they are now, former admins too; an agent sees names of its own side only', async () => {
    const former = await appUserClient(t, { nickname: 'Flo Former', email: 'flo@shop.example' });
    const next = await appUserClient(t, { nickname: 'Nina Next' });
    const { store } = await makeStore(t, { tenantId: tenant.platform, adminId: former.user.id, memberIds: [next.user.id] });
    expect((await admin.send(storeActions.transferAdmin, { id: store.id, appUserId: next.user.id })).code).toBe(200);
    expect((await admin.send(storeAssignAgent, { id: store.id, tenantId: tenant.northwind })).code).toBe(200);

    const seen = (await admin.send(storeApi.get, { id: store.id })).data;
    const staffId = seen.history.find((e) => e.kind === 'admin-transferred')!.actorId;
    // The former admin left the store with the transfer, and is still named.
    expect(seen.members.map((m) => m.appUserId)).not.toContain(former.user.id);
    expect(seen.historyNames.appUsers[former.user.id]).toEqual({ nickname: 'Flo Former', contact: 'flo@shop.example' });
    expect(seen.historyNames.appUsers[next.user.id]).toMatchObject({ nickname: 'Nina Next' });
    expect(seen.historyNames.staff[staffId]).toEqual(expect.stringMatching(/\S/));
    expect(seen.historyNames.agents[tenant.northwind]).toEqual(expect.stringMatching(/\S/));

    // The agent now holds the store: its people are named, the platform's staff are not.
    const agentView = (await agent.send(storeApi.get, { id: store.id })).data;
    expect(agentView.historyNames.appUsers[former.user.id]).toMatchObject({ nickname: 'Flo Former' });
    expect(agentView.historyNames.staff).toEqual({});
    expect(Object.keys(agentView.historyNames.agents)).toEqual([String(tenant.northwind)]);
  });

  test('removing a member, never the admin', async () => {
    const member = await appUserClient(t);
    const { store, adminId } = await makeStore(t, { tenantId: tenant.platform, memberIds: [member.user.id] });
    expect(await admin.send(storeActions.removeMember, { id: store.id, appUserId: adminId })).toMatchObject({ code: 555, key: 'store.cannot-remove-admin' });
    expect((await admin.send(storeActions.removeMember, { id: store.id, appUserId: member.user.id })).code).toBe(200);
    expect(await membersOf(store.id)).toEqual([{ appUserId: adminId, role: 'admin' }]);
  });

  test('a group holding luminaires is not dissolved; once empty it is', async () => {
    const { store, groups } = await makeStore(t, { tenantId: tenant.platform, groups: 1, luminaires: 1 });
    const groupId = groups[0]!.id;
    const refused = await admin.send(storeActions.dissolveGroup, { id: store.id, groupId });
    expect(refused).toMatchObject({ code: 555, key: 'store.group-not-empty', egMsg: 'Please delete the members before dissolution!' });
    await t.ctx.db
      .update(storeDevices)
      .set({ groupId: null })
      .where(and(eq(storeDevices.storeId, store.id), eq(storeDevices.groupId, groupId)));
    expect((await admin.send(storeActions.dissolveGroup, { id: store.id, groupId })).code).toBe(200);
    expect((await admin.send(storeApi.get, { id: store.id })).data.groups).toEqual([]);
  });

  test("an agent's staff act only on their own stores: another's is not found and stays as it was", async () => {
    const member = await appUserClient(t);
    const { store, groups } = await makeStore(t, { tenantId: tenant.platform, memberIds: [member.user.id], groups: 1 });
    const before = await membersOf(store.id);
    expect(await agent.send(storeActions.transferAdmin, { id: store.id, appUserId: member.user.id })).toMatchObject({ code: 404 });
    expect(await agent.send(storeActions.removeMember, { id: store.id, appUserId: member.user.id })).toMatchObject({ code: 404 });
    expect(await agent.send(storeActions.dissolveGroup, { id: store.id, groupId: groups[0]!.id })).toMatchObject({ code: 404 });
    expect(await membersOf(store.id)).toEqual(before);
    expect((await admin.send(storeApi.get, { id: store.id })).data.groups).toHaveLength(1);
  });
});
