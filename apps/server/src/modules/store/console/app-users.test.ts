import { appUserApi, appUserDelete, appUserSettingsApi, appUserStatusUpdate } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { appCancellationRequests, appSessions, appUsers, storeMembers } from '../schema';
import { configs } from '../../system/schema';
import { effectiveFeatures } from '..';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let platformPerson: Awaited<ReturnType<typeof appUserClient>>;
let agentPerson: Awaited<ReturnType<typeof appUserClient>>;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', [
    'system:app-user:query',
    'system:app-user:update',
    'system:app-user:delete',
    'system:app-user:export',
    'system:user-advanced:query',
    'system:user-advanced:update',
  ]);
  agent = await t.signIn('agent');
  const tenant = await tenantIds(t);
  platformPerson = await appUserClient(t, { nickname: 'Pia Platform', email: 'pia@shop.example', countryCode: 'FR' });
  agentPerson = await appUserClient(t, { nickname: 'Aldo Agent', email: 'aldo@shop.example' });
  await makeStore(t, { tenantId: tenant.platform, adminId: platformPerson.user.id });
  await makeStore(t, { tenantId: tenant.platform, memberIds: [platformPerson.user.id] });
  await makeStore(t, { tenantId: tenant.northwind, adminId: agentPerson.user.id });
});
afterAll(() => t.close());

describe('user centre', () => {
  test('the list counts related stores and administered stores, and filters', async () => {
    const res = await admin.send(appUserApi.page, { email: 'pia@' });
    expect(res.data.list).toEqual([
      expect.objectContaining({ id: platformPerson.user.id, nickname: 'Pia Platform', countryCode: 'FR', status: 0, storeCount: 2, adminStoreCount: 1 }),
    ]);
    expect((await admin.send(appUserApi.page, { countryCode: 'fr', limit: 100 })).data.list.map((u) => u.id)).toEqual([platformPerson.user.id]);
    expect((await admin.send(appUserApi.page, { nickname: 'aldo' })).data.list.map((u) => u.id)).toEqual([agentPerson.user.id]);
  });

  test('the export holds the filtered people', async () => {
    const rows = await readXlsx(await admin.raw('GET', appUserApi.exportExcel.path, { query: { email: 'pia@' } }));
    expect(rows[0]![0]).toBe('Email');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['pia@shop.example']);
  });

  test('disabling signs the person out of the app at once; enabling lets them back', async () => {
    const person = await appUserClient(t);
    expect((await admin.send(appUserStatusUpdate, { id: person.user.id, status: 1 })).code).toBe(200);
    const sessions = await t.ctx.db.select().from(appSessions).where(eq(appSessions.appUserId, person.user.id));
    expect(sessions.map((s) => s.revokedReason)).toEqual(['disabled']);
    expect((await admin.send(appUserApi.get, { id: person.user.id })).data.status).toBe(1);
    expect((await admin.send(appUserStatusUpdate, { id: person.user.id, status: 0 })).code).toBe(200);
    expect((await admin.send(appUserApi.get, { id: person.user.id })).data.status).toBe(0);
  });

  test('a person still in a store cannot be deleted (555); once the memberships are gone they can', async () => {
    const person = await appUserClient(t);
    const { store } = await makeStore(t, { tenantId: (await tenantIds(t)).platform, memberIds: [person.user.id] });
    expect(await admin.send(appUserDelete, { id: person.user.id })).toMatchObject({
      code: 555,
      key: 'store.app-user.has-stores',
      egMsg: 'The user can be deleted only after association information is deleted',
    });
    expect((await admin.send(appUserApi.get, { id: person.user.id })).code).toBe(200);
    await t.ctx.db.delete(storeMembers).where(eq(storeMembers.storeId, store.id));
    expect((await admin.send(appUserDelete, { id: person.user.id })).code).toBe(200);
    expect((await admin.send(appUserApi.get, { id: person.user.id })).code).toBe(404);
  });

  test("an agent's staff see and act only on members of their stores", async () => {
    const seen = (await agent.send(appUserApi.page, { limit: 100 })).data;
    expect(seen.list.map((u) => u.id)).toContain(agentPerson.user.id);
    expect(seen.list.map((u) => u.id)).not.toContain(platformPerson.user.id);
    const rows = await readXlsx(await agent.raw('GET', appUserApi.exportExcel.path));
    expect(rows.slice(1).map((r) => r[0])).not.toContain('pia@shop.example');
    const id = platformPerson.user.id;
    expect((await agent.send(appUserApi.get, { id })).code).toBe(404);
    expect((await agent.send(appUserStatusUpdate, { id, status: 1 })).code).toBe(404);
    expect((await agent.send(appUserDelete, { id })).code).toBe(404);
    expect((await agent.send(appUserSettingsApi.get, { id })).code).toBe(404);
    expect(
      (await agent.send(appUserSettingsApi.update, { id, maxStores: 1, maxDevicesPerStore: null, heatmap: null, customerCounting: null, retentionDays: null }))
        .code,
    ).toBe(404);
    expect((await agent.send(appUserSettingsApi.clear, { id })).code).toBe(404);
    const [after] = await t.ctx.db.select().from(appUsers).where(eq(appUsers.id, id));
    expect(after!.status).toBe(0);
    expect((await admin.send(appUserSettingsApi.get, { id })).data.maxStores).toBeNull();
  });

  test('bad input answers 400 naming the field and changes nothing', async () => {
    const id = platformPerson.user.id;
    expect(await admin.put(appUserStatusUpdate.path, { id, status: 7 })).toMatchObject({ code: 400, params: { field: 'status' } });
    expect(await admin.get(appUserApi.page.path, { sortBy: 'passwordHash' })).toMatchObject({ code: 400, params: { field: 'sortBy' } });
    expect(await admin.delete(appUserDelete.path, { id: 'abc' })).toMatchObject({ code: 400, params: { field: 'id' } });
    expect(await admin.put(appUserSettingsApi.update.path, { id, maxStores: -1 })).toMatchObject({ code: 400, params: { field: 'maxStores' } });
    expect((await admin.send(appUserApi.get, { id })).data.status).toBe(0);
  });
});

describe('user advanced settings', () => {
  test('overrides replace the defaults one by one, are listed, and clear back to the defaults', async () => {
    const id = agentPerson.user.id;
    // The defaults the app API enforces on a person without overrides.
    const APP_USER_DEFAULTS = await effectiveFeatures(t.ctx.db, id);
    expect(APP_USER_DEFAULTS).toEqual({ maxStores: 10, maxDevicesPerStore: 500, heatmap: true, customerCounting: true, retentionDays: 365 });
    expect((await admin.send(appUserSettingsApi.get, { id })).data).toMatchObject({ maxStores: null, effective: APP_USER_DEFAULTS, updatedAt: null });
    const set = { id, maxStores: 3, maxDevicesPerStore: null, heatmap: false, customerCounting: null, retentionDays: 30 };
    expect((await admin.send(appUserSettingsApi.update, set)).code).toBe(200);
    expect((await admin.send(appUserSettingsApi.get, { id })).data).toMatchObject({
      email: 'aldo@shop.example',
      maxStores: 3,
      heatmap: false,
      effective: { ...APP_USER_DEFAULTS, maxStores: 3, heatmap: false, retentionDays: 30 },
    });
    const listed = (await admin.send(appUserSettingsApi.page, { email: 'aldo' })).data.list;
    expect(listed).toEqual([
      expect.objectContaining({ id, maxStores: 3, effective: { ...APP_USER_DEFAULTS, maxStores: 3, heatmap: false, retentionDays: 30 } }),
    ]);
    // The agent whose store the person is in manages them too.
    expect((await agent.send(appUserSettingsApi.page, {})).data.list.map((s) => s.id)).toEqual([id]);
    expect((await admin.send(appUserSettingsApi.clear, { id })).code).toBe(200);
    expect((await admin.send(appUserSettingsApi.get, { id })).data.effective).toEqual(APP_USER_DEFAULTS);
    expect((await admin.send(appUserSettingsApi.page, {})).data.total).toBe(0);
  });

  test('a changed platform default shows at once for everybody without an override', async () => {
    const id = agentPerson.user.id;
    await t.ctx.db.update(configs).set({ value: '4' }).where(eq(configs.key, 'app.max-stores'));
    try {
      expect((await admin.send(appUserSettingsApi.get, { id })).data.effective.maxStores).toBe(4);
      expect((await effectiveFeatures(t.ctx.db, id)).maxStores).toBe(4);
    } finally {
      await t.ctx.db.update(configs).set({ value: '10' }).where(eq(configs.key, 'app.max-stores'));
    }
  });
});

describe('a recorded cancellation', () => {
  test('keeps the person from the delete button: the purge job finishes it', async () => {
    const person = await appUserClient(t);
    await t.ctx.db.insert(appCancellationRequests).values({ appUserId: person.user.id, purgeAfter: t.clock.now() });
    expect(await admin.send(appUserDelete, { id: person.user.id })).toMatchObject({ code: 555, key: 'store.app-user.has-cancellation' });
  });
});
