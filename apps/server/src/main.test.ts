import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runningConsoleFile, type RunningConsole } from './running-console';
import { killServers, startServer, waitForUrl } from './test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-main-'));
afterAll(() => {
  killServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const login = (base: string, password: string) =>
  fetch(`${base}/api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  }).then((r) => r.json() as Promise<{ code: number }>);

/** A sign-in whose request is on the wire: `sent` settles once the server can see it, `answer` with the reply. */
function loginInFlight(base: string, password: string) {
  const body = JSON.stringify({ username: 'admin', password });
  let sent!: () => void;
  const onWire = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<{ code: number }>((resolve, reject) => {
    const req = http.request(`${base}/api/system/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve(JSON.parse(text) as { code: number }));
    });
    req.on('error', reject);
    req.end(body, sent);
  });
  return { onWire, answer };
}

test('a bad configuration stops the server with a message naming each bad value', async () => {
  const run = startServer({ PORT: 'eighty', LIGHTDESK_CAPTCHA: 'sometimes', DATA_DIR: dataDir });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('PORT must be a whole number');
  expect(run.output()).toContain('LIGHTDESK_CAPTCHA must be one of');
});

test('first start prints a generated admin password once; SIGTERM finishes requests in flight and exits 0; data survives a restart', async () => {
  // Request logging on: the test waits for the server to have taken each sign-in in hand.
  const first = startServer({ PORT: '0', DATA_DIR: dataDir, LIGHTDESK_CAPTCHA: 'off', LOG_LEVEL: 'info' });
  const base = await waitForUrl(first.output, first.child);
  const password = first.output().match(/Sign in as admin \/ (\S+)/)?.[1];
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  // Where `npm run simulate` finds this console and its broker, as the banner says.
  const running = JSON.parse(fs.readFileSync(runningConsoleFile(dataDir), 'utf8')) as RunningConsole;
  expect(running).toMatchObject({
    pid: first.child.pid,
    url: base.replace('localhost', '127.0.0.1'),
    mqttUrl: expect.stringMatching(/^mqtt:\/\/127\.0\.0\.1:\d+$/) as unknown,
  });
  expect(first.output()).toContain(`Devices connect over MQTT at ${running.mqttUrl}`);

  const inFlight = Array.from({ length: 5 }, () => loginInFlight(base, password!));
  await Promise.all(inFlight.map((r) => r.onWire));
  // A request still unread when the signal lands is refused with 503 (the server is closing);
  // one the server has started on is finished. Argon2 keeps each sign-in busy for a while, so
  // the signal lands while they are being served.
  const received = () => first.output().match(/"url":"\/api\/system\/auth\/login"[^\n]*"msg":"incoming request"/g)?.length ?? 0;
  await expect.poll(received, { timeout: 60_000 }).toBe(5);
  first.child.kill('SIGTERM');
  expect((await Promise.all(inFlight.map((r) => r.answer))).map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
  expect(await first.exited).toBe(0);
  expect(fs.existsSync(runningConsoleFile(dataDir))).toBe(false);

  const second = startServer({ PORT: '0', DATA_DIR: dataDir, LIGHTDESK_CAPTCHA: 'off' });
  const again = await waitForUrl(second.output, second.child);
  expect(second.output()).not.toContain(password);
  expect((await login(again, password!)).code).toBe(200);
  second.child.kill('SIGINT');
  expect(await second.exited).toBe(0);
}, 240_000);
