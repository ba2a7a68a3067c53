import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type LightdeskApp } from '../../app';
import { loadConfig } from '../../config';
import { testApp, type TestApp } from '../../test/test-app';
import { clusterMembers } from './schema';

/** What `/ready` answers a load balancer. */
const ready = async (server: LightdeskApp) => {
  const answer = await server.app.inject({ method: 'GET', url: '/ready' });
  return { status: answer.statusCode, body: answer.json<{ status: string; problems?: string[] }>() };
};

describe('servers sharing a database, with files on local disk', () => {
  let t: TestApp;
  const others: LightdeskApp[] = [];
  const folders: string[] = [];
  /** Another server on the same database, keeping its files in `dataDir`. */
  const another = async (dataDir: string) => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', LIGHTDESK_RATE_LIMIT: 'off', DATA_DIR: dataDir, MQTT_PORT: '0' });
    const server = await buildApp({ config, database: t.database, clock: t.clock, logger: false });
    await server.connections.start();
    others.push(server);
    return server;
  };
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-member-'));
    folders.push(dir);
    return dir;
  };

  beforeAll(async () => {
    t = await testApp({ MQTT_PORT: '0' });
    await t.connections.start();
  });
  afterAll(async () => {
    for (const server of others) await server.connections.stop();
    await t?.connections.stop();
    await t?.close();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a server that cannot read the files another live server wrote is not ready, and says why', async () => {
    expect(await ready(t)).toEqual({ status: 200, body: { status: 'ready' } });
    const apart = await another(folder());
    const answer = await ready(apart);
    expect(answer.status).toBe(503);
    expect(answer.body.problems!.join(' ')).toMatch(/cannot read the files of the server .* STORAGE_URL/);
    // The first cannot read the newcomer's files either.
    expect((await ready(t)).status).toBe(503);

    // Once the server apart has left, the others are ready again.
    await apart.connections.stop();
    others.splice(others.indexOf(apart), 1);
    expect(await ready(t)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  test('servers sharing one folder are ready', async () => {
    const [one, two] = [await another(t.ctx.config.dataDir), await another(t.ctx.config.dataDir)];
    for (const server of [t, one, two]) expect(await ready(server)).toEqual({ status: 200, body: { status: 'ready' } });
    expect(await t.ctx.db.select().from(clusterMembers)).toHaveLength(3);
  });

  test('a member that stopped renewing its row is taken for gone', async () => {
    // A server whose files nobody here can read, that hangs: its row stops being renewed.
    await t.ctx.db.insert(clusterMembers).values({ id: 'hangs', name: 'elsewhere:8080', storageProbe: 'f'.repeat(64) });
    expect((await ready(t)).status).toBe(503);
    await t.ctx.db
      .update(clusterMembers)
      .set({ heartbeatAt: sql`now() - interval '16 seconds'` })
      .where(eq(clusterMembers.id, 'hangs'));
    expect((await ready(t)).status).toBe(200);
  });
});
