import { authApi, profileApi, type BodyOf } from '@lightdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginLog, operateLog, sessions, users } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const details = async (c: ApiClient) => {
  const res = await c.send(profileApi.get);
  expect(res.code).toBe(200);
  return res.data;
};
const update = (c: ApiClient, body: BodyOf<typeof profileApi.update>) => c.send(profileApi.update, body);
const mySessions = async (c: ApiClient) => {
  const res = await c.send(profileApi.sessions);
  expect(res.code).toBe(200);
  return res.data;
};
const currentSessionOf = async (c: ApiClient) => (await mySessions(c)).find((s) => s.current)!;
const endSession = (c: ApiClient, id: number) => c.send(profileApi.deleteSession, { id });
const alive = async (c: ApiClient) => (await c.send(authApi.permissionInfo)).code === 200;
const accountOf = async (username: string) => (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;

describe('my details', () => {
  test('show who I am, where I sit in the organisation and what I hold', async () => {
    const operator = await t.signIn('operator');
    const me = await details(operator);
    expect(me).toMatchObject({
      username: 'operator',
      nickname: 'Olivia Operator',
      mobile: '13800000001',
      email: '',
      sex: 0,
      deptName: 'Store operations',
      postNames: ['Operations manager'],
      roleNames: ['Store operator'],
      agentName: null,
      lastLoginIp: '127.0.0.1',
    });
    expect(me.lastLoginAt).not.toBeNull();
    // The answer is the contract's shape, and never the password hash.
    expect(JSON.stringify(me)).not.toContain((await accountOf('operator')).passwordHash);
  });

  test('I change my own nickname, e-mail, mobile and sex; the operation log records it', async () => {
    const operator = await t.signIn('operator');
    const change = { nickname: 'Olivia O.', email: 'olivia@example.com', mobile: '+4915112345678', sex: 2 };
    expect(await update(operator, change)).toMatchObject({ code: 200, data: true });
    expect(await details(operator)).toMatchObject(change);
    // The navbar reads the nickname from the permission info.
    expect((await operator.send(authApi.permissionInfo)).data.user.nickname).toBe('Olivia O.');
    const [logged] = await t.ctx.db.select().from(operateLog).orderBy(desc(operateLog.id)).limit(1);
    expect(logged).toMatchObject({ username: 'operator', method: 'PUT', path: profileApi.update.path, resultCode: 200 });
  });

  test("the account changed is always the caller's: an id in the request changes nobody else", async () => {
    const operator = await t.signIn('operator');
    const admin = await accountOf('admin');
    expect((await operator.put(profileApi.update.path, { id: admin.id, nickname: 'Not the admin', email: '', mobile: '', sex: 0 })).code).toBe(200);
    expect((await accountOf('admin')).nickname).toBe(admin.nickname);
    expect((await accountOf('operator')).nickname).toBe('Not the admin');
  });

  test('bad input is refused naming the field, and nothing changes', async () => {
    const operator = await t.signIn('operator');
    const before = await details(operator);
    const valid = { nickname: 'Valid', email: '', mobile: '', sex: 0 };
    expect(await update(operator, { ...valid, mobile: '12ab' })).toMatchObject({ code: 400, params: { field: 'mobile' } });
    expect(await update(operator, { ...valid, email: 'not-an-address' })).toMatchObject({ code: 400, params: { field: 'email' } });
    expect(await update(operator, { ...valid, nickname: '' })).toMatchObject({ code: 400, params: { field: 'nickname' } });
    expect(await update(operator, { ...valid, sex: 7 })).toMatchObject({ code: 400, params: { field: 'sex' } });
    expect(await details(operator)).toEqual(before);
  });

  test('a mobile number another account holds is refused, as on the staff form; my own stays mine', async () => {
    const operator = await t.signIn('operator');
    const agentMobile = (await accountOf('agent')).mobile;
    await update(operator, { nickname: 'Olivia', email: '', mobile: '13800000001', sex: 0 });
    const before = await details(operator);
    expect(await update(operator, { nickname: 'Olivia', email: '', mobile: agentMobile, sex: 0 })).toMatchObject({
      code: 409,
      key: 'common.duplicate',
      params: { field: 'mobile' },
    });
    expect(await details(operator)).toEqual(before);
    // Saving again with the number I already have is no clash.
    expect((await update(operator, { nickname: 'Olivia', email: '', mobile: '13800000001', sex: 1 })).code).toBe(200);
  });

  test('an e-mail address names no account (SMS sign-in uses the mobile), so two staff may share one', async () => {
    const operator = await t.signIn('operator');
    const admin = await t.signIn('admin');
    expect((await update(admin, { nickname: 'Administrator', email: 'desk@example.com', mobile: '', sex: 0 })).code).toBe(200);
    expect((await update(operator, { nickname: 'Olivia', email: 'desk@example.com', mobile: '', sex: 0 })).code).toBe(200);
  });

  test('needs a signed-in staff member, and no permission beyond that', async () => {
    expect((await t.api.send(profileApi.get)).code).toBe(401);
    expect((await t.api.send(profileApi.update, { nickname: 'x', email: '', mobile: '', sex: 0 })).code).toBe(401);
    expect((await t.api.send(profileApi.sessions)).code).toBe(401);
    expect((await t.api.send(profileApi.deleteSession, { id: 1 })).code).toBe(401);
  });
});

describe('my sessions', () => {
  test('list only my live sessions, newest activity first, this one marked, never a token', async () => {
    const laptop = await t.signIn('operator');
    const phone = await t.signIn('operator');
    await t.signIn('admin');
    const list = await mySessions(laptop);
    const operatorId = (await accountOf('operator')).id;
    const owners = await Promise.all(list.map(async (s) => (await t.ctx.db.select().from(sessions).where(eq(sessions.id, s.id)))[0]!));
    expect(owners.every((s) => s.userId === operatorId)).toBe(true);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.id)).toContain((await currentSessionOf(phone)).id);
    expect(Object.keys(list[0]!).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ip', 'lastSeenAt', 'rememberMe', 'userAgent']);
    const seen = list.map((s) => s.lastSeenAt);
    expect([...seen].sort().reverse()).toEqual(seen);
    expect(JSON.stringify(list)).not.toContain(laptop.token!);
    for (const row of owners) expect(JSON.stringify(list)).not.toContain(row.tokenHash);
  });

  test('ending another of my sessions signs that device out; this one goes on', async () => {
    const laptop = await t.signIn('operator');
    const phone = await t.signIn('operator');
    const target = await currentSessionOf(phone);
    expect(await endSession(laptop, target.id)).toMatchObject({ code: 200, data: true });
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(true);
    expect((await mySessions(laptop)).map((s) => s.id)).not.toContain(target.id);
  });

  test('ending the current session signs me out, as sign-out does', async () => {
    const laptop = await t.signIn('operator');
    const mine = await currentSessionOf(laptop);
    expect((await endSession(laptop, mine.id)).code).toBe(200);
    expect(await alive(laptop)).toBe(false);
    const [logged] = await t.ctx.db
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.username, 'operator'), eq(loginLog.kind, 'logout')))
      .orderBy(desc(loginLog.id))
      .limit(1);
    expect(logged).toMatchObject({ result: 'success' });
  });

  test("someone else's session is not found, and goes on working", async () => {
    const operator = await t.signIn('operator');
    const admin = await t.signIn('admin');
    const agent = await t.signIn('agent');
    const adminSession = await currentSessionOf(admin);
    expect((await endSession(operator, adminSession.id)).code).toBe(404);
    expect((await endSession(agent, adminSession.id)).code).toBe(404);
    expect(await alive(admin)).toBe(true);
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, adminSession.id));
    expect(row!.revokedAt).toBeNull();
  });
});

describe("an agent's staff member", () => {
  test('reads and changes their own details and sessions the same way, under their agent', async () => {
    const agent = await t.signIn('agent');
    const other = await t.signIn('agent');
    const operator = await t.signIn('operator');
    await update(operator, { nickname: 'Olivia', email: '', mobile: '13800000001', sex: 0 });
    expect(await details(agent)).toMatchObject({
      username: 'agent',
      nickname: 'Nora North',
      deptName: 'Northwind Retail Lighting',
      postNames: ['Director'],
      agentName: 'Northwind Retail Lighting',
    });
    expect((await details(agent)).roleNames).toHaveLength(1);
    expect((await update(agent, { nickname: 'Nora N.', email: 'nora@example.com', mobile: '13800000002', sex: 2 })).code).toBe(200);
    expect(await details(agent)).toMatchObject({ nickname: 'Nora N.', email: 'nora@example.com' });
    // The platform's numbers are taken for agents' staff too: a number names one account platform-wide.
    expect(await update(agent, { nickname: 'Nora N.', email: '', mobile: '13800000001', sex: 2 })).toMatchObject({
      code: 409,
      params: { field: 'mobile' },
    });

    const list = await mySessions(agent);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect((await endSession(agent, (await currentSessionOf(other)).id)).code).toBe(200);
    expect(await alive(other)).toBe(false);
    expect(await alive(agent)).toBe(true);
  });
});
