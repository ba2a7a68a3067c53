import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi, commandApi, commandHistoryApi, iotDeviceApi, jobApi, type Report } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/client';
import { rowsOf } from './lib/sql';
import { MqttGateway } from './modules/device/gateway/mqtt-gateway';
import { gatewayProductId, registerDevice } from './modules/device/directory';
import { eventually, hasMosquitto, startMosquitto, type TestBroker } from './modules/device/mqtt/test-broker';
import { appUsers, storeDevices, stores } from './modules/store/schema';
import { ApiClient } from './test/test-app';
import { startServer, waitForUrl } from './test/server-process';

/**
 * Lightdesk as it runs in production: several server processes on one PostgreSQL, one Mosquitto
 * and one S3 bucket. Run once, on PostgreSQL (processes cannot share an embedded database).
 */
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const PASSWORD = `Cluster-${randomBytes(6).toString('hex')}`;

async function emptyDatabase(): Promise<string> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `ld_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function bucket(): Promise<string> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-cluster-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'cluster' }] });
  const { port } = await s3.run();
  cleanups.push(async () => {
    await s3.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return `s3://cluster?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`;
}

type Server = ReturnType<typeof startServer> & { base?: string };

/** A store with a luminaire and a gateway registered in the cloud, written as the app would have. */
async function storeWithGateway(database: DatabaseHandle, n: number) {
  const { db } = database;
  const [person] = await db
    .insert(appUsers)
    .values({ email: `cluster${n}@example.com`, nickname: `Cluster ${n}`, countryCode: 'NL', passwordHash: 'none' })
    .returning();
  const [tenant] = await rowsOf<{ id: number }>(db, sql`select id from tenants where code = 'saas'`);
  const [store] = await db
    .insert(stores)
    .values({
      meshId: `MCLUSTER${n}`,
      name: `Cluster store ${n}`,
      tenantId: tenant!.id,
      timezone: 'Europe/Amsterdam',
      countryCode: 'NL',
      address: '',
      createdBy: person!.id,
    })
    .returning();
  const [gateway, luminaire] = await db
    .insert(storeDevices)
    .values([
      { storeId: store!.id, kind: 'gateway' as const, uuid: `CG${n}-${randomBytes(3).toString('hex')}`, name: 'Gateway', model: 'hub' },
      { storeId: store!.id, kind: 'luminaire' as const, uuid: `CL${n}-${randomBytes(3).toString('hex')}`, name: 'Light', model: 'luna' },
    ])
    .returning();
  const device = await registerDevice(db, {
    productId: await gatewayProductId(db),
    deviceName: gateway!.uuid,
    tenantId: tenant!.id,
    storeId: store!.id,
    storeDeviceId: gateway!.id,
  });
  return { store: store!, device, luminaire: luminaire! };
}

describe.skipIf(process.env.TEST_DB !== 'postgres' || !hasMosquitto)('three servers on one PostgreSQL, one Mosquitto and one S3 bucket', () => {
  test('they start at once; one hangs mid-ingest and is killed; nothing the broker acknowledged is lost, and commands and jobs still happen once', async () => {
    const broker: TestBroker = await startMosquitto();
    cleanups.push(() => broker.stop());
    const env = {
      DATABASE_URL: await emptyDatabase(),
      MQTT_URL: broker.url,
      STORAGE_URL: await bucket(),
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      LIGHTDESK_ADMIN_PASSWORD: PASSWORD,
      LIGHTDESK_CAPTCHA: 'off',
      LIGHTDESK_RATE_LIMIT: 'off',
      PORT: '0',
    };
    const servers: Server[] = [];
    const start = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-cluster-'));
      const server: Server = startServer({ ...env, DATA_DIR: dataDir });
      servers.push(server);
      cleanups.push(async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      return server;
    };
    const ready = async (server: Server) => {
      server.base = await waitForUrl(server.output, server.child);
      await eventually(async () => {
        const answer = await fetch(`${server.base}/ready`);
        expect(answer.status, JSON.stringify(await answer.json())).toBe(200);
      }, 60_000);
      return server.base;
    };

    // Start at once, on an empty database.
    const [a, b, c] = [start(), start(), start()];
    await Promise.all([a, b, c].map(ready));

    const database = await openDatabase({ url: env.DATABASE_URL });
    cleanups.push(() => database.close());
    const admin = new ApiClient(a.base!);
    const signedIn = await admin.send(authApi.login, { username: 'admin', password: PASSWORD });
    expect(signedIn.code).toBe(200);
    const api = new ApiClient(a.base!, signedIn.data.accessToken);

    // Three stores, each with a gateway on MQTT that carries out the commands it is sent.
    const gateways: { store: Awaited<ReturnType<typeof storeWithGateway>>; mqtt: MqttGateway }[] = [];
    for (let n = 1; n <= 3; n++) {
      const made = await storeWithGateway(database, n);
      // A new secret through the console: the broker account follows at once.
      const { data: credentials } = await api.send(iotDeviceApi.rotateSecret, { id: made.device.id });
      const gateway: MqttGateway = await eventually(() =>
        MqttGateway.connect(`mqtt://127.0.0.1:${broker.port}`, credentials.productKey, credentials.deviceName, credentials.deviceSecret, {
          will: false,
          onMessage: (kind, payload) => {
            if (kind === 'command') void gateway.ack('ack', { jobId: (payload as { jobId: number }).jobId, status: 'ok' });
          },
        }),
      );
      cleanups.push(() => gateway.close());
      gateways.push({ store: made, mqtt: gateway });
    }

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Gateways report steadily; each report the broker acknowledged is noted.
    const acknowledged = new Set<string>();
    let reporting = true;
    const reporters = gateways.map(async ({ store, mqtt }, g) => {
      for (let batch = 0; reporting; batch++) {
        const reports: Report[] = Array.from({ length: 10 }, (_, i) => ({
          id: `g${g}-b${batch}-r${i}`,
          at: new Date().toISOString(),
          device: store.luminaire.uuid,
          kind: 'zone' as const,
          people: 1,
        }));
        await mqtt.report(reports);
        for (const r of reports) acknowledged.add(r.id);
        // About 400 reports a second per gateway: what servers keep up with, as a real cluster would.
        await pause(25);
      }
    });
    await pause(1500);
    // One server hangs with messages in flight, then dies; a replacement starts under a new name.
    b.child.kill('SIGSTOP');
    await pause(3000);
    b.child.kill('SIGKILL');
    const d = start();
    await ready(d);
    await pause(1000);
    reporting = false;
    await Promise.all(reporters);
    expect(acknowledged.size).toBeGreaterThan(300);

    const storedIds = async () =>
      new Set(
        (
          await rowsOf<{ message_id: string }>(
            database.db,
            sql`select message_id from device_reports where sender_id in (${sql.join(
              gateways.map((g) => sql`${g.store.device.id}`),
              sql`, `,
            )})`,
          )
        ).map((r) => r.message_id),
      );
    // The dead server's sessions are adopted once its membership lapses, and drained.
    await eventually(async () => {
      const stored = await storedIds();
      const missing = [...acknowledged].filter((id) => !stored.has(id));
      expect(missing.length, `missing: ${missing.slice(0, 5).join(', ')}…`).toBe(0);
    }, 90_000);
    expect((await storedIds()).size).toBe(acknowledged.size);
    expect([a, c, d].map((s) => s.output()).join('\n')).toContain('adopting the MQTT session of a server that is gone');
    await eventually(async () => {
      const left = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from broker_sessions s where not exists (select 1 from cluster_members m where m.id = s.holder and m.heartbeat_at > now() - interval '15 seconds')`,
      );
      expect(left[0]!.n).toBe(0);
    }, 30_000);

    // A group command through the replacement: every store's gateway acknowledges it.
    const onD = new ApiClient(d.base!, signedIn.data.accessToken);
    const sent = await onD.send(commandApi.send, {
      stores: gateways.map((g) => g.store.store.id),
      target: { kind: 'all' },
      command: { action: 'power', value: 'on' },
    });
    expect(sent.code).toBe(200);
    await eventually(async () => {
      const detail = await api.send(commandHistoryApi.get, { id: sent.data.id });
      expect(detail.data.jobs.map((j) => j.state)).toEqual(['acknowledged', 'acknowledged', 'acknowledged']);
    });

    // A job run asked for on one server is run by exactly one of them.
    const run = await new ApiClient(c.base!, signedIn.data.accessToken).send(jobApi.run, { name: 'system/log-retention' });
    expect(run.code).toBe(200);
    await eventually(async () => {
      const runs = await rowsOf<{ id: number; status: string }>(
        database.db,
        sql`select id, status from job_runs where job_name = 'system/log-retention' and trigger = 'manual'`,
      );
      expect(runs).toEqual([{ id: run.data, status: 'succeeded' }]);
    });
    const twice = await rowsOf(
      database.db,
      sql`select job_name, run_at from job_runs where trigger = 'schedule' group by job_name, run_at having count(*) > 1`,
    );
    expect(twice).toEqual([]);

    for (const server of [a, c, d]) expect((await fetch(`${server.base}/ready`)).status).toBe(200);
  }, 240_000);
});
