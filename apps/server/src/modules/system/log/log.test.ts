import { secret, Text, type LoginLog, type OperateLog, type Page, type SmsLog } from '@lightdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AREAS } from '../../../app';
import { defineRoutes, type Area } from '../../../lib/routes';
import { loginLog, operateLog, posts, roles, smsOutbox, tenants, users } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

// A write of this test's own whose body holds what the product's do not (yet): a secret deep
// down, in a union and beneath a transform, text past every bound, a long list, free JSON.
const Pin = secret(Text(20));
const Recorded = z.object({
  label: Text(20),
  a: z.object({ b: z.object({ c: z.object({ d: z.object({ pin: Pin }) }) }) }).optional(),
  either: z.union([z.object({ kind: z.literal('pin'), pin: Pin }), z.object({ kind: z.literal('name'), name: Text(20) })]).optional(),
  sealed: z
    .object({ pin: Pin })
    .transform((v) => ({ digits: v.pin.length, copy: v.pin }))
    .optional(),
  note: z.string().max(10_000).optional(),
  tags: z.array(Text(20)).max(100).optional(),
  free: z.unknown().optional(),
});
const recordingArea: Area = {
  name: 'recording',
  routes: [defineRoutes((r) => r.post('/api/recording/write', { signedIn: true, body: Recorded, summary: 'Recorded write' }, () => true))],
};

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let platformId: number;
let northwindId: number;
const LOG_CODES = ['login-log', 'operate-log', 'sms-log'].flatMap((r) => [`system:${r}:query`, `system:${r}:export`]);
beforeAll(async () => {
  t = await testApp({}, { areas: [...AREAS, recordingArea] });
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
    expect(rows[0]).toEqual(['Time', 'Username', 'Type', 'Result', 'IP address', 'Browser']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
      ['nobody-here', 'Password sign-in', 'Wrong username or password'],
      ['operator', 'Password sign-in', 'Wrong username or password'],
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
    expect(rows[0]!.slice(0, 7)).toEqual(['Time', 'Performed by', 'Module', 'Operation', 'Request', 'Result', 'Duration (ms)']);
    expect(rows.slice(1).map((r) => [r[1], r[4], r[5]])).toEqual([
      ['admin', 'POST /api/system/post/create', 409],
      ['admin', 'POST /api/system/post/create', 200],
    ]);
  });
});

describe('what the operation log records of a write', () => {
  /** `levels` objects, one inside the other, as JSON text: JSON.stringify itself gives up long before 5,000. */
  const nested = (levels: number, inner = '1') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
  const lastLine = async (path: string) => (await t.ctx.db.select().from(operateLog).where(eq(operateLog.path, path)).orderBy(desc(operateLog.id)).limit(1))[0];
  const adminRole = async () =>
    (
      await t.ctx.db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, platformId), eq(roles.code, 'admin')))
    )[0]!.id;
  const userNamed = async (username: string) => (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0];
  const send = (c: ApiClient, method: string, path: string, contentType: string, rawBody: string) =>
    c.call<unknown>(method, path, { headers: { 'content-type': contentType }, rawBody });

  test('a write with a field nested 5,000 levels deep is done and recorded, without that field', async () => {
    const body = JSON.stringify({ username: 'deep-admin', nickname: 'Deep', password: 'Deep-admin-pass1', roleIds: [await adminRole()], extra: '\u0001' });
    const res = await send(admin, 'POST', '/api/system/user/create', 'application/json', body.replace('"\\u0001"', nested(5000)));
    expect(res).toMatchObject({ code: 200 });
    const line = await lastLine('/api/system/user/create');
    expect(line).toMatchObject({ resultCode: 200, username: 'admin' });
    expect(JSON.parse(line!.params)).toMatchObject({ body: { username: 'deep-admin', password: '***', roleIds: [await adminRole()] } });
    expect(line!.params).not.toContain('extra');
    expect(await userNamed('deep-admin')).toBeDefined();
  });

  test('a password never reaches the log: as JSON, in a form, as text/plain, under other names or nested deep', async () => {
    const create = { username: 'quiet-admin', nickname: 'Quiet', roleIds: [await adminRole()] };
    // As JSON, with look-alikes and a copy nested five levels down beside the declared field.
    expect(
      await admin.post('/api/system/user/create', {
        ...create,
        password: 'Json-secret-1',
        pwd: 'Pwd-secret-2',
        passwd: 'Passwd-secret-3',
        pass: 'Pass-secret-4',
        profile: { a: { b: { c: { d: { password: 'Deep-secret-5' } } } } },
      }),
    ).toMatchObject({ code: 200 });
    const { id } = (await userNamed('quiet-admin'))!;
    // In a form, to the administrator's reset.
    expect(await send(admin, 'PUT', '/api/system/user/update-password', 'application/x-www-form-urlencoded', `id=${id}&password=Form-secret-6`)).toMatchObject({
      code: 200,
    });
    // As text/plain, which no write takes: refused naming the body, recorded without it.
    const plain = JSON.stringify({ ...create, username: 'plain-admin', password: 'Plain-secret-7' });
    expect(await send(admin, 'POST', '/api/system/user/create', 'text/plain', plain)).toMatchObject({ code: 400, params: { field: 'body' } });
    expect(await userNamed('plain-admin')).toBeUndefined();
    expect(await lastLine('/api/system/user/create')).toMatchObject({ resultCode: 400, params: '{}' });

    const lines = (await operatePage(admin, { module: 'system/user', limit: 100 })).data.list;
    expect(lines.map((l) => [l.path, l.resultCode]).slice(0, 3)).toEqual([
      ['/api/system/user/create', 400],
      ['/api/system/user/update-password', 200],
      ['/api/system/user/create', 200],
    ]);
    expect(JSON.parse(lines[1]!.params)).toEqual({ body: { id, password: '***' } });
    const everything = JSON.stringify(lines);
    for (const password of ['Json-secret-1', 'Pwd-secret-2', 'Passwd-secret-3', 'Pass-secret-4', 'Deep-secret-5', 'Form-secret-6', 'Plain-secret-7']) {
      expect(everything).not.toContain(password);
    }
  });

  test('a secret is masked by its mark at any depth; what is recorded is bounded, whole JSON, and says where it was cut', async () => {
    const res = await send(
      admin,
      'POST',
      '/api/recording/write',
      'application/json',
      JSON.stringify({
        label: 'bounded',
        a: { b: { c: { d: { pin: 'pin-deep' } } } },
        either: { kind: 'pin', pin: 'pin-union' },
        sealed: { pin: 'pin-sealed' },
        note: 'n'.repeat(5000),
        tags: Array.from({ length: 30 }, (_, i) => `tag-${i}`),
        free: '\u0001',
      }).replace('"\\u0001"', nested(5000)),
    );
    expect(res).toMatchObject({ code: 200 });
    const { params } = (await lastLine('/api/recording/write'))!;
    expect(params).not.toMatch(/pin-/);
    const recorded = JSON.parse(params) as { body: Record<string, unknown> };
    expect(recorded.body).toMatchObject({
      label: 'bounded',
      a: { b: { c: { d: { pin: '***' } } } },
      either: { kind: 'pin', pin: '***' },
      sealed: '***',
      note: `${'n'.repeat(200)}…[cut]`,
    });
    expect(recorded.body.tags).toEqual([...Array.from({ length: 20 }, (_, i) => `tag-${i}`), '…[cut]']);
    // Six levels below the body, then the mark.
    expect(recorded.body.free).toEqual({ a: { a: { a: { a: { a: '…[cut]' } } } } });

    // Past the whole record's bound, the rest gives way to the mark.
    const long = { label: 'long', note: 'é'.repeat(200), free: Array.from({ length: 20 }, () => 'y'.repeat(200)) };
    expect(await admin.post('/api/recording/write', long)).toMatchObject({ code: 200 });
    const longParams = (await lastLine('/api/recording/write'))!.params;
    expect(longParams.length).toBeLessThanOrEqual(2000);
    const free = (JSON.parse(longParams) as { body: { free: string[] } }).body.free;
    expect(free.length).toBeLessThan(20);
    expect(free.slice(0, -1).every((item) => item === 'y'.repeat(200))).toBe(true);
    expect(free.at(-1)).toBe('…[cut]');
  });

  test('a write whose line cannot be written does not happen', async () => {
    await t.ctx.db.execute(sql`alter table operate_log add constraint refuse_posts check (path <> '/api/system/post/create') not valid`);
    try {
      expect(await admin.post('/api/system/post/create', { code: 'unlogged', name: 'Unlogged post' })).toMatchObject({ code: 500 });
    } finally {
      await t.ctx.db.execute(sql`alter table operate_log drop constraint refuse_posts`);
    }
    expect(await t.ctx.db.select().from(posts).where(eq(posts.code, 'unlogged'))).toEqual([]);
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
    expect(rows[0]).toEqual(['Time', 'Mobile number', 'Template', 'Content', 'Status']);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([['13800000001', 'Sign-in code', 'Lightdesk sign-in code: ******. Valid for 5 minutes.', 'Recorded']]);
  });
});

test('staff without the permissions are refused', async () => {
  const operator = await t.signIn('operator');
  for (const path of ['/api/system/login-log/page', '/api/system/operate-log/page', '/api/system/sms-log/page', '/api/system/operate-log/export-excel']) {
    expect((await operator.get(path)).code, path).toBe(403);
  }
  expect(await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, 'operator'))).not.toHaveLength(0);
});
