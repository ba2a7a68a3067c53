import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultMigrationsFolder } from './db/client';
import { killServers, startServer, waitForUrl } from './test/server-process';

// Several server processes on one database server: PGlite is embedded in a single process, so this is PostgreSQL's alone.
describe.runIf(process.env.TEST_DB === 'postgres')('servers started together', () => {
  const name = `ld_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let url: string;
  // One folder for all, as servers of a cluster share their files.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-together-'));
  const servers: ReturnType<typeof startServer>[] = [];

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(process.env.TEST_DATABASE_URL!);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(async () => {
    killServers();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('three servers starting at once on an empty database all come up; one migrates and seeds, once', async () => {
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: '0',
      LIGHTDESK_CAPTCHA: 'off',
      LIGHTDESK_DEMO: '1',
      LIGHTDESK_DEMO_HISTORY_DAYS: '0',
    };
    servers.push(startServer(env), startServer(env), startServer(env));
    const bases = await Promise.all(servers.map((s) => waitForUrl(s.output, s.child)));

    for (const base of bases) {
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'ready' });
    }

    // The first server made the admin account and shows its password; the others made none and say so.
    const shown = servers.map((s) => s.output().match(/Sign in as admin \/ (\S+)/)?.[1]).filter((p) => p !== undefined);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(servers.filter((s) => s.output().includes('the admin password shown on first start'))).toHaveLength(2);
    for (const base of bases) {
      const signIn = await fetch(`${base}/api/system/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: shown[0] }),
      });
      expect(((await signIn.json()) as { code: number }).code).toBe(200);
    }

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const one = async (query: string) => (await db.query(query)).rows[0] as Record<string, number>;
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(defaultMigrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(await one('select count(*)::int as rows, count(distinct hash)::int as migrations from drizzle.__drizzle_migrations')).toEqual({
        rows: journal.entries.length,
        migrations: journal.entries.length,
      });
      const staff = await db.query(
        `select lower(username) as username, count(*)::int as n from users where lower(username) in ('admin', 'operator', 'agent') group by 1 order by 1`,
      );
      expect(staff.rows).toEqual([
        { username: 'admin', n: 1 },
        { username: 'agent', n: 1 },
        { username: 'operator', n: 1 },
      ]);
      expect(await one(`select count(*)::int as n from tenants where code in ('saas', 'northwind')`)).toEqual({ n: 2 });
      // The demo stores once each: a second seeding would repeat their names.
      const stores = await one('select count(*)::int as rows, count(distinct name)::int as names from stores');
      expect(stores.rows).toBeGreaterThan(0);
      expect(stores.rows).toBe(stores.names);
    } finally {
      await db.end();
    }

    for (const server of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0, 0]);
  }, 240_000);
});
