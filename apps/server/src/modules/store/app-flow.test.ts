import { appAccountApi, appStoreApi } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiClient, testApp, type TestApp } from '../../test/test-app';
import { appStore, appUserClient, testInstall } from '../../test/app-users';
import { captureSms } from '../../test/sms';
import { appUsers, mailOutbox, mobileDevices, storeEvents, storeMembers, stores } from './schema';

let t: TestApp;
let sms: ReturnType<typeof captureSms>;
beforeAll(async () => {
  t = await testApp();
  sms = captureSms(t);
});
afterAll(() => t.close());

/** Registers with the SMS code as the app would, then signs in from a phone. */
async function registerAndSignIn(mobile: string, nickname: string) {
  expect((await t.api.send(appAccountApi.sendCode, { mobile })).code).toBe(200);
  const code = sms.lastCodeTo(mobile)!;
  const registered = await t.api.send(appAccountApi.register, { mobile, password: 'correct horse', nickname, country: 'nl', code });
  expect(registered.code).toBe(200);
  const login = await t.api.send(appAccountApi.login, { mobile, password: 'correct horse', ...testInstall() });
  expect(login.code).toBe(200);
  return { id: registered.data, client: new ApiClient(t.base, login.data.token), me: login.data.me };
}

test('register, sign in, create a store, invite, join, group, devices, hand the store over: the old admin is out', async () => {
  const anna = await registerAndSignIn('+31600000001', 'Anna');
  expect(anna.me).toMatchObject({ nickname: 'Anna', country: 'NL', mobile: '+31600000001', features: { maxStores: 10, heatmap: true } });
  expect(await t.ctx.db.select().from(mobileDevices).where(eq(mobileDevices.appUserId, anna.id))).toHaveLength(1);

  const store = await appStore(anna.client, { meshName: 'Dam Square' });
  expect(store).toMatchObject({ meshName: 'Dam Square', role: 'admin', memberCount: 1 });

  const invitation = await anna.client.send(appStoreApi.invite, { meshId: store.meshId });
  expect(invitation.code).toBe(200);
  const ben = await registerAndSignIn('+31600000002', 'Ben');
  const joined = await ben.client.send(appStoreApi.join, { code: invitation.data.code });
  expect(joined.data).toMatchObject({ meshId: store.meshId, role: 'member', memberCount: 2 });

  const group = await ben.client.send(appStoreApi.createGroup, { meshId: store.meshId, groupName: 'Window' });
  expect(group.data).toEqual({ groupCode: 0xc001, groupName: 'Window', luminaireCount: 0 });
  const second = await anna.client.send(appStoreApi.createGroup, { meshId: store.meshId, groupName: 'Counter' });
  expect(second.data.groupCode).toBe(0xc002);

  const light = { meshId: store.meshId, kind: 'luminaire' as const, deviceName: 'Spot 1', uuid: 'AA:BB:CC:00:00:01', model: 'luna', meshAddress: 2 };
  const added = await anna.client.send(appStoreApi.addDevice, { ...light, groupCode: 0xc001 });
  expect(added.data).toMatchObject({ uuid: light.uuid, groupCode: 0xc001, model: 'luna' });
  expect((await anna.client.send(appStoreApi.addDevice, { ...light, uuid: 'GW-1', kind: 'gateway', deviceName: 'Gateway', model: 'data-relay' })).code).toBe(
    200,
  );
  const regrouped = await ben.client.send(appStoreApi.groupLuminaires, { meshId: store.meshId, groupCode: 0xc002, add: [light.uuid] });
  expect(regrouped.data.luminaireCount).toBe(1);

  const transfer = await anna.client.send(appStoreApi.transferAdmin, { meshId: store.meshId, appUserId: ben.id });
  expect(transfer.code).toBe(200);
  expect((await anna.client.send(appStoreApi.get, { meshId: store.meshId })).code).toBe(404);
  expect((await anna.client.send(appStoreApi.mine)).data).toEqual([]);
  const detail = await ben.client.send(appStoreApi.get, { meshId: store.meshId });
  expect(detail.data).toMatchObject({ role: 'admin', memberCount: 1, groupCount: 2, deviceCount: 2 });
  expect(detail.data.members.map((m) => [m.nickname, m.role])).toEqual([['Ben', 'admin']]);
  expect(detail.data.groups.map((g) => [g.groupCode, g.luminaireCount])).toEqual([
    [0xc001, 0],
    [0xc002, 1],
  ]);
  const [row] = await t.ctx.db.select().from(stores).where(eq(stores.meshId, store.meshId));
  const events = await t.ctx.db
    .select()
    .from(storeEvents)
    .where(and(eq(storeEvents.storeId, row!.id), eq(storeEvents.kind, 'admin-transferred')));
  expect(events).toMatchObject([{ actorKind: 'app-user', actorId: anna.id, detail: { from: anna.id, to: ben.id } }]);
});

test('another app user can neither read nor change a store they are not in', async () => {
  const owner = await registerAndSignIn('+31600000011', 'Owner');
  const stranger = await registerAndSignIn('+31600000012', 'Stranger');
  const store = await appStore(owner.client);
  const meshId = store.meshId;
  const attempts = [
    stranger.client.send(appStoreApi.get, { meshId }),
    stranger.client.send(appStoreApi.rename, { meshId, meshName: 'Mine now' }),
    stranger.client.send(appStoreApi.remove, { meshId }),
    stranger.client.send(appStoreApi.invite, { meshId }),
    stranger.client.send(appStoreApi.createGroup, { meshId, groupName: 'Hijack' }),
    stranger.client.send(appStoreApi.addDevice, { meshId, kind: 'sensor', deviceName: 'S', uuid: 'STRANGE-1', model: 'luna' }),
    stranger.client.send(appStoreApi.transferAdmin, { meshId, appUserId: stranger.id }),
    stranger.client.send(appStoreApi.leave, { meshId }),
  ];
  for (const res of await Promise.all(attempts)) expect(res.code).toBe(404);
  expect((await owner.client.send(appStoreApi.get, { meshId })).data).toMatchObject({ meshName: 'Corner shop', groupCount: 0, deviceCount: 0 });
  // Without any app token, and with a staff token, the app API refuses to say anything.
  expect((await t.api.send(appStoreApi.get, { meshId })).code).toBe(401);
  expect((await (await t.signIn('admin')).send(appStoreApi.get, { meshId })).code).toBe(401);
});

test('a member who is not the admin cannot manage the store, and the admin cannot leave without handing over', async () => {
  const admin = await registerAndSignIn('+31600000021', 'Admin');
  const member = await registerAndSignIn('+31600000022', 'Member');
  const store = await appStore(admin.client);
  const { data } = await admin.client.send(appStoreApi.invite, { meshId: store.meshId });
  await member.client.send(appStoreApi.join, { code: data.code });
  expect((await member.client.send(appStoreApi.rename, { meshId: store.meshId, meshName: 'X' })).key).toBe('store.admin-only');
  expect((await member.client.send(appStoreApi.removeMember, { meshId: store.meshId, appUserId: admin.id })).code).toBe(403);
  expect((await admin.client.send(appStoreApi.leave, { meshId: store.meshId })).code).toBe(555);
  expect((await admin.client.send(appStoreApi.removeMember, { meshId: store.meshId, appUserId: admin.id })).key).toBe('store.cannot-remove-admin');
  // The code was single use.
  const third = await registerAndSignIn('+31600000023', 'Third');
  expect((await third.client.send(appStoreApi.join, { code: data.code })).key).toBe('store.invitation-invalid');
  expect((await member.client.send(appStoreApi.leave, { meshId: store.meshId })).code).toBe(200);
  const members = await t.ctx.db.select().from(storeMembers).innerJoin(appUsers, eq(appUsers.id, storeMembers.appUserId));
  expect(members.filter((m) => m.app_users.id === member.id)).toEqual([]);
});

test('the app API is documented in the OpenAPI document under its own tag', async () => {
  const doc = (await (await t.api.raw('GET', '/api/docs')).json()) as { paths: Record<string, Record<string, { tags: string[]; description: string }>> };
  const appOps = Object.entries(doc.paths).filter(([path]) => path.startsWith('/open/app/'));
  expect(appOps.length).toBeGreaterThanOrEqual(20);
  for (const [path, ops] of appOps) for (const op of Object.values(ops)) expect(op.tags, path).toEqual(['App']);
  expect(doc.paths['/open/app/stores']!.post!.description).toContain('app user');
});

test('an e-mailed invitation goes to the address and lets only that person join', async () => {
  const admin = await registerAndSignIn('+31600000031', 'Host');
  const store = await appStore(admin.client, { meshName: 'Invite only' });
  const invited = await appUserClient(t, { email: 'guest@example.com' });
  const other = await appUserClient(t, { email: 'other@example.com' });
  const { data } = await admin.client.send(appStoreApi.invite, { meshId: store.meshId, email: 'Guest@Example.com' });
  const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'guest@example.com'));
  expect(mail!.subject).toContain('Invite only');
  expect((await other.client.send(appStoreApi.join, { code: data.code })).key).toBe('store.invitation-invalid');
  expect((await invited.client.send(appStoreApi.join, { code: data.code.toLowerCase() })).data).toMatchObject({ meshName: 'Invite only', role: 'member' });
});
