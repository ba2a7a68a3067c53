import { sessionApi, type QueryOf } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { sessions, users } from '../schema';
import { addSeconds } from '../../../lib/clock';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  t = await testApp();
  await t.grant('agent', ['system:session:query', 'system:session:kick']);
  agent = await t.signIn('agent');
});
beforeEach(async () => {
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const page = (c: ApiClient, q: QueryOf<typeof sessionApi.page> = {}) => c.send(sessionApi.page, q);
const kick = (c: ApiClient, id: number) => c.send(sessionApi.delete, { id });
const alive = async (c: ApiClient) => (await c.get('/api/system/auth/get-permission-info')).code === 200;
const sessionOf = async (username: string) => {
  const [user] = await t.ctx.db.select().from(users).where(eq(users.username, username));
  const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user!.id)).orderBy(sessions.id);
  return rows.at(-1)!;
};

describe('online sessions', () => {
  test("the list holds the tenant's live sessions, newest activity first, and never a token", async () => {
    const operator = await t.signIn('operator');
    const res = await page(admin, { limit: 100 });
    expect(res.code).toBe(200);
    const names = res.data.list.map((s) => s.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'operator']));
    expect(names).not.toContain('agent');
    const seen = res.data.list.map((s) => s.lastSeenAt);
    expect([...seen].sort().reverse()).toEqual(seen);
    const mine = res.data.list.find((s) => s.current)!;
    expect(mine).toMatchObject({ username: 'admin', rememberMe: false, ip: '127.0.0.1' });
    expect(Object.keys(mine).sort()).toEqual([
      'createdAt',
      'current',
      'expiresAt',
      'id',
      'ip',
      'lastSeenAt',
      'nickname',
      'rememberMe',
      'userAgent',
      'userId',
      'username',
    ]);
    const text = JSON.stringify(res.data);
    expect(text).not.toContain(operator.token!);
    for (const row of await t.ctx.db.select().from(sessions)) expect(text).not.toContain(row.tokenHash);

    expect((await page(admin, { username: 'OPER' })).data.list.map((s) => s.username)).toEqual(['operator']);
    expect((await page(admin, { ip: '10.9.9.9' })).data.total).toBe(0);
    expect(await page(admin, { sortBy: 'tokenHash' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
    expect(await page(admin, { sortBy: 'constructor' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
    expect((await page(admin, { sortBy: 'username', sortOrder: 'asc', username: 'o' })).code).toBe(200);
  });

  test('revoked, expired and idle sessions are not listed', async () => {
    await t.signIn('operator');
    const idle = await sessionOf('operator');
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: addSeconds(new Date(), -31 * 60) })
      .where(eq(sessions.id, idle.id));
    // A remembered session may stay idle for days.
    const remembered = await t.login('operator', undefined, { rememberMe: true });
    expect(remembered.code).toBe(200);
    const kept = await sessionOf('operator');
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: addSeconds(new Date(), -31 * 60) })
      .where(eq(sessions.id, kept.id));
    await t.signIn('operator');
    const expired = await sessionOf('operator');
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: addSeconds(new Date(), -1) })
      .where(eq(sessions.id, expired.id));
    await t.signIn('operator');
    const revoked = await sessionOf('operator');
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, revoked.id));

    const ids = (await page(admin, { limit: 100 })).data.list.map((s) => s.id);
    expect(ids).toContain(kept.id);
    for (const dead of [idle, expired, revoked]) expect(ids).not.toContain(dead.id);
  });

  test('a kicked-out session gets 401 at once', async () => {
    const operator = await t.signIn('operator');
    const target = await sessionOf('operator');
    expect(await alive(operator)).toBe(true);
    expect((await kick(admin, target.id)).code).toBe(200);
    expect((await operator.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect((await page(admin, { limit: 100 })).data.list.map((s) => s.id)).not.toContain(target.id);
    expect(await alive(admin)).toBe(true);
  });

  test('kicking out your own session ends it', async () => {
    const mine = (await page(admin)).data.list.find((s) => s.current)!;
    expect((await kick(admin, mine.id)).code).toBe(200);
    expect(await alive(admin)).toBe(false);
  });

  test("an agent's staff can neither see nor kick out the platform's sessions", async () => {
    const own = (await page(agent, { limit: 100 })).data.list;
    expect(own.map((s) => s.username)).toEqual(['agent']);
    const platformSession = await sessionOf('admin');
    expect((await kick(agent, platformSession.id)).code).toBe(404);
    expect(await alive(admin)).toBe(true);
    // Nor the other way round: the platform's list is its own tenant's.
    expect((await page(admin, { username: 'agent' })).data.total).toBe(0);
    const agentSession = await sessionOf('agent');
    expect((await kick(admin, agentSession.id)).code).toBe(404);
    expect(await alive(agent)).toBe(true);
  });

  test('bad ids are refused by field, and staff without the permission are refused', async () => {
    expect(await admin.delete('/api/system/session/delete', { id: 'abc' })).toMatchObject({ code: 400, params: { field: 'id' } });
    expect((await kick(admin, 999999)).code).toBe(404);
    const operator = await t.signIn('operator');
    expect((await page(operator)).code).toBe(403);
    expect((await kick(operator, (await sessionOf('admin')).id)).code).toBe(403);
    expect(await alive(admin)).toBe(true);
  });
});
