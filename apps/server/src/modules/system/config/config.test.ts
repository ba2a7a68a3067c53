import { configApi, type ConfigEntry, type Page } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { configs, operateLog } from '../schema';
import { readSetting } from './settings';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

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
      ['analytics.report-timezone', 'string', 'UTC'],
      ['analytics.rollup-retention-days', 'number', '1095'],
      ['app.cancellation.grace-days', 'number', '7'],
      ['app.customer-counting', 'boolean', 'true'],
      ['app.heatmap', 'boolean', 'true'],
      ['app.max-devices-per-store', 'number', '500'],
      ['app.max-stores', 'number', '10'],
      ['device.command.timeout-seconds', 'number', '30'],
      ['device.group-control.max-stores', 'number', '20'],
      ['device.heartbeat-seconds', 'number', '60'],
      ['device.offline-timeout-seconds', 'number', '180'],
      ['security.captcha.enabled', 'boolean', 'true'],
      ['security.login.max-failures', 'number', '5'],
      ['upload.max-size-mb', 'number', '100'],
    ]);
  });

  test('create, read, update, list with filters and paging, delete', async () => {
    const a = (await create(admin, { key: 'store.welcome-text', name: 'Store welcome text', value: 'Hello', remark: 'shown in the app' })).data;
    const b = (await create(admin, { key: 'store.max-zones', name: 'Zones per store', value: '12', valueType: 'number' })).data;
    const c = (await create(admin, { key: 'store.theme', name: 'Store theme', value: '{"dark":true}', valueType: 'json', visibility: 'all' })).data;
    expect((await get(b)).data).toMatchObject({ key: 'store.max-zones', value: '12', valueType: 'number', builtIn: false, visibility: 'none' });
    expect((await get(c)).data).toMatchObject({ visibility: 'all' });
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
    expect(await create(admin, { key: 'x.y', name: 'X', value: '1', visibility: 'agents' })).toMatchObject({ code: 400, params: { field: 'visibility' } });
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
    const entry = await builtIn('security.login.max-failures');
    expect((await admin.put('/api/system/config/update', { ...editable(entry), value: '8' })).code).toBe(200);
    expect(await readSetting(t.ctx.db, 'security.login.max-failures')).toBe(8);
    expect(await admin.put('/api/system/config/update', { ...editable(entry), key: 'security.max-failures' })).toMatchObject({
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
    expect((await get(entry.id)).data).toMatchObject({ key: 'security.login.max-failures', valueType: 'number', value: '8' });
  });

  test('readSetting answers the typed value, or the default when the entry is missing or unreadable', async () => {
    expect(await readSetting(t.ctx.db, 'security.captcha.enabled')).toBe(true);
    expect(await readSetting(t.ctx.db, 'upload.max-size-mb')).toBe(100);
    await t.ctx.db.update(configs).set({ value: 'big' }).where(eq(configs.key, 'upload.max-size-mb'));
    expect(await readSetting(t.ctx.db, 'upload.max-size-mb')).toBe(100);
    await t.ctx.db.update(configs).set({ value: '100' }).where(eq(configs.key, 'upload.max-size-mb'));
    await t.ctx.db.delete(configs).where(eq(configs.key, 'security.login.max-failures'));
    expect(await readSetting(t.ctx.db, 'security.login.max-failures')).toBe(5);
  });

  describe('reading one value by key', () => {
    const valueOf = async (c: ApiClient, key: string) => (await c.send(configApi.getValueByKey, { key })).data;
    let platformReader: ApiClient;
    let agentReader: ApiClient;
    beforeAll(async () => {
      await create(admin, { key: 'by-key.unmarked', name: 'Unmarked', value: 'u' });
      await create(admin, { key: 'by-key.platform', name: 'Platform only', value: 'p', visibility: 'platform' });
      await create(admin, { key: 'by-key.all', name: 'Everyone', value: 'a', visibility: 'all' });
      // Staff holding no parameter permission at all: reading by key needs none.
      platformReader = await t.signIn('operator');
      agentReader = await t.signIn('agent');
    });

    test('a new parameter is readable by nobody until marked, and neither is a built-in one', async () => {
      for (const reader of [admin, platformReader, agentReader]) {
        expect(await valueOf(reader, 'by-key.unmarked')).toBeNull();
        expect(await valueOf(reader, 'security.login.max-failures')).toBeNull();
      }
    });

    test("the platform's staff read entries marked for the platform or for all", async () => {
      expect(await valueOf(platformReader, 'by-key.platform')).toBe('p');
      expect(await valueOf(platformReader, 'by-key.all')).toBe('a');
    });

    test("an agent's staff read only entries marked for all; others answer like a missing key", async () => {
      expect(await valueOf(agentReader, 'by-key.all')).toBe('a');
      expect(await valueOf(agentReader, 'by-key.platform')).toBeNull();
      expect(await valueOf(agentReader, 'no.such.key')).toBeNull();
    });

    test('nobody reads without signing in, and a malformed key is refused by field', async () => {
      expect((await t.api.get('/api/system/config/get-value-by-key', { key: 'by-key.all' })).code).toBe(401);
      expect(await platformReader.get('/api/system/config/get-value-by-key', { key: 'DROP TABLE' })).toMatchObject({ code: 400, params: { field: 'key' } });
    });
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
    const res = await admin.raw('GET', '/api/system/config/export-excel', { query: { key: 'by-key.' } });
    expect(res.headers.get('content-disposition')).toContain('configs.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 4)).toEqual(['Parameter key', 'Parameter name', 'Value', 'Value type']);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['by-key.all', 'Custom', "All staff, agents' included"],
      ['by-key.platform', 'Custom', 'Platform staff'],
      ['by-key.unmarked', 'Custom', 'Nobody (this screen only)'],
    ]);
  });

  test('changes are in the operation log', async () => {
    await create(admin, { key: 'logged.entry', name: 'Logged', value: 'x' });
    const [row] = await t.ctx.db.select().from(operateLog).orderBy(desc(operateLog.id)).limit(1);
    expect([row!.path, row!.resultCode, row!.username]).toEqual(['/api/system/config/create', 200, 'admin']);
  });
});
