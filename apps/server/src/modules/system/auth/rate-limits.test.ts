import { authApi } from '@lightdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { systemArea } from '..';
import { defineRoutes } from '../../../lib/routes';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

// A signed-in route with a small limit, beside the real ones, to show whose bucket a request uses.
const probe = {
  name: 'probe',
  routes: [
    defineRoutes((r) => {
      r.get('/api/probe/ping', { signedIn: true, rateLimit: 3, summary: 'Probe' }, () => 'pong');
    }),
  ],
};

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ LIGHTDESK_RATE_LIMIT: 'on', TRUSTED_PROXY: '127.0.0.1' }, { areas: [systemArea, probe] });
});
afterAll(() => t.close());
beforeEach(() => t.clock.toNextMinute());

const from = (address: string, client: ApiClient = t.api) => client.withHeaders({ 'x-forwarded-for': address });

/** The answer of the first request past the limit, after `limit` that pass it. */
async function pastTheLimit(limit: number, call: () => Promise<Response>) {
  for (let i = 0; i < limit; i++) expect((await call()).status, `request ${i + 1} of ${limit}`).not.toBe(429);
  return call();
}

async function expectRateLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await res.json()).toMatchObject({ code: 429, key: 'common.rate-limited', params: { seconds: Number(res.headers.get('retry-after')) } });
}

describe('anonymous sign-in calls are limited per client address', () => {
  const cases = [
    [authApi.login, { username: 'nobody', password: 'x' }],
    [authApi.smsLogin, { mobile: '13999999999', code: '000000' }],
    [authApi.sendSmsCode, { mobile: '13999999999' }],
    [authApi.captcha, undefined],
    [authApi.updatePassword, { username: 'nobody', oldPassword: 'x', newPassword: 'Brand-new-pass1' }],
  ] as const;

  // An endpoint that lost its own limit is expected to refuse at once, and fails.
  test.each(cases.map(([e, body], i) => [e.method, e.path, e.rateLimit ?? 0, body, i] as const))(
    '%s %s answers 429 with Retry-After past its limit',
    async (method, path, limit, body, i) => {
      const address = `203.0.113.${i + 10}`;
      await expectRateLimited(await pastTheLimit(limit, () => from(address).raw(method, path, { body })));
      // Another address still gets through.
      expect((await from('198.51.100.1').raw(method, path, { body })).status).not.toBe(429);
    },
  );
});

describe('servers on one database share the limits', () => {
  test('captchas asked of two servers at once: one address gets its allowance once, not once per server', async () => {
    const other = await t.sibling();
    other.clock.setTo(t.clock.now());
    try {
      const allowance = authApi.captcha.rateLimit!;
      const answers = await Promise.all(
        Array.from({ length: 2 * allowance }, (_, i) => from('203.0.113.40', i % 2 ? t.api : other.api).raw('GET', authApi.captcha.path)),
      );
      expect(answers.filter((res) => res.status === 200)).toHaveLength(allowance);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(allowance);
    } finally {
      await other.close();
    }
  });
});

describe('signed-in calls are limited per caller', () => {
  test('one staff member past the limit does not hold back another at the same address', async () => {
    const admin = from('192.0.2.1', await t.signIn('admin'));
    const operator = from('192.0.2.1', await t.signIn('operator'));
    await expectRateLimited(await pastTheLimit(3, () => admin.raw('GET', '/api/probe/ping')));
    expect((await operator.raw('GET', '/api/probe/ping')).status).toBe(200);
  });
});
