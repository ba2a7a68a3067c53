import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../lib/sql';

const DAY_MS = 86_400_000;
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * Changing the partitions locks the whole table, while each ingest holds it and then waits for
 * device rows another ingest holds: a cycle. Ingests hold this lock shared and partition changes
 * take it alone, so a change waits for the ingests in flight and new ingests wait for the change.
 */
export const PARTITIONS_LOCK = sql`hashtext('lightdesk:device-report-partitions')`;

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
        await tx.execute(sql`select device_reports_make_day(${new Date(day).toISOString().slice(0, 10)}::date)`);
      });
    // Two servers making the same day at once: the one that fails finds it made on a second try.
    await make().catch(make);
    days.add(day);
  }
}

/** Drops the daily partitions wholly before `before` and older rows of the default partition; answers the reports removed. */
export async function dropReportsBefore(db: Database, before: Date): Promise<number> {
  known.delete(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
    const [row] = await rowsOf<{ n: number | string }>(tx, sql`select device_reports_drop_before(${before.toISOString()}::timestamptz) as n`);
    return Number(row?.n ?? 0);
  });
}
