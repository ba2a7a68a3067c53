import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LINK_SIGNATURE } from './lib/storage';
import { testApp, type TestApp } from './test/test-app';

/** What the server logs, one parsed line each. */
const logged: { msg?: string; req?: { url?: string } }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line) as (typeof logged)[number]);
    done();
  },
});
const loggedUrl = (path: string) => logged.find((line) => line.req?.url?.startsWith(`${path}?`))?.req?.url;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { logger: { level: 'info', stream: logStream } });
});
afterAll(() => t.close());

test("a signed file link's signature stays out of the request log; the file's path and the link's expiry are there", async () => {
  const link = await t.ctx.files.links.link('ab'.repeat(32));
  const [path, query] = link.split('?') as [string, string];
  const signature = new URLSearchParams(query).get(LINK_SIGNATURE)!;
  expect(signature.length).toBeGreaterThan(20);
  await fetch(new URL(link, t.base));
  expect(loggedUrl(path)).toBe(`${path}?expires=${new URLSearchParams(query).get('expires')}&${LINK_SIGNATURE}=[hidden]`);
  expect(JSON.stringify(logged)).not.toContain(signature);
});

test("a firmware download's signature stays out of it too, however the parameter's name is written", async () => {
  const path = '/open/ota/download/1';
  await fetch(`${t.base}${path}?device=lamp-7&expires=9999999999&${LINK_SIGNATURE}=first-secret-value`);
  await fetch(`${t.base}${path}?device=lamp-8&sig%6Eature=second-secret-value`);
  const urls = logged.flatMap((line) => (line.req?.url?.startsWith(path) ? [line.req.url] : []));
  expect(urls).toEqual([`${path}?device=lamp-7&expires=9999999999&${LINK_SIGNATURE}=[hidden]`, `${path}?device=lamp-8&sig%6Eature=[hidden]`]);
  expect(JSON.stringify(logged)).not.toMatch(/first-secret-value|second-secret-value/);
});
