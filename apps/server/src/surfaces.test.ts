import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ResultCode } from '@lightdesk/contract';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { AREAS } from './app';
import { bearerToken, type Caller } from './lib/callers';
import { defineRoutes, type Area } from './lib/routes';
import { testApp, type TestApp } from './test/test-app';

/**
 * The app-user and device areas plug their callers in through `Area.authenticators`; a stand-in
 * area with callers of its own proves what each surface does with its own kind of caller.
 */
const APP_TOKEN = 'app-user-token';
const DEVICE_TOKEN = 'device-token';
let authenticatorCalls = 0;
const standIn: Area = {
  name: 'stand-in',
  authenticators: {
    'app-user': async (_ctx, req) => {
      authenticatorCalls++;
      return bearerToken(req.headers.authorization) === APP_TOKEN ? { kind: 'app-user', appUser: { appUserId: 7, sessionId: 1 } } : null;
    },
    device: async (_ctx, req) => {
      authenticatorCalls++;
      return bearerToken(req.headers.authorization) === DEVICE_TOKEN
        ? { kind: 'device', device: { deviceId: 3, tenantId: 1, productKey: 'pk', deviceName: 'gw-1' } }
        : null;
    },
  },
  routes: [
    defineRoutes((r) => {
      const whoAmI = ({ caller }: { caller: Caller }) => ({ kind: caller.kind });
      r.get('/open/app/who-am-i', { appUser: true }, whoAmI);
      r.get('/open/app/public-note', { public: true }, whoAmI);
      r.post('/open/iot/stand-in', { device: true, body: z.object({ messageId: z.string().min(1) }), bodyLimit: 1024 }, whoAmI);
      r.get('/open/public-note', { public: true }, whoAmI);
    }),
  ],
};

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { areas: [...AREAS, standIn] });
});
afterAll(() => t.close());

describe('each surface authenticates its own kind of caller', () => {
  test('an app route admits an app user and refuses a staff token', async () => {
    const staff = await t.signIn('admin');
    expect(await staff.get('/open/app/who-am-i')).toMatchObject({ code: 401 });
    const res = await t.api.raw('GET', '/open/app/who-am-i', { headers: { authorization: `Bearer ${APP_TOKEN}` } });
    expect(await res.json()).toMatchObject({ code: 200, data: { kind: 'app-user' } });
  });

  test('a device route answers plain HTTP statuses, not envelopes', async () => {
    const anonymous = await t.api.raw('POST', '/open/iot/stand-in', { body: { messageId: 'm1' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: 401, key: 'auth.unauthorized' });

    const device = { authorization: `Bearer ${DEVICE_TOKEN}` };
    const bad = await t.api.raw('POST', '/open/iot/stand-in', { body: { messageId: '' }, headers: device });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ key: 'common.bad-input', params: { field: 'messageId' } });

    const tooBig = await t.api.raw('POST', '/open/iot/stand-in', { body: { messageId: 'x'.repeat(2000) }, headers: device });
    expect(tooBig.status).toBe(413);

    const good = await t.api.raw('POST', '/open/iot/stand-in', { body: { messageId: 'm1' }, headers: device });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ kind: 'device' });
  });

  test('public routes identify nobody and never look at a token', async () => {
    const before = authenticatorCalls;
    for (const path of ['/open/public-note', '/open/app/public-note']) {
      const res = await t.api.raw('GET', path, { headers: { authorization: `Bearer ${APP_TOKEN}` } });
      expect(await res.json()).toMatchObject({ code: 200, data: { kind: 'nobody' } });
    }
    expect(authenticatorCalls).toBe(before);
  });

  test('a route cannot declare a caller its surface does not serve', () => {
    const misplaced = [
      defineRoutes((r) => r.get('/open/app/staff-thing', { permission: 'system:user:query' }, () => null)),
      defineRoutes((r) => r.get('/api/system/device-thing', { device: true }, () => null)),
      defineRoutes((r) => r.get('/open/iot/app-thing', { appUser: true }, () => null)),
      defineRoutes((r) => r.get('/elsewhere', { public: true }, () => null)),
    ];
    for (const module of misplaced) expect(() => module(t.ctx)).toThrow();
  });
});

describe('rate limits and back-pressure', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await testApp({ LIGHTDESK_RATE_LIMIT: 'on' }, { areas: [...AREAS, standIn] });
  });
  afterAll(() => limited.close());
  beforeEach(() => limited.clock.toNextMinute());

  test('an anonymous caller over the limit gets 429 with Retry-After, as an envelope on the console', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 121; i++) last = await limited.api.raw('GET', '/open/public-note');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: 429, key: 'common.rate-limited' });
  });

  test('a device over its limit gets a plain 429, and other devices keep their own allowance', async () => {
    const device = { authorization: `Bearer ${DEVICE_TOKEN}` };
    let last: Response | undefined;
    for (let i = 0; i < 601; i++) last = await limited.api.raw('POST', '/open/iot/stand-in', { body: { messageId: `m${i}` }, headers: device });
    expect(last!.status).toBe(429);
    expect(await last!.json()).toMatchObject({ status: 429, key: 'common.rate-limited' });
    expect(last!.headers.get('retry-after')).toBeTruthy();
    // Signed-in callers are counted by who they are, not by the address they share.
    const staff = await limited.signIn('admin');
    expect((await staff.get('/api/system/auth/get-permission-info')).code).toBe(200);
  });

  test('the liveness probe is never rate-limited: counting would make it wait on the database', async () => {
    for (let i = 0; i < 130; i++) expect((await limited.api.raw('GET', '/health')).status, `probe ${i + 1}`).toBe(200);
  });

  test('a server overloaded for seconds refuses the calls that can wait with 503 and Retry-After; signing in, the web app and the liveness probe are still served', async () => {
    // A built web app, so the busy server has its own files to serve beside the API.
    const webRoot = mkdtempSync(path.join(tmpdir(), 'overload-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(webRoot, 'assets/index-Ab12Cd34.js'), 'export {};');
    const busy = await testApp({ LIGHTDESK_OVERLOAD_DELAY_MS: '20' }, { webRoot });
    const hold = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    };
    const canWait = () => busy.api.raw('GET', '/api/system/auth/list-menus');
    try {
      // One long task, as a large query on the embedded database is, sheds nothing: the calls
      // queued behind it are answered once it ends.
      hold(2500);
      expect((await canWait()).status).not.toBe(503);

      // Work arriving faster than it is done holds the event loop again and again.
      let res: Response | undefined;
      for (let i = 0; i < 40 && res?.status !== 503; i++) {
        hold(300);
        res = await canWait();
      }
      expect(res!.status).toBe(503);
      expect(res!.headers.get('retry-after')).toBe('10');
      // Its own code, not 500's "unexpected": the caller may simply try again.
      expect(await res!.json()).toMatchObject({ code: ResultCode.overloaded, key: 'common.overloaded', params: { seconds: 10 } });
      // Still under pressure (the API refuses), the console's shell and chunks are served whole:
      // without them the console cannot start once the load is gone. The liveness probe answers,
      // so an orchestrator does not restart a server that is only busy. A person can still sign
      // in: the sign-in screen's options, its captcha, the platform's name and the sign-in itself are
      // answered.
      hold(300);
      const [api, shell, chunk, health, options, captcha, platform, login] = await Promise.all([
        canWait(),
        fetch(`${busy.base}/`),
        fetch(`${busy.base}/assets/index-Ab12Cd34.js`),
        fetch(`${busy.base}/health`),
        busy.api.raw('GET', '/open/auth/options'),
        busy.api.raw('GET', '/open/captcha'),
        busy.api.raw('GET', '/open/platform-info'),
        busy.login('admin'),
      ]);
      expect(api.status).toBe(503);
      expect([shell.status, await shell.text()]).toEqual([200, '<!doctype html><title>console</title>']);
      expect([chunk.status, await chunk.text()]).toEqual([200, 'export {};']);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      expect([options.status, captcha.status, platform.status]).toEqual([200, 200, 200]);
      expect(login.code).toBe(ResultCode.ok);
    } finally {
      await busy.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
