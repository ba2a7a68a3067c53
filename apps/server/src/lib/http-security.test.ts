import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { menuApi, ResultCode } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** The policy as directive → sources. */
function policyOf(res: Response): Record<string, string[]> {
  const directives = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim().split(/\s+/));
  const entries = directives.filter(([name]) => name).map(([name, ...sources]): [string, string[]] => [name!, sources]);
  return Object.fromEntries(entries);
}

describe('security headers', () => {
  test('every kind of answer carries them: data, refusal, bad input, unknown path', async () => {
    const answers = [
      await t.api.raw('GET', '/open/auth/options'),
      await t.api.raw('GET', '/api/system/auth/get-permission-info'),
      await t.api.raw('POST', '/api/system/auth/login', { body: { username: '' } }),
      await t.api.raw('GET', '/api/no-such-route'),
      await t.api.raw('GET', '/health'),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), res.url).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(policyOf(res)['frame-ancestors'], res.url).toEqual(["'none'"]);
    }
  });

  test('scripts run only from the console’s own files: no inline scripts, no eval, no event attributes', async () => {
    const policy = policyOf(await t.api.raw('GET', '/open/auth/options'));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    // The captcha is a data: image; the brand videos are the console's own files.
    expect(policy['img-src']).toContain('data:');
    expect(policy['media-src']).toEqual(["'self'"]);
  });
});

describe('embedded menu pages', () => {
  test('the console frames the sites its enabled menu entries embed, and no other; API answers frame nothing', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'framed-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
    const app = await testApp({}, { webRoot });
    try {
      const admin = await app.signIn('admin');
      let n = 0;
      const entry = (path: string, status = 0) => ({ parentId: 0, name: `Embedded page ${++n}`, type: 'M' as const, path, status });
      for (const values of [
        entry('https://Dashboards.example.com/board/7?x=1'),
        entry('https://docs.example.com/a'),
        entry('https://docs.example.com/b'),
        entry('http://retired.example.com', 1),
      ]) {
        const created = await admin.send(menuApi.create, values);
        expect(created.code, created.egMsg).toBe(ResultCode.ok);
      }

      const framed = policyOf(await fetch(`${app.base}/`))['frame-src'];
      expect(framed).toEqual(["'self'", 'https://dashboards.example.com', 'https://docs.example.com']);
      expect(policyOf(await fetch(`${app.base}/index.html`))['frame-src']).toEqual(framed);
      // Only the console's page embeds: answers of the API keep the fixed policy.
      expect(policyOf(await app.api.raw('GET', '/open/auth/options'))['frame-src']).toEqual(["'self'"]);
      // Nobody frames the console itself, whatever it frames.
      expect(policyOf(await fetch(`${app.base}/`))['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('client address', () => {
  // Observed through the per-address rate limit of the captcha: a fresh address has a fresh allowance.
  const exhaust = async (app: TestApp, address: string) => {
    for (;;) {
      const res = await app.api.raw('GET', '/open/captcha', { headers: { 'x-forwarded-for': address } });
      if (res.status === 429) return;
    }
  };
  const limited = async (app: TestApp, address: string) =>
    (await app.api.raw('GET', '/open/captcha', { headers: { 'x-forwarded-for': address } })).status === 429;

  test('without a trusted proxy, X-Forwarded-For is ignored: the socket address counts', async () => {
    const app = await testApp({ LIGHTDESK_RATE_LIMIT: 'on' });
    app.clock.toNextMinute();
    try {
      await exhaust(app, '203.0.113.1');
      expect(await limited(app, '198.51.100.2')).toBe(true);
    } finally {
      await app.close();
    }
  });

  test('behind a trusted proxy, the address it forwards counts', async () => {
    const app = await testApp({ LIGHTDESK_RATE_LIMIT: 'on', TRUSTED_PROXY: '127.0.0.0/8' });
    app.clock.toNextMinute();
    try {
      await exhaust(app, '203.0.113.1');
      expect(await limited(app, '203.0.113.1')).toBe(true);
      expect(await limited(app, '198.51.100.2')).toBe(false);
      // A proxy outside the list is not believed: a client's own header cannot pick an address.
      expect(await limited(app, '198.51.100.3, 203.0.113.1')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
