import { authApi, SIGN_IN_BODY_LIMIT, type ConfigEntry, type Page } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginLog, tenants, users } from '../schema';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { createCaptcha } from './captcha';
import { ADDRESS_FAILURE_LIMIT, ADDRESS_WINDOW_MINUTES, FIRST_DELAY_SECONDS, MAX_DELAY_SECONDS } from './password-guessing';

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

  test('the anonymous sign-in calls read small bodies only', async () => {
    const padded = { username: 'admin', password: TEST_PASSWORD, socialCode: 'x'.repeat(SIGN_IN_BODY_LIMIT) };
    for (const e of [authApi.login, authApi.smsLogin, authApi.sendSmsCode, authApi.socialLogin, authApi.socialAuthorize, authApi.updatePassword]) {
      expect(await t.api.post(e.path, padded), e.path).toMatchObject({ code: 400, key: 'common.body-too-large' });
    }
  });

  test('a form-encoded sign-in works as well as JSON', async () => {
    const res = await t.api.raw('POST', '/api/system/auth/login', {
      rawBody: new URLSearchParams({ username: 'admin', password: TEST_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await res.json()).toMatchObject({ code: 200 });
  });

  test('without configured providers the sign-in screen offers none, and starting one is refused', async () => {
    expect((await t.api.send(authApi.options)).data.socialProviders).toEqual([]);
    expect(await t.api.post('/open/auth/oidc/authorize', { provider: 'google' })).toMatchObject({ code: 400, key: 'auth.social-not-configured' });
  });
});

describe('guessing is slowed per username and client address, never locked', () => {
  const MAX_FAILURES = 5; // the seeded security.login.max-failures
  const fail = (username: string, extra: Record<string, unknown> = {}) => t.login(username, 'not-the-password', extra);
  const captcha = async () => {
    const c = await createCaptcha(t.ctx);
    return { captchaVerification: `${c.captchaId}:${c.answer}` };
  };

  test('past the allowed failures each attempt waits a growing delay and must solve the captcha, known or unknown username alike', async () => {
    for (const username of ['operator', 'no-such-user']) {
      for (let i = 0; i < MAX_FAILURES; i++) expect(await fail(username)).toMatchObject({ code: 400, key: 'auth.bad-credentials' });
      // Even the right password waits: the delay is decided before the password is looked at.
      const right = await t.login(username);
      const wrong = await fail(username);
      expect(right).toEqual(wrong);
      expect(wrong).toMatchObject({ code: 429, key: 'auth.throttled', params: { seconds: FIRST_DELAY_SECONDS } });
      t.clock.advance(FIRST_DELAY_SECONDS);
      // Captcha is off in this server, yet demanded now.
      expect(await fail(username)).toMatchObject({ code: 400, key: 'auth.captcha-required', params: { field: 'captchaVerification' } });
      expect(await fail(username, await captcha())).toMatchObject({ code: 400, key: 'auth.bad-credentials' });
      expect(await fail(username, await captcha())).toMatchObject({ code: 429, key: 'auth.throttled', params: { seconds: 2 * FIRST_DELAY_SECONDS } });
      t.clock.advance(2 * FIRST_DELAY_SECONDS);
    }
    // The owner, with the captcha, gets in; the count starts afresh.
    expect((await t.login('operator', TEST_PASSWORD, await captcha())).code).toBe(200);
    expect(await fail('operator')).toMatchObject({ code: 400, key: 'auth.bad-credentials' });
    await t.login('operator');
  });

  test('known and unknown usernames get the same answers in the same time class', async () => {
    const timed = async (username: string) => {
      const started = performance.now();
      const res = await fail(username);
      return { res, ms: performance.now() - started };
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timed('admin');
      const b = await timed(`ghost-${i}`);
      expect(a.res).toEqual(b.res);
      knownTimes.push(a.ms);
      unknownTimes.push(b.ms);
    }
    // Both check a password hash; an unknown name skipping it would answer several times faster.
    expect(median(unknownTimes)).toBeGreaterThan(median(knownTimes) / 3);
    expect(median(knownTimes)).toBeGreaterThan(median(unknownTimes) / 3);
    await t.login('admin');
  });

  test('the delay is capped, so the owner is never locked out for good', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) await fail('agent');
    for (let i = 0; i < 10; i++) {
      t.clock.advance(MAX_DELAY_SECONDS);
      expect((await fail('agent', await captcha())).key).toBe('auth.bad-credentials');
    }
    expect(await fail('agent')).toMatchObject({ code: 429, params: { seconds: MAX_DELAY_SECONDS } });
    t.clock.advance(MAX_DELAY_SECONDS);
    expect((await t.login('agent', TEST_PASSWORD, await captcha())).code).toBe(200);
  });

  test('the allowed failures come from the security.login.max-failures parameter', async () => {
    const admin = await t.signIn('admin');
    const [entry] = (await admin.get<Page<ConfigEntry>>('/api/system/config/page', { key: 'security.login.max-failures' })).data.list;
    const { createdAt: _c, builtIn: _b, ...editable } = entry!;
    expect((await admin.put('/api/system/config/update', { ...editable, value: '2' })).code).toBe(200);
    try {
      for (let i = 0; i < 2; i++) expect((await fail('limit-test')).key).toBe('auth.bad-credentials');
      expect((await fail('limit-test')).key).toBe('auth.throttled');
    } finally {
      await admin.put('/api/system/config/update', { ...editable, value: String(MAX_FAILURES) });
    }
  });

  test('the password-change form is throttled the same way', async () => {
    const change = () => t.api.post('/api/auth/update/password', { username: 'operator', oldPassword: 'not-the-password', newPassword: 'Brand-new-pass1' });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await change()).key).toBe('auth.old-password-wrong');
    expect(await change()).toMatchObject({ code: 429, key: 'auth.throttled' });
    t.clock.advance(FIRST_DELAY_SECONDS);
    await t.login('operator', TEST_PASSWORD, await captcha());
  });
});

describe('client addresses', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await testApp({ TRUSTED_PROXY: '127.0.0.1' });
  });
  afterAll(() => proxied.close());
  const from = (address: string) => proxied.api.withHeaders({ 'x-forwarded-for': address });
  const login = (address: string, password: string) => from(address).post('/api/system/auth/login', { username: 'admin', password });

  test('failures from one address never hold the owner back at their own', async () => {
    for (let i = 0; i < 8; i++) await login('203.0.113.5', 'not-the-password');
    expect(await login('203.0.113.5', TEST_PASSWORD)).toMatchObject({ code: 429, key: 'auth.throttled' });
    expect((await login('198.51.100.7', TEST_PASSWORD)).code).toBe(200);
  });
});

describe('attempts sent at once, to two servers on one database', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await testApp({ TRUSTED_PROXY: '127.0.0.1' });
    two = await one.sibling();
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });
  const atOnce = (count: number, address: string, usernameOf: (i: number) => string) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        (i % 2 ? one : two).api.withHeaders({ 'x-forwarded-for': address }).send(authApi.login, { username: usernameOf(i), password: 'not-the-password' }),
      ),
    );
  const keysOf = (answers: { key?: string }[]) => answers.reduce<Record<string, number>>((n, a) => ({ ...n, [a.key!]: (n[a.key!] ?? 0) + 1 }), {});
  const checkedAt = async (address: string) =>
    (await one.ctx.db.select().from(loginLog).where(eq(loginLog.ip, address))).filter((row) => row.result === 'bad-credentials').length;

  test('of 15 wrong passwords for one username, 5 reach the password check and the rest wait', async () => {
    const answers = await atOnce(15, '203.0.113.20', () => 'operator');
    expect(keysOf(answers)).toEqual({ 'auth.bad-credentials': 5, 'auth.throttled': 10 });
    expect(await checkedAt('203.0.113.20')).toBe(5);
  });

  test(`of ${ADDRESS_FAILURE_LIMIT + 10} failures from one address, whatever the usernames, ${ADDRESS_FAILURE_LIMIT} are counted and the rest refused`, async () => {
    const answers = await atOnce(ADDRESS_FAILURE_LIMIT + 10, '203.0.113.21', (i) => `ghost-${i}`);
    expect(keysOf(answers)).toEqual({ 'auth.bad-credentials': ADDRESS_FAILURE_LIMIT, 'auth.throttled': 10 });
    expect(await checkedAt('203.0.113.21')).toBe(ADDRESS_FAILURE_LIMIT);
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

describe('throttling per client address', () => {
  test(`after ${ADDRESS_FAILURE_LIMIT} failures in the window an address is refused, whatever the account, until the oldest failure ages out`, async () => {
    const fresh = await testApp();
    try {
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) {
        expect((await fresh.login(`ghost-${i}`, 'wrong')).code).toBe(400);
        fresh.clock.advance(10);
      }
      // The first failure, 300 s (and the test's own run time) ago, ages out first.
      const refused = await fresh.login('admin');
      expect(refused).toMatchObject({ code: 429, key: 'auth.throttled' });
      const seconds = Number(refused.params?.seconds);
      expect(seconds).toBeGreaterThan(ADDRESS_WINDOW_MINUTES * 60 - 330);
      expect(seconds).toBeLessThanOrEqual(ADDRESS_WINDOW_MINUTES * 60 - 300);
      fresh.clock.advance(ADDRESS_WINDOW_MINUTES * 60 - 300);
      expect((await fresh.login('admin')).code).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
