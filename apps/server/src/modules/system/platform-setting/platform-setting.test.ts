import { platformSettingApi, type PlatformSetting } from '@lightdesk/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { operateLog, platformSettings } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['system:platform-setting:query', 'system:platform-setting:update']);
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const read = async () => (await admin.send(platformSettingApi.get)).data;
const update = (c: ApiClient, body: Record<string, unknown>) => c.put('/api/system/platform-setting/update', body);
const changed: PlatformSetting = {
  platformName: 'Nordlicht Cloud',
  defaultBrand: 'nordlicht',
  registrationOpen: false,
  dataRetentionDays: 730,
  supportEmail: 'help@nordlicht.example',
};

test('the settings start from their defaults, change, and the sign-in screen sees name and brand', async () => {
  expect(await read()).toEqual({ platformName: 'Lightdesk', defaultBrand: 'lightdesk', registrationOpen: true, dataRetentionDays: 365, supportEmail: '' });
  expect((await admin.send(platformSettingApi.update, changed)).code).toBe(200);
  expect(await read()).toEqual(changed);
  expect((await t.api.send(platformSettingApi.info)).data).toEqual({ platformName: 'Nordlicht Cloud', defaultBrand: 'nordlicht' });
  const [log] = await t.ctx.db.select().from(operateLog).orderBy(desc(operateLog.id)).limit(1);
  expect([log!.path, log!.resultCode]).toEqual(['/api/system/platform-setting/update', 200]);
});

test('bad input is refused by field and changes nothing', async () => {
  const before = await read();
  for (const [field, value] of [
    ['defaultBrand', 'acme'],
    ['dataRetentionDays', 0],
    ['dataRetentionDays', 3651],
    ['dataRetentionDays', 1.5],
    ['supportEmail', 'not-an-address'],
    ['platformName', ' '],
    ['registrationOpen', 'maybe'],
  ] as const) {
    expect(await update(admin, { ...before, [field]: value }), `${field}=${value}`).toMatchObject({ code: 400, params: { field } });
  }
  expect(await read()).toEqual(before);
  expect((await update(admin, { ...before, dataRetentionDays: 3650, supportEmail: '' })).code).toBe(200);
});

test('a missing row reads as the defaults and is created again', async () => {
  await t.ctx.db.delete(platformSettings);
  expect((await read()).platformName).toBe('Lightdesk');
  expect((await t.ctx.db.select().from(platformSettings)).length).toBe(1);
});

test('staff without the permission are refused', async () => {
  const operator = await t.signIn('operator');
  expect((await operator.get('/api/system/platform-setting/get')).code).toBe(403);
  expect((await update(operator, changed)).code).toBe(403);
});

test("an agent's staff can neither read nor change the platform settings, even holding the codes (403)", async () => {
  const before = await read();
  expect(await agent.get('/api/system/platform-setting/get')).toMatchObject({ code: 403, key: 'auth.platform-only' });
  expect(await update(agent, { ...changed, platformName: 'Hijacked' })).toMatchObject({ code: 403, key: 'auth.platform-only' });
  expect(await read()).toEqual(before);
});
