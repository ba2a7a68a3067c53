import type { ConfigEntry, Page } from '@lightdesk/contract';
import ExcelJS from 'exceljs';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { configs, operateLog } from '../../../db/schema';
import { readSetting } from '../../../lib/settings';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['system:config:query', 'system:config:create', 'system:config:update', 'system:config:delete', 'system:config:export']);
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/config/create', body);
const page = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<ConfigEntry>>('/api/system/config/page', q);
const get = (id: number) => admin.get<ConfigEntry>('/api/system/config/get', { id });
const builtIn = async (key: string) => (await page(admin, { key })).data.list.find((c) => c.key === key)!;
const editable = ({ createdAt: _c, builtIn: _b, ...rest }: ConfigEntry) => rest;

describe('parameter settings', () => {
  test('the server’s own parameters are seeded as typed built-in entries', async () => {
    const seeded = (await page(admin, { builtIn: 'true' })).data.list.map((c) => [c.key, c.valueType, c.value]);
    expect(seeded).toEqual([
      ['device.group-control.max-stores', 'number', '20'],
      ['device.offline-timeout-minutes', 'number', '10'],
      ['security.captcha.enabled', 'boolean', 'true'],
      ['security.login.max-failures', 'number', '5'],
      ['upload.max-size-mb', 'number', '100'],
    ]);
  });

  test('create, read, update, list with filters and paging, delete', async () => {
    const a = (await create(admin, { key: 'store.welcome-text', name: 'Store welcome text', value: 'Hello', remark: 'shown in the app' })).data;
    const b = (await create(admin, { key: 'store.max-zones', name: 'Zones per store', value: '12', valueType: 'number' })).data;
    const c = (await create(admin, { key: 'store.theme', name: 'Store theme', value: '{"dark":true}', valueType: 'json', visible: false })).data;
    expect((await get(b)).data).toMatchObject({ key: 'store.max-zones', value: '12', valueType: 'number', builtIn: false, visible: true });
    expect((await admin.put('/api/system/config/update', { ...editable((await get(b)).data), value: '16', name: 'Zones in one store' })).code).toBe(200);
    expect((await get(b)).data).toMatchObject({ value: '16', name: 'Zones in one store' });

    expect((await page(admin, { key: 'store.' })).data.list.map((x) => x.key)).toEqual(['store.max-zones', 'store.theme', 'store.welcome-text']);
    expect((await page(admin, { name: 'WELCOME' })).data.list.map((x) => x.id)).toEqual([a]);
    expect((await page(admin, { key: 'store.', builtIn: 'false', limit: 2, page: 2 })).data).toMatchObject({ total: 3, list: [{ id: a }] });
    expect((await page(admin, { key: 'store.', sortBy: 'name', sortOrder: 'desc' })).data.list.map((x) => x.id)).toEqual([b, a, c]);

    expect((await admin.delete('/api/system/config/delete', { id: c })).code).toBe(200);
    expect((await get(c)).code).toBe(404);
  });

  test('a value must match its type; bad input is refused by field and changes nothing', async () => {
    const before = (await page(admin)).data.total;
    for (const [valueType, value] of [
      ['number', 'twelve'],
      ['number', ''],
      ['boolean', 'yes'],
      ['json', '{broken'],
    ]) {
      expect(await create(admin, { key: 'x.y', name: 'X', valueType, value }), `${valueType} ${value}`).toMatchObject({
        code: 400,
        params: { field: 'value' },
      });
    }
    expect(await create(admin, { key: 'Bad Key', name: 'X', value: '' })).toMatchObject({ code: 400, params: { field: 'key' } });
    expect(await create(admin, { key: 'x.y', name: 'X', value: '1', valueType: 'date' })).toMatchObject({ code: 400, params: { field: 'valueType' } });
    expect(await create(admin, { key: 'upload.max-size-mb', name: 'Again', value: '1' })).toMatchObject({
      code: 409,
      key: 'common.duplicate',
      params: { field: 'key' },
    });
    expect(await page(admin, { sortBy: 'value' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
    const entry = await builtIn('upload.max-size-mb');
    expect(await admin.put('/api/system/config/update', { ...editable(entry), value: 'big' })).toMatchObject({ code: 400, params: { field: 'value' } });
    expect((await page(admin)).data.total).toBe(before);
    expect((await get(entry.id)).data.value).toBe('100');
  });

  test('nobody marks an entry built-in from outside', async () => {
    const id = (await create(admin, { key: 'sneaky.entry', name: 'Sneaky', value: 'x', builtIn: true })).data;
    expect((await get(id)).data.builtIn).toBe(false);
  });

  test('a built-in entry takes a new value, keeps its key and type, and cannot be deleted', async () => {
    const entry = await builtIn('device.group-control.max-stores');
    expect((await admin.put('/api/system/config/update', { ...editable(entry), value: '35' })).code).toBe(200);
    expect(await readSetting(t.ctx.db, 'device.group-control.max-stores')).toBe(35);
    expect(await admin.put('/api/system/config/update', { ...editable(entry), key: 'device.max-stores' })).toMatchObject({
      code: 400,
      key: 'system.config.built-in-fixed',
      params: { field: 'key' },
    });
    expect(await admin.put('/api/system/config/update', { ...editable(entry), valueType: 'string' })).toMatchObject({
      code: 400,
      key: 'system.config.built-in-fixed',
      params: { field: 'valueType' },
    });
    expect(await admin.delete('/api/system/config/delete', { id: entry.id })).toMatchObject({ code: 409, key: 'system.config.built-in' });
    expect((await get(entry.id)).data).toMatchObject({ key: 'device.group-control.max-stores', valueType: 'number', value: '35' });
  });

  test('readSetting answers the typed value, or the default when the entry is missing or unreadable', async () => {
    expect(await readSetting(t.ctx.db, 'security.captcha.enabled')).toBe(true);
    expect(await readSetting(t.ctx.db, 'device.offline-timeout-minutes')).toBe(10);
    await t.ctx.db.update(configs).set({ value: 'soon' }).where(eq(configs.key, 'device.offline-timeout-minutes'));
    expect(await readSetting(t.ctx.db, 'device.offline-timeout-minutes')).toBe(10);
    await t.ctx.db.delete(configs).where(eq(configs.key, 'security.login.max-failures'));
    expect(await readSetting(t.ctx.db, 'security.login.max-failures')).toBe(5);
  });

  test('any signed-in user reads a visible value by key; hidden and unknown keys answer null', async () => {
    const reader = await t.signIn('operator');
    expect((await reader.get('/api/system/config/get-value-by-key', { key: 'upload.max-size-mb' })).data).toBe('100');
    expect((await agent.get('/api/system/config/get-value-by-key', { key: 'upload.max-size-mb' })).data).toBe('100');
    await create(admin, { key: 'hidden.secret', name: 'Hidden', value: 's3cret', visible: false });
    expect((await reader.get('/api/system/config/get-value-by-key', { key: 'hidden.secret' })).data).toBeNull();
    expect((await reader.get('/api/system/config/get-value-by-key', { key: 'no.such.key' })).data).toBeNull();
    expect(await reader.get('/api/system/config/get-value-by-key', { key: 'DROP TABLE' })).toMatchObject({ code: 400, params: { field: 'key' } });
    expect((await t.api.get('/api/system/config/get-value-by-key', { key: 'upload.max-size-mb' })).code).toBe(401);
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await page(operator)).code).toBe(403);
    expect((await create(operator, { key: 'x.y', name: 'X', value: '' })).code).toBe(403);
  });

  test("an agent's staff can neither list nor read nor change nor delete parameters, even holding the codes (403)", async () => {
    const entry = await builtIn('upload.max-size-mb');
    const custom = (await create(admin, { key: 'custom.deletable', name: 'Deletable', value: 'x' })).data;
    for (const res of [
      await page(agent),
      await agent.get('/api/system/config/get', { id: entry.id }),
      await create(agent, { key: 'agent.entry', name: 'Agent entry', value: 'x' }),
      await agent.put('/api/system/config/update', { ...editable(entry), value: '1' }),
      await agent.delete('/api/system/config/delete', { id: custom }),
    ]) {
      expect(res).toMatchObject({ code: 403, key: 'auth.platform-only' });
    }
    expect((await get(entry.id)).data.value).toBe('100');
    expect((await get(custom)).code).toBe(200);
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const res = await admin.raw('GET', '/api/system/config/export-excel', { query: { key: 'device.' } });
    expect(res.headers.get('content-disposition')).toContain('configs.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows[0]!.slice(0, 4)).toEqual(['Key', 'Name', 'Value', 'Value type']);
    expect(rows.slice(1).map((r) => [r[0], r[4]])).toEqual([
      ['device.group-control.max-stores', 'Yes'],
      ['device.offline-timeout-minutes', 'Yes'],
    ]);
  });

  test('changes are in the operation log', async () => {
    await create(admin, { key: 'logged.entry', name: 'Logged', value: 'x' });
    const [row] = await t.ctx.db.select().from(operateLog).orderBy(desc(operateLog.id)).limit(1);
    expect([row!.path, row!.resultCode, row!.username]).toEqual(['/api/system/config/create', 200, 'admin']);
  });
});
