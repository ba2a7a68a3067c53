import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { defineRoutes, type Area } from '../routes';
import { rowsOf } from '../sql';
import { testApp, type TestApp } from '../../test/test-app';

const LIMIT = 4;
const WINDOW_SECONDS = 60;

// A public route of the test's own with a small limit.
const probe: Area = {
  name: 'probe',
  routes: [
    defineRoutes((r) => {
      r.get('/open/probe/ping', { public: true, rateLimit: LIMIT, summary: 'Probe' }, () => 'pong');
    }),
  ],
};

/** The warnings the first server logs. */
const warnings: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) warnings.push((JSON.parse(line) as { msg: string }).msg);
    done();
  },
});

// Two servers on one database, as behind a load balancer.
let a: TestApp;
let b: TestApp;
const env = { LIGHTDESK_RATE_LIMIT: 'on', TRUSTED_PROXY: '127.0.0.1' };
beforeAll(async () => {
  a = await testApp(env, { areas: [probe], logger: { level: 'warn', stream: logStream } });
  b = await a.sibling(env, { areas: [probe], logger: false });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const ping = (server: TestApp, address: string) => server.api.withHeaders({ 'x-forwarded-for': address }).raw('GET', '/open/probe/ping');
const served = (responses: Response[]) => responses.filter((res) => res.status === 200).length;
const advanceBoth = (seconds: number) => [a, b].forEach((server) => server.clock.advance(seconds));

describe('servers on one database share each rate limit', () => {
  test('requests arriving together at both servers: no more than the limit is served in all', async () => {
    const responses = await Promise.all(Array.from({ length: 3 * LIMIT }, (_, i) => ping(i % 2 ? a : b, '203.0.113.1')));
    expect(served(responses)).toBe(LIMIT);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(2 * LIMIT);
    // Another address has a count of its own.
    expect((await ping(b, '203.0.113.2')).status).toBe(200);
  });

  test('what one server served counts at the other, and a new window starts afresh at both', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await ping(a, '203.0.113.3')).status).toBe(200);
    const refused = await ping(b, '203.0.113.3');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW_SECONDS);
    advanceBoth(WINDOW_SECONDS);
    expect((await ping(b, '203.0.113.3')).status).toBe(200);
    expect((await ping(a, '203.0.113.3')).status).toBe(200);
  });

  test('ended windows are deleted now and then, so the table holds only the current ones', async () => {
    await ping(a, '203.0.113.4');
    const windows = () => rowsOf<{ key: string }>(a.ctx.db, sql`select key from rate_limit_hits where key like ${'%203.0.113.4'}`);
    expect(await windows()).toHaveLength(1);
    advanceBoth(3 * WINDOW_SECONDS);
    await ping(a, '203.0.113.5');
    await vi.waitFor(async () => expect(await windows()).toEqual([]));
  });
});

describe('when the database cannot count', () => {
  test('requests are served and a warning logged; a caller this server saw past its limit stays refused', async () => {
    for (let i = 0; i < LIMIT; i++) await ping(a, '203.0.113.6');
    expect((await ping(a, '203.0.113.6')).status).toBe(429);
    await a.ctx.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      // Counts only grow within a window: refusing from memory is what the database would answer.
      expect((await ping(a, '203.0.113.6')).status).toBe(429);
      for (let i = 0; i < 2 * LIMIT; i++) expect((await ping(a, '203.0.113.7')).status).toBe(200);
      expect(warnings.filter((msg) => msg.includes('cannot count requests'))).toHaveLength(1);
    } finally {
      await a.ctx.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    expect((await ping(a, '203.0.113.7')).status).toBe(200);
    expect(warnings).toContain('rate limits: counting again');
  });
});
