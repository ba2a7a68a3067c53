import { setTimeout as sleep } from 'node:timers/promises';
import { lt, sql } from 'drizzle-orm';
import { bigint, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { deleteInBatches } from '../../../lib/jobs';
import { rowsOf } from '../../../lib/sql';

const DAY_MS = 86_400_000;
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const isoDay = (day: number) => new Date(day).toISOString().slice(0, 10);

/**
 * Changing the partitions locks the whole table, while each ingest holds it and then waits for
 * device rows another ingest holds: a cycle. Ingests hold this lock shared and partition changes
 * take it alone, so a change waits for the ingests in flight and new ingests wait for the change.
 */
export const PARTITIONS_LOCK = sql`hashtext('lightdesk:device-report-partitions')`;

/** Taken by the retention alone, so two servers never both count and drop one detached day. */
export const DROP_LOCK = sql`hashtext('lightdesk:device-report-drop')`;

/** The days (UTC) each database already has a partition for, so a batch costs no catalogue look-up. */
const known = new WeakMap<Database, Set<number>>();

/**
 * Makes the daily partitions of `device_reports` for the given times where missing (the
 * database functions are in the migration). A report dated where no partition exists lands in
 * the default partition; a day that already has rows there keeps them there.
 */
export async function ensureReportPartitions(db: Database, times: Iterable<number>): Promise<void> {
  let days = known.get(db);
  if (!days) known.set(db, (days = new Set()));
  const missing = [...new Set([...times].map(dayStart))].filter((d) => !days.has(d));
  for (const day of missing) {
    const make = () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
        await tx.execute(sql`select device_reports_make_day(${isoDay(day)}::date)`);
      });
    // Two servers making the same day at once: the one that fails finds it made on a second try.
    await make().catch(make);
    days.add(day);
  }
}

/**
 * A day's partition is `device_reports_YYYYMMDD`; once detached for dropping it is renamed
 * `device_reports_detached_YYYYMMDD`, so a report of that day arriving meanwhile gets a new
 * partition of its own and a drop cut short is finished by the next run. Names are only ever
 * made here from a day, so they are digits and underscores and safe to quote as identifiers.
 */
const partitionName = (day: number, detached = false) => `device_reports_${detached ? 'detached_' : ''}${isoDay(day).replaceAll('-', '')}`;
const NAME = /^device_reports_(detached_)?(\d{4})(\d{2})(\d{2})$/;

/** The day partitions and detached days there are, read from the catalogue. */
async function reportTables(db: Database): Promise<{ day: number; detached: boolean }[]> {
  const rows = await rowsOf<{ name: string; attached: boolean }>(
    db,
    sql`select c.relname as name, c.relispartition as attached from pg_class c
        where c.relkind = 'r' and c.relnamespace = (select relnamespace from pg_class where oid = 'device_reports'::regclass)
          and c.relname ~ '^device_reports_(detached_)?[0-9]{8}$'`,
  );
  return rows.flatMap(({ name, attached }) => {
    const [, detached, y, m, d] = NAME.exec(name) ?? [];
    const day = Date.UTC(Number(y), Number(m) - 1, Number(d));
    // Anything else by that pattern (a date that does not exist, a detached table still attached) is not ours.
    if (Number.isNaN(day) || partitionName(day, !!detached) !== name || attached === !!detached) return [];
    return [{ day, detached: !!detached }];
  });
}

/**
 * How long detaching a day may wait for each lock. Ingests wait behind it meanwhile, so it gives
 * up soon (a long read of the reports holds the table) and tries again after a pause.
 */
const DETACH_LOCK_TIMEOUT = '500ms';
const DETACH_TRIES = 10;
const DETACH_PAUSE_MS = 1000;
const LOCK_NOT_AVAILABLE = '55P03';

/** The SQLSTATE of a database error, however the driver and Drizzle wrapped it. */
export const sqlStateOf = (error: unknown) => {
  for (let e = error, depth = 0; e instanceof Object && depth < 3; e = (e as { cause?: unknown }).cause, depth++)
    if ('code' in e && typeof e.code === 'string') return e.code;
  return undefined;
};

/**
 * Takes a day's partition out of `device_reports`: the only step that locks the table against
 * ingests, and only for the catalogue change. PostgreSQL cannot detach concurrently from a table
 * that has a default partition, so this takes the brief exclusive lock, and gives up rather than
 * hold ingests while it waits for it.
 */
async function detachDay(db: Database, day: number, signal?: AbortSignal): Promise<void> {
  const name = partitionName(day);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('lock_timeout', ${DETACH_LOCK_TIMEOUT}, true)`);
        await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
        // Another server's retention may have detached it meanwhile.
        const [row] = await rowsOf<{ attached: boolean }>(
          tx,
          sql`select exists(select 1 from pg_inherits where inhrelid = to_regclass(${name}) and inhparent = 'device_reports'::regclass) as attached`,
        );
        if (!row?.attached) return;
        await tx.execute(sql`alter table device_reports detach partition ${sql.identifier(name)}`);
        await tx.execute(sql`alter table ${sql.identifier(name)} rename to ${sql.identifier(partitionName(day, true))}`);
      });
    } catch (error) {
      if (sqlStateOf(error) !== LOCK_NOT_AVAILABLE || attempt === DETACH_TRIES) throw error;
      await sleep(DETACH_PAUSE_MS, undefined, { signal });
    }
  }
}

/**
 * Counts and drops a detached day. Nothing but the retention reads or writes a detached table,
 * so however long the count of a big day takes, no ingest waits for it. Answers the reports it
 * removed: none when another server's retention dropped the day first.
 */
async function dropDetachedDay(db: Database, day: number): Promise<number> {
  const name = partitionName(day, true);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DROP_LOCK})`);
    const [present] = await rowsOf<{ present: boolean }>(tx, sql`select to_regclass(${name}) is not null as present`);
    if (!present?.present) return 0;
    const [row] = await rowsOf<{ n: number | string }>(tx, sql`select count(*) as n from ${sql.identifier(name)}`);
    await tx.execute(sql`drop table ${sql.identifier(name)}`);
    return Number(row?.n ?? 0);
  });
}

/** The default partition on its own, to delete its old rows in batches. */
const defaultPartition = pgTable('device_reports_default', {
  id: bigint('id', { mode: 'number' }).notNull(),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
});

const MESSAGE_BATCH = 1000;

/**
 * Forgets the message ids that first arrived more than a day before `before`, a batch at a time
 * by the index of their arrival. A day later than the reports, since a report may be dated
 * minutes after it arrived: an id goes only once its first report is older than the report
 * window, so a resend at that report's own time is refused as too old, never stored again.
 */
async function forgetMessagesBefore(db: Database, before: Date, signal?: AbortSignal): Promise<void> {
  const cutoff = new Date(before.getTime() - DAY_MS).toISOString();
  for (;;) {
    signal?.throwIfAborted();
    const [gone] = await rowsOf<{ n: number }>(
      db,
      sql`with gone as (
            delete from device_report_messages where (sender_id, message_id) in (
              select sender_id, message_id from device_report_messages where received_at < ${cutoff}::timestamptz order by received_at limit ${MESSAGE_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    if (gone!.n < MESSAGE_BATCH) return;
  }
}

/**
 * Drops the daily partitions wholly before `before` and older rows of the default partition,
 * and forgets the message ids of reports that old; answers the reports removed. Ingests wait for
 * none of its work but the moment each day's partition is detached: the old rows of the default
 * partition and the old ids go in small batches, and each day is counted and dropped once detached.
 */
export async function dropReportsBefore(db: Database, before: Date, signal?: AbortSignal): Promise<number> {
  known.delete(db);
  await forgetMessagesBefore(db, before, signal);
  let removed = await deleteInBatches(db, defaultPartition, defaultPartition.id, lt(defaultPartition.reportedAt, before), { batchSize: 500, signal });
  // Days left detached go first, so detaching a later partition of the same day finds the name free.
  const tables = (await reportTables(db)).sort((a, b) => Number(b.detached) - Number(a.detached));
  for (const { day, detached } of tables) {
    // A detached day is left from a drop cut short: it goes whatever its date.
    if (!detached && day + DAY_MS > before.getTime()) continue;
    signal?.throwIfAborted();
    if (!detached) await detachDay(db, day, signal);
    removed += await dropDetachedDay(db, day);
  }
  return removed;
}
