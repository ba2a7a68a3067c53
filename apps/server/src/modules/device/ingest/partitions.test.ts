import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../../db/client';
import { rowsOf } from '../../../lib/sql';
import { storeWithGateway } from '../../../test/devices';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { deviceReportMessages, deviceReports } from '../schema';
import { reportRetentionJob } from '../status/jobs';
import { ingestReports } from './ingest';
import { DROP_LOCK, dropReportsBefore, ensureReportPartitions } from './partitions';

const DAY_MS = 86_400_000;
const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let tenants: Awaited<ReturnType<typeof tenantIds>>;
/** The test's database as another server would open it (PostgreSQL), with what it sets on connecting. */
let urlOf: (options?: string) => Promise<string>;
const opened: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  t = await testApp();
  tenants = await tenantIds(t);
  urlOf = async (options) => {
    const [row] = await rowsOf<{ name: string }>(t.ctx.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    if (options) url.searchParams.set('options', options);
    return url.toString();
  };
});
afterAll(async () => {
  for (const handle of opened) await handle.close();
  await t.close();
});

/** Another server's connection pool on the same database; PGlite has only its one connection. */
async function anotherServer(options?: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ url: await urlOf(options) });
  opened.push(handle);
  return handle;
}

const runRetention = () => reportRetentionJob.run({ ctx: t.ctx, payload: undefined, attempt: 1, runId: 0, signal: new AbortController().signal });
const daysAgo = (n: number) => new Date(t.clock.now().getTime() - n * DAY_MS);
const dayOf = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

let serial = 0;
type Sender = Awaited<ReturnType<typeof storeWithGateway>>;
const sender = () => storeWithGateway(t, { tenantId: tenants.northwind });
/**
 * Stores `count` reports of the sender a second apart from `at`, straight into the table as a
 * busy day's ingest would have; `partition` first makes the day's partition, else they land in
 * the default partition.
 */
async function reportsAt(s: Sender, at: Date, count: number, { partition = true } = {}) {
  if (partition) await ensureReportPartitions(t.ctx.db, [at.getTime()]);
  await t.ctx.db.execute(sql`
    insert into device_reports (tenant_id, store_id, sender_id, subject, kind, message_id, reported_at, payload)
    select ${s.device.tenantId}, ${s.store.id}, ${s.device.id}, ${s.device.deviceName}, 'heartbeat', ${`r${++serial}-`} || n,
      ${at.toISOString()}::timestamptz + n * interval '1 second', '{}'::jsonb
    from generate_series(0, ${count - 1}) n`);
}
const reportsOf = async (s: Sender, db: Database = t.ctx.db) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceReports)
      .where(eq(deviceReports.senderId, s.device.id))
  )[0]!.n;
const heartbeat = (s: Sender, at = t.clock.now()) => ({ id: `h${++serial}`, at: at.toISOString(), device: s.device.deviceName, kind: 'heartbeat' as const });

describe('report retention', () => {
  test('whole days older than the retention period go, with the old reports of the default partition; every other report stays', async () => {
    const [old, kept] = [await sender(), await sender()];
    await reportsAt(old, daysAgo(400), 3000); // a busy day
    await reportsAt(old, daysAgo(380), 2);
    await reportsAt(old, daysAgo(500), 2, { partition: false });
    // The day the cutoff (365 days by default) falls in is kept whole, before the cutoff too.
    await reportsAt(kept, dayOf(daysAgo(365)), 1);
    await reportsAt(kept, daysAgo(364), 1);
    await reportsAt(kept, daysAgo(5), 1, { partition: false });
    expect(await kept.gateway.report([heartbeat(kept, daysAgo(2)), heartbeat(kept)])).toEqual({ stored: 2, duplicates: 0 });

    expect(await runRetention()).toEqual({ reports: 3004 });
    expect(await reportsOf(old)).toBe(0);
    expect(await reportsOf(kept)).toBe(5);
    // A late report of a dropped day is refused: nothing makes the day again.
    expect((await old.gateway.request('POST', '/open/iot/report', { reports: [heartbeat(old, daysAgo(400))] })).status).toBe(400);
    const [made] = await rowsOf<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from pg_class where relname like ${`%${dayOf(daysAgo(400)).toISOString().slice(0, 10).replaceAll('-', '')}`}`,
    );
    expect(made!.n).toBe(0);
    expect(await runRetention()).toEqual({ reports: 0 });
    expect(await reportsOf(kept)).toBe(5);
  });

  test('a day left detached by a run cut short is counted and dropped by the next run', async () => {
    const s = await sender();
    const day = dayOf(daysAgo(420));
    await reportsAt(s, day, 10);
    const name = `device_reports_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
    // Where a run stops between detaching the day and dropping it.
    await t.ctx.db.execute(sql`alter table device_reports detach partition ${sql.identifier(name)}`);
    await t.ctx.db.execute(sql`alter table ${sql.identifier(name)} rename to ${sql.identifier(name.replace('reports_', 'reports_detached_'))}`);
    expect(await reportsOf(s)).toBe(0);

    expect(await runRetention()).toEqual({ reports: 10 });
    const [left] = await rowsOf<{ tables: number }>(t.ctx.db, sql`select count(*)::int as tables from pg_class where relname like ${`%${name.slice(-8)}`}`);
    expect(left!.tables).toBe(0);
  });

  test('two servers dropping at once while reports arrive remove each old report once and keep every new one', async () => {
    const s = await sender();
    for (const days of [400, 399, 398]) await reportsAt(s, daysAgo(days), 500);
    await reportsAt(s, daysAgo(600), 700, { partition: false });
    const other = onPostgres ? (await anotherServer()).db : t.ctx.db;
    const before = daysAgo(365);

    const [a, b, ...ingested] = await Promise.all([
      dropReportsBefore(t.ctx.db, before),
      dropReportsBefore(other, before),
      ...[0, 1, 2].map(() => s.gateway.report([heartbeat(s), heartbeat(s, daysAgo(1))])),
    ]);
    expect(a + b).toBe(2200);
    expect(ingested.every((r) => r.stored === 2)).toBe(true);
    expect(await reportsOf(s)).toBe(6);
  });

  test('a message id is remembered for the retention period and a day after it arrived, then forgotten', async () => {
    const s = await sender();
    const remember = (id: string, receivedAt: Date) => t.ctx.db.insert(deviceReportMessages).values({ senderId: s.device.id, messageId: id, receivedAt });
    await remember('kept', new Date(daysAgo(366).getTime() + 60_000));
    await remember('forgotten', new Date(daysAgo(366).getTime() - 60_000));
    // More than one batch of them.
    await t.ctx.db.execute(sql`
      insert into device_report_messages (sender_id, message_id, received_at)
      select ${s.device.id}, 'old-' || n, ${daysAgo(400).toISOString()}::timestamptz from generate_series(1, 2500) n`);

    await runRetention();
    const left = await t.ctx.db.select({ id: deviceReportMessages.messageId }).from(deviceReportMessages).where(eq(deviceReportMessages.senderId, s.device.id));
    expect(left.map((m) => m.id)).toEqual(['kept']);
    expect(await s.gateway.report([{ ...heartbeat(s), id: 'kept' }])).toEqual({ stored: 0, duplicates: 1 });
    expect(await s.gateway.report([{ ...heartbeat(s), id: 'forgotten' }])).toEqual({ stored: 1, duplicates: 0 });
  });
});

/**
 * What an ingest waits for while the retention works. Only PostgreSQL runs transactions side by
 * side; PGlite's one connection takes statements in turn, so nothing there waits on a lock.
 * Each check holds a step of the drop open from another connection, then ingests from a server
 * whose connections give up after waiting 5 s for a lock: the ingest must not have to.
 */
describe.runIf(onPostgres)('report retention beside ingest', () => {
  let blocker: Database;
  let probe: DatabaseHandle;
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: await urlOf() });
    await client.connect();
    opened.push({ close: () => client.end() });
    blocker = drizzle(client);
    probe = await anotherServer('-c lock_timeout=5000');
  });

  /** True once some statement of the test's database waits for a lock; false if `done` first. */
  async function aLockIsAwaited(done: () => boolean) {
    while (!done()) {
      const [row] = await rowsOf<{ waiting: boolean }>(
        probe.db,
        sql`select exists(select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()) as waiting`,
      );
      if (row!.waiting) return true;
      await sleep(20);
    }
    return false;
  }

  /** Holds a step of the drop of a busy day open with `hold`, and ingests meanwhile. */
  async function ingestWhileHeld(hold: SQL) {
    const s = await sender();
    await reportsAt(s, daysAgo(400), 2000);
    await reportsAt(s, daysAgo(700), 20, { partition: false });
    await blocker.execute(sql`begin`);
    let dropping: Promise<number> | undefined;
    try {
      await blocker.execute(hold);
      let done = false;
      dropping = dropReportsBefore(t.ctx.db, daysAgo(365)).finally(() => (done = true));
      expect(await aLockIsAwaited(() => done), 'the drop waits for the held step').toBe(true);
      const now = t.clock.now();
      expect(await ingestReports(probe.db, s.device, [heartbeat(s, now)], now)).toEqual({ stored: 1, duplicates: 0 });
    } finally {
      await blocker.execute(sql`commit`);
    }
    expect(await dropping).toBe(2020);
    expect(await reportsOf(s)).toBe(1);
  }

  test('a long read of the reports makes the drop wait for it, not the ingests', async () => {
    await ingestWhileHeld(sql`select 1 from device_reports limit 1`);
  });

  test('old reports of the default partition are deleted while ingests go on', async () => {
    await ingestWhileHeld(sql`select 1 from device_reports_default where reported_at < now() - interval '600 days' limit 1 for update`);
  });

  test('a busy day is counted and dropped while ingests go on', async () => {
    await ingestWhileHeld(sql`select pg_advisory_xact_lock(${DROP_LOCK})`);
  });
});
