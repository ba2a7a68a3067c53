import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginLog, tenants, users } from '../../db/schema';
import { testApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { IP_FAILURE_LIMIT, LOCK_AFTER_FAILURES, LOCK_MINUTES } from './sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('password sign-in', () => {
  test('the username is trimmed and the answer holds token, expiry and tenant', async () => {
    const res = await t.login('  admin  ');
    expect(res.code).toBe(200);
    expect(res.data.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(res.data).toMatchObject({ tenantCode: 'saas', tenantType: 'platform', idleTimeout: 1800 });
    expect(new Date(res.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
  });

  test('the tenant comes from the account, whatever tenant header the caller sends', async () => {
    const res = await t.api.withHeaders({ tenantcode: 'saas' }).post('/api/system/auth/login', { username: 'agent', password: TEST_PASSWORD });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ tenantCode: 'northwind', tenantType: 'agent' });
  });

  test('a wrong password and an unknown username get the same refusal', async () => {
    const wrong = await t.login('operator', 'not-the-password');
    const unknown = await t.login('nobody-here', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res).toMatchObject({ code: 400, key: 'auth.bad-credentials', egMsg: 'Wrong username or password', data: null });
    }
    await t.login('operator'); // a success resets the failure count for later tests
  });

  test('remember me makes the session last longer', async () => {
    const res = await t.login('admin', TEST_PASSWORD, { rememberMe: true });
    expect(res.data.idleTimeout).toBe(7 * 86400);
    expect(new Date(res.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);
  });

  test('every attempt is written to the login log with IP and user agent', async () => {
    await t.api.call('POST', '/api/system/auth/login', { body: { username: 'admin', password: 'bad' }, headers: { 'user-agent': 'LogTest/1.0' } });
    const [row] = await t.ctx.db.select().from(loginLog).where(eq(loginLog.userAgent, 'LogTest/1.0'));
    expect(row).toMatchObject({ username: 'admin', result: 'bad-credentials', kind: 'password', ip: '127.0.0.1' });
    await t.login('admin');
  });

  test('input is validated: a missing or mistyped field is named and nothing happens', async () => {
    expect(await t.api.post('/api/system/auth/login', { password: 'x' })).toMatchObject({ code: 400, params: { field: 'username' } });
    expect(await t.api.post('/api/system/auth/login', { username: 'admin', password: 5 })).toMatchObject({ code: 400, params: { field: 'password' } });
    expect(await t.api.post('/api/system/auth/login', { username: '   ', password: 'x' })).toMatchObject({ code: 400, params: { field: 'username' } });
    const notJson = await t.api.raw('POST', '/api/system/auth/login', { rawBody: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(200);
    expect(await notJson.json()).toMatchObject({ code: 400, params: { field: 'body' } });
  });

  test('a form-encoded sign-in works as well as JSON (spec §7)', async () => {
    const res = await t.api.raw('POST', '/api/system/auth/login', {
      rawBody: new URLSearchParams({ username: 'admin', password: TEST_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await res.json()).toMatchObject({ code: 200 });
  });

  test('sign-in by a social provider answers that none is configured', async () => {
    expect(await t.api.post('/api/system/auth/social-login', { type: 10, code: 'abc', state: 'xyz' })).toMatchObject({
      code: 400,
      key: 'auth.social-not-configured',
    });
  });
});

describe('lock-out', () => {
  test(`${LOCK_AFTER_FAILURES} failures lock the account for ${LOCK_MINUTES} minutes, even against the right password`, async () => {
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++) expect((await t.login('operator', 'wrong')).key).toBe('auth.bad-credentials');
    expect(await t.login('operator', 'wrong')).toMatchObject({ code: 429, key: 'auth.locked', params: { minutes: LOCK_MINUTES } });
    expect(await t.login('operator')).toMatchObject({ code: 429, key: 'auth.locked' });
    t.clock.advance(LOCK_MINUTES * 60 - 30);
    expect((await t.login('operator')).code).toBe(429);
    t.clock.advance(31);
    expect((await t.login('operator')).code).toBe(200);
  });

  test('a success clears earlier failures', async () => {
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++) await t.login('agent', 'wrong');
    expect((await t.login('agent')).code).toBe(200);
    expect((await t.login('agent', 'wrong')).key).toBe('auth.bad-credentials');
    expect((await t.login('agent')).code).toBe(200);
  });
});

describe('accounts that may not sign in', () => {
  test('a disabled account is refused', async () => {
    await t.ctx.db.update(users).set({ status: 1 }).where(eq(users.username, 'operator'));
    expect(await t.login('operator')).toMatchObject({ code: 403, key: 'auth.disabled' });
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.username, 'operator'));
  });

  test("a disabled or expired agent's staff are refused, and their open sessions end", async () => {
    const agent = await t.signIn('agent');
    await t.ctx.db
      .update(tenants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.code, 'northwind'));
    expect(await t.login('agent')).toMatchObject({ code: 403, key: 'auth.tenant-disabled' });
    expect((await agent.get('/api/system/auth/get-permission-info')).code).toBe(401);
    await t.ctx.db.update(tenants).set({ expiresAt: null, status: 1 }).where(eq(tenants.code, 'northwind'));
    expect(await t.login('agent')).toMatchObject({ code: 403, key: 'auth.tenant-disabled' });
    await t.ctx.db.update(tenants).set({ status: 0 }).where(eq(tenants.code, 'northwind'));
  });
});

describe('throttling per IP', () => {
  test(`after ${IP_FAILURE_LIMIT} failures in the window an IP is refused, whatever the account`, async () => {
    const fresh = await testApp();
    try {
      for (let i = 0; i < IP_FAILURE_LIMIT; i++) expect((await fresh.login(`ghost-${i}`, 'wrong')).code).toBe(400);
      expect(await fresh.login('admin')).toMatchObject({ code: 429, key: 'auth.throttled' });
      fresh.clock.advance(16 * 60);
      expect((await fresh.login('admin')).code).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
