import type { LoginLog, OperateLog, Page, SmsLog } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginLog, operateLog, smsOutbox, tenants } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let platformId: number;
let northwindId: number;
const LOG_CODES = ['login-log', 'operate-log', 'sms-log'].flatMap((r) => [`system:${r}:query`, `system:${r}:export`]);
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', [...LOG_CODES, 'system:post:create']);
  agent = await t.signIn('agent');
  const tenantId = async (code: string) => (await t.ctx.db.select().from(tenants).where(eq(tenants.code, code)))[0]!.id;
  platformId = await tenantId('saas');
  northwindId = await tenantId('northwind');
  // Sign-in attempts of each kind: a wrong password, an unknown username (no tenant), successes.
  await t.login('operator', 'wrong-password');
  await t.login('nobody-here', 'whatever1');
  await t.login('agent', 'wrong-password');
  // Operations of both tenants.
  await admin.post('/api/system/post/create', { code: 'platform-post', name: 'Platform post' });
  await admin.post('/api/system/post/create', { code: 'platform-post', name: 'Duplicate' });
  await agent.post('/api/system/post/create', { code: 'agent-post', name: 'Agent post' });
});
afterAll(() => t.close());

const loginPage = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<LoginLog>>('/api/system/login-log/page', q);
const operatePage = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<OperateLog>>('/api/system/operate-log/page', q);
const smsPage = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<SmsLog>>('/api/system/sms-log/page', q);

describe('login log', () => {
  test('platform staff see the platform and tenantless attempts, newest first, with filters', async () => {
    const rows = (await loginPage(admin, { limit: 100 })).data.list;
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([platformId, null]));
    expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', 'operator', 'nobody-here']));
    expect(rows.map((r) => r.username)).not.toContain('agent');
    const times = rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await loginPage(admin, { username: 'OPERA' })).data.list.map((r) => [r.username, r.result])).toEqual([['operator', 'bad-credentials']]);
    expect((await loginPage(admin, { result: 'bad-credentials' })).data.list.map((r) => r.username).sort()).toEqual(['nobody-here', 'operator']);
    expect((await loginPage(admin, { kind: 'password', username: 'admin' })).data.total).toBeGreaterThan(0);
    expect((await loginPage(admin, { kind: 'logout', username: 'admin' })).data.total).toBe(0);
    expect((await loginPage(admin, { ip: '127.0.0' })).data.total).toBe(rows.length);
    expect((await loginPage(admin, { createdFrom: new Date(Date.now() + 3600_000).toISOString() })).data.total).toBe(0);
    expect((await loginPage(admin, { createdTo: new Date(Date.now() - 3600_000).toISOString() })).data.total).toBe(0);
    expect(await loginPage(admin, { kind: 'hacking' })).toMatchObject({ code: 400, params: { field: 'kind' } });
    expect(await loginPage(admin, { createdFrom: 'yesterday' })).toMatchObject({ code: 400, params: { field: 'createdFrom' } });
    expect(await loginPage(admin, { sortBy: 'userAgent; drop table users' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
  });

  test("platform staff may read one agent's attempts by passing its tenant", async () => {
    const rows = (await loginPage(admin, { tenantId: northwindId })).data.list;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([northwindId]));
  });

  test("an agent's staff see only their tenant's attempts and cannot ask for another tenant's", async () => {
    const rows = (await loginPage(agent, { limit: 100 })).data.list;
    expect(rows.map((r) => r.username).sort()).toEqual(['agent', 'agent']);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([northwindId]));
    expect(await loginPage(agent, { tenantId: platformId })).toMatchObject({ code: 403, key: 'auth.platform-only' });
    expect((await loginPage(agent, { tenantId: northwindId })).data.total).toBe(rows.length);
    const file = await readXlsx(await agent.raw('GET', '/api/system/login-log/export-excel'));
    expect(file.slice(1).map((r) => r[1])).toEqual(['agent', 'agent']);
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const res = await admin.raw('GET', '/api/system/login-log/export-excel', { query: { result: 'bad-credentials' } });
    expect(res.headers.get('content-disposition')).toContain('login-log.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(['Time', 'Username', 'Kind', 'Result', 'IP', 'User agent']);
    expect(rows.slice(1).map((r) => [r[1], r[3]])).toEqual([
      ['nobody-here', 'bad-credentials'],
      ['operator', 'bad-credentials'],
    ]);
    expect(rows[1]![0]).toBeInstanceOf(Date);
  });
});

describe('operation log', () => {
  test('newest first, filtered by username, module, path and result', async () => {
    const rows = (await operatePage(admin, { path: '/api/system/post/create' })).data.list;
    expect(rows.map((r) => [r.username, r.resultCode])).toEqual([
      ['admin', 409],
      ['admin', 200],
    ]);
    expect(rows[1]!.params).toContain('Platform post');
    expect((await operatePage(admin, { module: 'system/post', resultCode: 409 })).data.list).toHaveLength(1);
    expect((await operatePage(admin, { username: 'agent' })).data.total).toBe(0);
    expect((await operatePage(admin, { createdFrom: new Date(Date.now() + 3600_000).toISOString() })).data.total).toBe(0);
    const detail = await admin.get<OperateLog>('/api/system/operate-log/get', { id: rows[0]!.id });
    expect(detail.data).toMatchObject({ method: 'POST', path: '/api/system/post/create', resultCode: 409, username: 'admin' });
    expect(await operatePage(admin, { resultCode: 'ok' })).toMatchObject({ code: 400, params: { field: 'resultCode' } });
  });

  test("an agent's staff can neither list nor read the platform's operations; the platform may read theirs", async () => {
    const own = (await operatePage(agent)).data.list;
    expect(own.map((r) => r.path)).toEqual(['/api/system/post/create']);
    expect(new Set(own.map((r) => r.tenantId))).toEqual(new Set([northwindId]));
    const platformRows = (await operatePage(admin)).data.list;
    for (const r of platformRows) expect((await agent.get('/api/system/operate-log/get', { id: r.id })).code).toBe(404);
    expect(await operatePage(agent, { tenantId: platformId })).toMatchObject({ code: 403 });
    expect((await operatePage(admin, { tenantId: northwindId })).data.list.map((r) => r.username)).toEqual(['agent']);
    expect((await admin.get<OperateLog>('/api/system/operate-log/get', { id: own[0]!.id })).data.username).toBe('agent');
  });

  test('the log offers no way to change it', async () => {
    const [row] = await t.ctx.db.select().from(operateLog).limit(1);
    expect((await admin.delete('/api/system/operate-log/delete', { id: row!.id })).code).toBe(404);
    expect((await admin.put('/api/system/operate-log/update', { id: row!.id })).code).toBe(404);
    expect(await t.ctx.db.select().from(operateLog).where(eq(operateLog.id, row!.id))).toHaveLength(1);
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const rows = await readXlsx(await admin.raw('GET', '/api/system/operate-log/export-excel', { query: { path: 'post/create' } }));
    expect(rows[0]!.slice(0, 7)).toEqual(['Time', 'Username', 'Module', 'Action', 'Method', 'Path', 'Result']);
    expect(rows.slice(1).map((r) => [r[1], r[5], r[6]])).toEqual([
      ['admin', '/api/system/post/create', 409],
      ['admin', '/api/system/post/create', 200],
    ]);
  });
});

describe('SMS log', () => {
  beforeAll(async () => {
    await t.ctx.db.insert(smsOutbox).values([
      {
        mobile: '13800000001',
        template: 'login-code',
        content: 'Lightdesk sign-in code: 482913. Valid for 5 minutes.',
        createdAt: new Date(Date.now() - 60_000),
      },
      { mobile: '13900000009', template: 'notice', content: 'Maintenance tonight', status: 'failed' },
    ]);
  });

  test('platform staff read the outbox, newest first, with codes masked', async () => {
    const rows = (await smsPage(admin)).data.list;
    expect(rows.map((r) => r.mobile)).toEqual(['13900000009', '13800000001']);
    expect(rows[1]!.content).toBe('Lightdesk sign-in code: ******. Valid for 5 minutes.');
    expect(JSON.stringify(rows)).not.toContain('482913');
    expect((await smsPage(admin, { mobile: '1380' })).data.list.map((r) => r.template)).toEqual(['login-code']);
    expect((await smsPage(admin, { status: 'failed' })).data.list.map((r) => r.mobile)).toEqual(['13900000009']);
    expect((await smsPage(admin, { template: 'notice' })).data.total).toBe(1);
    expect((await smsPage(admin, { createdTo: new Date(Date.now() - 30_000).toISOString() })).data.list.map((r) => r.mobile)).toEqual(['13800000001']);
  });

  test("the outbox has no tenant, so an agent's staff are refused even holding the codes", async () => {
    expect(await smsPage(agent)).toMatchObject({ code: 403, key: 'auth.platform-only' });
    expect((await agent.get('/api/system/sms-log/export-excel')).code).toBe(403);
  });

  test('the export is a real .xlsx with codes masked', async () => {
    const rows = await readXlsx(await admin.raw('GET', '/api/system/sms-log/export-excel', { query: { template: 'login-code' } }));
    expect(rows[0]).toEqual(['Time', 'Mobile', 'Template', 'Content', 'Status']);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([['13800000001', 'login-code', 'Lightdesk sign-in code: ******. Valid for 5 minutes.', 'recorded']]);
  });
});

test('staff without the permissions are refused', async () => {
  const operator = await t.signIn('operator');
  for (const path of ['/api/system/login-log/page', '/api/system/operate-log/page', '/api/system/sms-log/page', '/api/system/operate-log/export-excel']) {
    expect((await operator.get(path)).code, path).toBe(403);
  }
  expect(await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, 'operator'))).not.toHaveLength(0);
});
