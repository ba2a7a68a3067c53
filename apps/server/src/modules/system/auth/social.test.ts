import { authApi, type Endpoint, type SocialAuthorizeResult } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginLog, users } from '../schema';
import { checkedEnvelope, requestOf, testApp, TEST_PASSWORD, type InputArgs, type TestApp } from '../../../test/test-app';
import { freePort, startTestProvider, TEST_CLIENT, TestBrowser, type TestProvider } from './oidc-test-provider';
import { TICKET_SECONDS } from './social';

let idp: TestProvider;
let t: TestApp;
let consoleUrl: string;

beforeAll(async () => {
  idp = await startTestProvider();
  const port = await freePort();
  consoleUrl = `http://127.0.0.1:${port}`;
  t = await testApp({
    PORT: String(port),
    LIGHTDESK_PUBLIC_URL: consoleUrl,
    LIGHTDESK_OIDC_PROVIDERS: 'corp,down',
    LIGHTDESK_OIDC_CORP_ISSUER: idp.issuer,
    LIGHTDESK_OIDC_CORP_CLIENT_ID: TEST_CLIENT.id,
    LIGHTDESK_OIDC_CORP_CLIENT_SECRET: TEST_CLIENT.secret,
    LIGHTDESK_OIDC_CORP_NAME: 'Corp ID',
    // A provider nothing answers for: port 1 refuses at once.
    LIGHTDESK_OIDC_DOWN_ISSUER: 'http://127.0.0.1:1',
    LIGHTDESK_OIDC_DOWN_CLIENT_ID: 'x',
    LIGHTDESK_OIDC_DOWN_CLIENT_SECRET: 'x',
  });
  idp.register(`${consoleUrl}/open/auth/oidc/corp/callback`);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** An endpoint called from a browser (its cookies ride along), the answer checked as `ApiClient.send` checks it. */
async function send<E extends Endpoint>(browser: TestBrowser, endpoint: E, token: string | undefined, ...[input]: InputArgs<E>) {
  const { method, path, body } = requestOf(endpoint, input);
  return checkedEnvelope(endpoint, await browser.call(method, path, body, token));
}

/** Signs in with a password in this browser; answers the session token. */
async function passwordSignIn(browser: TestBrowser, username: string) {
  const res = await send(browser, authApi.login, undefined, { username, password: TEST_PASSWORD });
  expect(res.code).toBe(200);
  return res.data.accessToken;
}

/** The whole sign-in round trip: the provider signs `person` in, and the web trades the ticket. */
async function signInThroughProvider(browser: TestBrowser, person: string | { refuses: true }, rememberMe?: boolean) {
  idp.nextPerson(person);
  const start = await send(browser, authApi.socialAuthorize, undefined, { provider: 'corp', redirect: '/system/user', rememberMe });
  expect(start.code).toBe(200);
  const landing = await browser.follow(start.data.url);
  const answer = await send(browser, authApi.socialLogin, undefined, { ticket: landing.get('ticket') ?? '' });
  return { start: new URL(start.data.url), landing, answer };
}

/** The whole linking round trip of a signed-in staff member whose provider account is `person`. */
async function linkThroughProvider(browser: TestBrowser, token: string, person: string) {
  idp.nextPerson(person);
  const start = await send(browser, authApi.socialLinkAuthorize, token, { provider: 'corp', redirect: '/system/user' });
  expect(start.code).toBe(200);
  const landing = await browser.follow(start.data.url);
  expect(landing.get('redirect')).toBe('/system/user');
  return send(browser, authApi.socialLinkFinish, token, { ticket: landing.get('linkTicket') ?? '' });
}

/** A staff member of the platform with no links yet. */
async function newStaff(username: string) {
  const admin = await t.signIn('admin');
  const created = await admin.post<number>('/api/system/user/create', { username, nickname: username, password: TEST_PASSWORD });
  expect(created.code).toBe(200);
  return { id: created.data, admin };
}

const lastLogin = async () => (await t.ctx.db.select().from(loginLog).orderBy(desc(loginLog.id)).limit(1))[0];

describe('what the sign-in screen offers', () => {
  test('the configured providers, by the names the configuration gives them', async () => {
    const res = await t.api.send(authApi.options);
    expect(res.data.socialProviders).toEqual([
      { id: 'corp', name: 'Corp ID' },
      { id: 'down', name: 'down' },
    ]);
  });

  test('an unknown provider is refused by name', async () => {
    expect(await t.api.post('/open/auth/oidc/authorize', { provider: 'nope' })).toMatchObject({
      code: 400,
      key: 'auth.social-not-configured',
      params: { field: 'provider' },
    });
  });

  test('a provider that cannot be reached is said to be unavailable', async () => {
    expect(await t.api.post('/open/auth/oidc/authorize', { provider: 'down' })).toMatchObject({ key: 'auth.social-unavailable' });
  });

  test('a return path leading off the console is refused', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      expect(await t.api.post('/open/auth/oidc/authorize', { provider: 'corp', redirect })).toMatchObject({ code: 400, params: { field: 'redirect' } });
    }
  });
});

describe('signing in through the provider', () => {
  test('a linked person goes authorize → provider login and consent → callback → ticket → session', async () => {
    const admin = new TestBrowser(consoleUrl);
    expect((await linkThroughProvider(admin, await passwordSignIn(admin, 'admin'), 'alice')).data).toMatchObject({ provider: 'corp', name: 'Corp ID' });

    const browser = new TestBrowser(consoleUrl);
    const { start, landing, answer } = await signInThroughProvider(browser, 'alice');
    // Code flow with PKCE, state and nonce.
    expect(Object.fromEntries(start.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: TEST_CLIENT.id,
      scope: 'openid',
      code_challenge_method: 'S256',
      redirect_uri: `${consoleUrl}/open/auth/oidc/corp/callback`,
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(start.searchParams.get(name)).toMatch(/^[\w-]{32,}$/);
    // The address carries a ticket and the way back, never the session.
    expect([...landing.keys()].sort()).toEqual(['redirect', 'ticket']);
    expect(landing.get('redirect')).toBe('/system/user');

    expect(answer.code).toBe(200);
    const session = answer.data;
    expect(session).toMatchObject({ tenantCode: 'saas', idleTimeout: 1800 });
    const info = await send(browser, authApi.permissionInfo, session.accessToken);
    expect(info.data.user.userName).toBe('admin');
    expect(await lastLogin()).toMatchObject({ kind: 'social', result: 'success', username: 'admin', userId: session.userId });
  });

  test('remember me makes the session last longer, as at password sign-in', async () => {
    const { landing, answer } = await signInThroughProvider(new TestBrowser(consoleUrl), 'alice', true);
    expect(landing.get('remember')).toBe('1');
    expect(answer.data.idleTimeout).toBe(7 * 86400);
  });

  test('an identity nobody linked is refused with its own message, and logged', async () => {
    const { answer } = await signInThroughProvider(new TestBrowser(consoleUrl), 'stranger');
    expect(answer).toMatchObject({ code: 403, key: 'auth.social-not-linked', params: { provider: 'Corp ID' }, data: null });
    expect(await lastLogin()).toMatchObject({ kind: 'social', result: 'not-linked', username: 'corp:stranger', userId: null });
  });

  test('a disabled account is refused as at password sign-in', async () => {
    const operator = new TestBrowser(consoleUrl);
    expect((await linkThroughProvider(operator, await passwordSignIn(operator, 'operator'), 'olga')).code).toBe(200);
    await t.ctx.db.update(users).set({ status: 1 }).where(eq(users.username, 'operator'));
    try {
      expect((await signInThroughProvider(new TestBrowser(consoleUrl), 'olga')).answer).toMatchObject({ code: 403, key: 'auth.disabled' });
      expect(await lastLogin()).toMatchObject({ kind: 'social', result: 'disabled', username: 'operator' });
    } finally {
      await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.username, 'operator'));
    }
    expect((await signInThroughProvider(new TestBrowser(consoleUrl), 'olga')).answer.code).toBe(200);
  });

  test('a person who declines at the provider gets a failure, logged', async () => {
    const { landing, answer } = await signInThroughProvider(new TestBrowser(consoleUrl), { refuses: true });
    expect(landing.get('ticket')).toBeTruthy();
    expect(answer).toMatchObject({ code: 400, key: 'auth.social-failed' });
    expect(await lastLogin()).toMatchObject({ kind: 'social', result: 'social-failed', username: 'corp' });
  });
});

describe('what a round trip refuses', () => {
  test('a forged state lands on the sign-in screen with a failure mark and no ticket', async () => {
    const browser = new TestBrowser(consoleUrl);
    // The browser has a round trip of its own under way, so it holds the binding cookie.
    await browser.call('POST', '/open/auth/oidc/authorize', { provider: 'corp' });
    const landing = await browser.follow(`${consoleUrl}/open/auth/oidc/corp/callback?code=made-up&state=forged-state-value`);
    expect(Object.fromEntries(landing)).toEqual({ social: 'failed' });
    expect(await lastLogin()).toMatchObject({ kind: 'social', result: 'social-failed' });
  });

  test('a callback opened in another browser than the one that started is refused (no signing a victim in as someone else)', async () => {
    const attacker = new TestBrowser(consoleUrl);
    idp.nextPerson('alice');
    const start = await attacker.call<SocialAuthorizeResult>('POST', '/open/auth/oidc/authorize', { provider: 'corp' });
    const callback = await attacker.walk(start.data.url, (next) => next.pathname.endsWith('/callback'));
    const victim = new TestBrowser(consoleUrl);
    expect(Object.fromEntries(await victim.follow(callback.href))).toEqual({ social: 'failed' });
    // Nor does the state work a second time for the one who started.
    expect(Object.fromEntries(await attacker.follow(callback.href))).toMatchObject({ ticket: expect.any(String) as string });
    expect(Object.fromEntries(await attacker.follow(callback.href))).toEqual({ social: 'failed' });
  });

  test('a ticket works once, only in the browser that started, and not after it expires', async () => {
    const browser = new TestBrowser(consoleUrl);
    idp.nextPerson('alice');
    const start = await browser.call<SocialAuthorizeResult>('POST', '/open/auth/oidc/authorize', { provider: 'corp' });
    const ticket = (await browser.follow(start.data.url)).get('ticket');

    const elsewhere = await new TestBrowser(consoleUrl).call('POST', '/api/system/auth/social-login', { ticket });
    expect(elsewhere).toMatchObject({ code: 400, key: 'auth.social-ticket-invalid' });
    expect((await browser.call('POST', '/api/system/auth/social-login', { ticket })).code).toBe(200);
    expect(await browser.call('POST', '/api/system/auth/social-login', { ticket })).toMatchObject({ code: 400, key: 'auth.social-ticket-invalid' });
    expect(await lastLogin()).toMatchObject({ kind: 'social', result: 'social-failed' });

    const late = await browser.call<SocialAuthorizeResult>('POST', '/open/auth/oidc/authorize', { provider: 'corp' });
    const lateTicket = (await browser.follow(late.data.url)).get('ticket');
    t.clock.advance(TICKET_SECONDS + 1);
    expect(await browser.call('POST', '/api/system/auth/social-login', { ticket: lateTicket })).toMatchObject({ key: 'auth.social-ticket-invalid' });
  });
});

describe('linking and unlinking on one’s own account', () => {
  test('staff see their links, unlink one, and that identity no longer signs in', async () => {
    const browser = new TestBrowser(consoleUrl);
    const token = await passwordSignIn(browser, 'agent');
    expect((await linkThroughProvider(browser, token, 'bob')).code).toBe(200);
    const listed = await send(browser, authApi.socialLinks, token);
    expect(listed.data).toEqual([{ provider: 'corp', name: 'Corp ID', linkedAt: expect.any(String) as string }]);
    expect((await signInThroughProvider(new TestBrowser(consoleUrl), 'bob')).answer.data).toMatchObject({ tenantCode: 'northwind' });

    expect((await send(browser, authApi.socialUnlink, token, { provider: 'corp' })).code).toBe(200);
    expect((await send(browser, authApi.socialLinks, token)).data).toEqual([]);
    expect((await browser.call('DELETE', '/api/system/auth/social-links/delete?provider=corp', undefined, token)).code).toBe(404);
    expect((await signInThroughProvider(new TestBrowser(consoleUrl), 'bob')).answer.key).toBe('auth.social-not-linked');
  });

  test('each person sees only their own links', async () => {
    const browser = new TestBrowser(consoleUrl);
    const token = await passwordSignIn(browser, 'agent');
    expect((await send(browser, authApi.socialLinks, token)).data).toEqual([]);
  });

  test('an identity linked to someone else, or a second account at the same provider, is refused', async () => {
    const browser = new TestBrowser(consoleUrl);
    const token = await passwordSignIn(browser, 'agent');
    expect(await linkThroughProvider(browser, token, 'alice')).toMatchObject({ code: 409, key: 'auth.social-identity-taken', params: { provider: 'Corp ID' } });
    expect((await linkThroughProvider(new TestBrowser(consoleUrl), token, 'carol')).code).toBe(200);
    expect(await linkThroughProvider(new TestBrowser(consoleUrl), token, 'dave')).toMatchObject({ code: 409, key: 'auth.social-already-linked' });
    // Linking the same identity again changes nothing.
    expect((await linkThroughProvider(new TestBrowser(consoleUrl), token, 'carol')).code).toBe(200);
  });

  test('a link is finished only by the staff member who started it', async () => {
    await newStaff('starter');
    const browser = new TestBrowser(consoleUrl);
    const starterToken = await passwordSignIn(browser, 'starter');
    const operatorToken = await passwordSignIn(browser, 'operator');
    idp.nextPerson('erin');
    const start = await browser.call<SocialAuthorizeResult>('POST', '/api/system/auth/social-links/authorize', { provider: 'corp' }, starterToken);
    const ticket = (await browser.follow(start.data.url)).get('linkTicket');
    expect(await browser.call('POST', '/api/system/auth/social-links/finish', { ticket }, operatorToken)).toMatchObject({ key: 'auth.social-ticket-invalid' });
    // Nor does a link ticket sign anybody in.
    expect(await browser.call('POST', '/api/system/auth/social-login', { ticket })).toMatchObject({ key: 'auth.social-ticket-invalid' });
    expect((await browser.call('POST', '/api/system/auth/social-links/finish', { ticket }, starterToken)).code).toBe(200);
  });

  test('a deleted staff member’s links go with the account', async () => {
    const { id, admin } = await newStaff('leaver');
    const browser = new TestBrowser(consoleUrl);
    expect((await linkThroughProvider(browser, await passwordSignIn(browser, 'leaver'), 'gone')).code).toBe(200);
    expect((await admin.delete('/api/system/user/delete', { id })).code).toBe(200);
    expect((await signInThroughProvider(new TestBrowser(consoleUrl), 'gone')).answer.key).toBe('auth.social-not-linked');
  });
});
