import { appAccountApi, appFeedbackApi, appStoreApi, type Endpoint } from '@lightdesk/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { appStore, appUserClient } from '../../test/app-users';
import * as schema from './schema';

let t: TestApp;
let client: ApiClient;
let meshId: string;
beforeAll(async () => {
  t = await testApp();
  client = (await appUserClient(t)).client;
  ({ meshId } = await appStore(client));
  await client.send(appStoreApi.createGroup, { meshId, groupName: 'Shelf' });
  await client.send(appStoreApi.addDevice, { meshId, kind: 'luminaire', deviceName: 'Spot', uuid: 'BAD-1', model: 'luna' });
});
afterAll(() => t.close());

/** Every row of every store table, to prove a refused call changed nothing. */
async function snapshot() {
  const tables = Object.values(schema).filter((v) => typeof v === 'object' && v !== null && 'getSQL' in v) as (typeof schema.stores)[];
  return Promise.all(tables.map((table) => t.ctx.db.select().from(table)));
}

const install = { installId: 'i-1', platform: 'ios' };
const cases: [Endpoint, Record<string, unknown>, string][] = [
  [appAccountApi.sendCode, {}, 'email'],
  [appAccountApi.sendCode, { email: 'a@example.com', mobile: '+31600000000' }, 'email'],
  [appAccountApi.sendCode, { email: 'not-an-address' }, 'email'],
  [appAccountApi.register, { mobile: '12', password: 'long enough', nickname: 'A', country: 'NL', code: '123456' }, 'mobile'],
  [appAccountApi.register, { mobile: '+31600000000', password: 'short', nickname: 'A', country: 'NL', code: '123456' }, 'password'],
  [appAccountApi.register, { mobile: '+31600000000', password: 'long enough', nickname: '', country: 'NL', code: '123456' }, 'nickname'],
  [appAccountApi.register, { mobile: '+31600000000', password: 'long enough', nickname: 'A', country: 'Netherlands', code: '123456' }, 'country'],
  [appAccountApi.register, { mobile: '+31600000000', password: 'long enough', nickname: 'A', country: 'NL', code: '12x456' }, 'code'],
  [appAccountApi.login, { mobile: '+31600000000', password: 'x' }, 'installId'],
  [appAccountApi.login, { mobile: '+31600000000', password: 'x', ...install, platform: 'windows' }, 'platform'],
  [appAccountApi.updateMe, { nickname: 'A'.repeat(31), country: 'NL' }, 'nickname'],
  [appAccountApi.cancel, { reason: 'no password' }, 'password'],
  [appAccountApi.withdrawCancellation, { mobile: '+31600000000' }, 'password'],
  [appAccountApi.withdrawCancellation, { password: 'long enough' }, 'email'],
  [appStoreApi.create, { meshName: 'Shop', timezone: 'Mars/Olympus', country: 'NL' }, 'timezone'],
  [appStoreApi.create, { meshName: 'Shop', timezone: '+01:00', country: 'NL' }, 'timezone'],
  [appStoreApi.create, { meshName: '', timezone: 'UTC', country: 'NL' }, 'meshName'],
  [appStoreApi.create, { meshName: 'Shop', timezone: 'UTC', country: 'XX' }, 'country'],
  [appStoreApi.get, { meshId: 'no spaces allowed' }, 'meshId'],
  [appStoreApi.rename, { meshId: 'short' }, 'meshId'],
  [appStoreApi.remove, {}, 'meshId'],
  [appStoreApi.invite, { meshId: 'MESHID_PLACEHOLDER', email: 'nope' }, 'email'],
  [appStoreApi.join, { code: 'ab' }, 'code'],
  [appStoreApi.leave, {}, 'meshId'],
  [appStoreApi.removeMember, { meshId: 'MESHID_PLACEHOLDER', appUserId: 0 }, 'appUserId'],
  [appStoreApi.transferAdmin, { meshId: 'MESHID_PLACEHOLDER', appUserId: 'one' }, 'appUserId'],
  [appStoreApi.createGroup, { meshId: 'MESHID_PLACEHOLDER', groupName: 'x'.repeat(51) }, 'groupName'],
  [appStoreApi.renameGroup, { meshId: 'MESHID_PLACEHOLDER', groupCode: 70000, groupName: 'X' }, 'groupCode'],
  [appStoreApi.groupLuminaires, { meshId: 'MESHID_PLACEHOLDER', groupCode: 0xc001, add: ['bad uuid!'] }, 'add[0]'],
  [appStoreApi.dissolveGroup, { meshId: 'MESHID_PLACEHOLDER', groupCode: -1 }, 'groupCode'],
  [appStoreApi.addDevice, { meshId: 'MESHID_PLACEHOLDER', kind: 'toaster', deviceName: 'X', uuid: 'U-1', model: 'luna' }, 'kind'],
  [appStoreApi.addDevice, { meshId: 'MESHID_PLACEHOLDER', kind: 'sensor', deviceName: 'X', uuid: 'U-1', model: 'luna', meshAddress: 1e6 }, 'meshAddress'],
  [appStoreApi.addDevice, { meshId: 'MESHID_PLACEHOLDER', kind: 'sensor', deviceName: 'X', uuid: 'U 1', model: 'luna' }, 'uuid'],
  [appStoreApi.resetDevice, { meshId: 'MESHID_PLACEHOLDER' }, 'uuid'],
  [appFeedbackApi.send, {}, 'content'],
  [appFeedbackApi.mine, { limit: 1000 }, 'limit'],
];

test.each(cases.map(([e, input, field]) => [`${e.method} ${e.path}`, e, input, field] as const))('%s refuses bad input', async (_name, e, input, field) => {
  const before = await snapshot();
  const body = JSON.parse(JSON.stringify(input).replaceAll('MESHID_PLACEHOLDER', meshId)) as Record<string, string>;
  const inQuery = e.method === 'GET' || e.method === 'DELETE';
  const res = await client.call(e.method, e.path, inQuery ? { query: body } : { body });
  expect(res).toMatchObject({ code: 400, params: { field } });
  expect(await snapshot()).toEqual(before);
});
