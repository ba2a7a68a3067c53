import type { Page, Post } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operateLog, posts, tenants, userPosts, users } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['system:post:query', 'system:post:create', 'system:post:update', 'system:post:delete', 'system:post:export']);
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/post/create', body);
const page = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<Post>>('/api/system/post/page', q);

describe('posts', () => {
  test('create, read, update, list with filters and paging, delete', async () => {
    const before = (await page(admin)).data.total;
    const ids: number[] = [];
    for (const [code, name, sort] of [
      ['ceo', 'Chief executive', 1],
      ['ops', 'Store operations', 2],
      ['tech', 'Field technician', 3],
    ] as const) {
      const res = await create(admin, { code, name, sort });
      expect(res.code).toBe(200);
      ids.push(res.data);
    }
    // The demo's posts are there too: look at the ones this test made, in the order listed.
    const own = (rows: Post[]) => rows.filter((p) => ids.includes(p.id)).map((p) => p.code);
    expect((await admin.get<Post>('/api/system/post/get', { id: ids[1] })).data).toMatchObject({ code: 'ops', name: 'Store operations', status: 0 });
    expect((await admin.put('/api/system/post/update', { id: ids[1], code: 'ops', name: 'Store ops', sort: 2, status: 1 })).code).toBe(200);
    expect((await admin.get<Post>('/api/system/post/get', { id: ids[1] })).data).toMatchObject({ name: 'Store ops', status: 1 });

    const named = (await page(admin, { name: 'TECH' })).data.list;
    expect(named.every((p) => p.name.toLowerCase().includes('tech'))).toBe(true);
    expect(own(named)).toEqual(['tech']);
    const disabled = (await page(admin, { status: 1 })).data.list;
    expect(disabled.every((p) => p.status === 1)).toBe(true);
    expect(own(disabled)).toEqual(['ops']);
    const all = (await page(admin, { limit: 100 })).data;
    expect(all.total).toBe(before + 3);
    expect(all.list).toHaveLength(all.total);
    expect(own(all.list)).toEqual(['ceo', 'ops', 'tech']);
    const firstPage = await page(admin, { page: 1, limit: 2 });
    expect(firstPage.data.total).toBe(all.total);
    expect(firstPage.data.list).toEqual(all.list.slice(0, 2));
    expect((await page(admin, { page: 2, limit: 2 })).data.list).toEqual(all.list.slice(2, 4));
    expect(own((await page(admin, { sortBy: 'code', sortOrder: 'desc' })).data.list)).toEqual(['tech', 'ops', 'ceo']);

    expect((await admin.delete('/api/system/post/delete', { id: ids[2] })).code).toBe(200);
    expect((await admin.get('/api/system/post/get', { id: ids[2] })).code).toBe(404);
    const simple = (await admin.get<{ id: number; name: string }[]>('/api/system/post/list-all-simple')).data;
    expect(simple.map((p) => p.id)).toEqual(all.list.filter((p) => p.status === 0 && p.id !== ids[2]).map((p) => p.id));
    expect(simple.filter((p) => ids.includes(p.id)).map((p) => p.name)).toEqual(['Chief executive']);
  });

  test('wildcards in a text filter are plain characters', async () => {
    const percent = (await create(admin, { code: 'pct_off', name: '100% off' })).data;
    const lookalike = (await create(admin, { code: 'tao', name: 'Tao' })).data;
    expect((await page(admin, { name: '%' })).data.list.map((p) => p.id)).toEqual([percent]);
    expect((await page(admin, { code: 't_o' })).data.list.map((p) => p.id)).toEqual([percent]);
    for (const id of [percent, lookalike]) expect((await admin.delete('/api/system/post/delete', { id })).code).toBe(200);
  });

  test('bad input is refused by field and changes nothing', async () => {
    const before = (await page(admin)).data.total;
    // A worded check answers its reason in English, with the key the console words it by.
    expect(await create(admin, { code: 'has space', name: 'x' })).toMatchObject({
      code: 400,
      egMsg: 'Invalid value for code: only letters, digits, underscores, dots and hyphens are allowed',
      params: { field: 'code', reasonKey: 'form.code' },
    });
    expect(await create(admin, { code: 'ok', name: '' })).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await page(admin, { sortBy: 'password' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed', params: { field: 'sortBy' } });
    expect(await page(admin, { limit: 1000 })).toMatchObject({ code: 400, params: { field: 'limit' } });
    expect(await create(admin, { code: 'ceo', name: 'Again' })).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'code' } });
    expect((await page(admin)).data.total).toBe(before);
  });

  test('creates racing for one code: one wins, the others get 409 naming the field, never a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(admin, { code: 'race', name: 'Race' })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.code !== 200)) expect(a).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'code' } });
  });

  test('a post held by staff cannot be deleted, and nothing changes', async () => {
    const id = (await create(admin, { code: 'held', name: 'Held post' })).data;
    const [operator] = await t.ctx.db.select().from(users).where(eq(users.username, 'operator'));
    await t.ctx.db.insert(userPosts).values({ userId: operator!.id, postId: id });
    expect(await admin.delete('/api/system/post/delete', { id })).toMatchObject({ code: 409, key: 'system.post.has-staff' });
    expect((await admin.get('/api/system/post/get', { id })).code).toBe(200);
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await page(operator)).code).toBe(403);
    expect((await create(operator, { code: 'x', name: 'x' })).code).toBe(403);
  });

  test("an agent's staff can neither list nor read nor change nor delete the platform's posts", async () => {
    const platformPosts = (await page(admin, { limit: 100 })).data.list;
    // The agent sees exactly its own (demo) posts, none of the platform's.
    const [northwind] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'northwind'));
    const ofNorthwind = async () =>
      (await t.ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.tenantId, northwind!.id))).map((p) => p.id).sort((a, b) => a - b);
    const seeded = (await page(agent, { limit: 100 })).data;
    expect(seeded.total).toBe(seeded.list.length);
    expect(seeded.list.map((p) => p.id).sort((a, b) => a - b)).toEqual(await ofNorthwind());
    expect(seeded.list.filter((p) => platformPosts.some((q) => q.id === p.id))).toEqual([]);
    const own = await create(agent, { code: 'ceo', name: 'Agent CEO' });
    expect(own.code).toBe(200);
    for (const p of platformPosts) {
      expect((await agent.get('/api/system/post/get', { id: p.id })).code).toBe(404);
      expect((await agent.put('/api/system/post/update', { id: p.id, code: p.code, name: 'Hijacked' })).code).toBe(404);
      expect((await agent.delete('/api/system/post/delete', { id: p.id })).code).toBe(404);
    }
    expect((await page(admin, { limit: 100 })).data.list).toEqual(platformPosts);
    const after = (await page(agent, { limit: 100 })).data.list;
    expect(after.filter((p) => p.id !== own.data)).toEqual(seeded.list);
    expect(after.filter((p) => p.id === own.data).map((p) => p.name)).toEqual(['Agent CEO']);
    expect(await ofNorthwind()).toEqual([...seeded.list.map((p) => p.id), own.data].sort((a, b) => a - b));
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const res = await admin.raw('GET', '/api/system/post/export-excel', { query: { name: 'chief' } });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('posts.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 2)).toEqual(['Post code', 'Post name']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['ceo']);
  });

  test('every change is in the operation log, failures too', async () => {
    await create(admin, { code: 'logged', name: 'Logged post' });
    await create(admin, { code: 'logged', name: 'Duplicate' });
    const rows = await t.ctx.db.select().from(operateLog).orderBy(desc(operateLog.id)).limit(2);
    expect(rows.map((r) => [r.path, r.resultCode, r.username])).toEqual([
      ['/api/system/post/create', 409, 'admin'],
      ['/api/system/post/create', 200, 'admin'],
    ]);
    expect(rows[1]!.params).toContain('Logged post');
  });
});
