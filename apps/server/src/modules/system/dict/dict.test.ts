import { dictDataApi, DictType } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dictData } from '../schema';
import { type ApiClient, testApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('operator');
});
afterAll(() => t.close());

test('one dictionary answers its enabled entries in order', async () => {
  const res = await admin.send(dictDataApi.ofType, { type: DictType.firmwareChannel });
  expect(res.data.map((d) => d.value)).toEqual(['release', 'factory', 'development']);
  expect(res.data[0]).toEqual({ dictType: 'firmware_channel', value: 'release', label: 'Release', colorType: 'success', cssClass: '', sort: 1 });
  await t.ctx.db.update(dictData).set({ status: 1 }).where(eq(dictData.value, 'factory'));
  expect((await admin.send(dictDataApi.ofType, { type: DictType.firmwareChannel })).data.map((d) => d.value)).toEqual(['release', 'development']);
  await t.ctx.db.update(dictData).set({ status: 0 }).where(eq(dictData.value, 'factory'));
});

test('all entries come grouped: each dictionary type in one contiguous run, in order', async () => {
  const res = await admin.send(dictDataApi.enabled);
  const runs = res.data.map((d) => d.dictType).filter((type, i, all) => type !== all[i - 1]);
  expect(new Set(runs).size).toBe(runs.length);
  for (const type of Object.values(DictType)) expect(runs).toContain(type);
  const rotation = res.data.filter((d) => d.dictType === DictType.zoneRotation).map((d) => d.value);
  expect(rotation).toEqual(['0', '90', '180', '270']);
});

test('an unknown type is an empty list; a malformed one is refused by name', async () => {
  expect((await admin.send(dictDataApi.ofType, { type: 'no_such_type' })).data).toEqual([]);
  expect(await admin.get('/api/system/dict-data/type/DROP%20TABLE')).toMatchObject({ code: 400, params: { field: 'type' } });
});

test('dictionaries need a session', async () => {
  expect((await t.api.get('/api/system/dict-data/list-all-simple')).code).toBe(401);
});
