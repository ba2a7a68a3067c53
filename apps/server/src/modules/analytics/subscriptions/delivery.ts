import type { ReportPeriod, ReportSkipReason } from '@lightdesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { AppContext } from '../../../lib/context';
import { defineJob } from '../../../lib/jobs';
import { stores } from '../../store';
import { readSetting } from '../../system';
import { audienceOf, sendReport } from './audience';
import { closeTimeOf, owedPeriods } from './periods';
import { reportDeliveries, reportSubscriptions } from './schema';

type SubscriptionRow = typeof reportSubscriptions.$inferSelect;

/** Tries at sending one period's report before it is given up as failed. */
export const MAX_ATTEMPTS = 3;
/**
 * How long a claim holds before another run may take the period over. Longer than a run may
 * last (the job's timeout aborts it first), so a claim is taken over only from a server that died.
 */
const CLAIM_LEASE_MS = 30 * 60_000;
/** Longest error kept with a failed delivery. */
const ERROR_LENGTH = 2000;

/**
 * The zone of reports on several stores: the platform's parameter, or UTC when it names no zone.
 * Staff have no time zone of their own.
 */
export async function reportTimezone(db: Database): Promise<string> {
  const zone = await readSetting(db, 'analytics.report-timezone');
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** A period another run may take: a failed try with tries left, or a claim older than the lease (its server died). */
const reclaimable = (now: Date) =>
  sql`((${reportDeliveries.status} = 'failed' and ${reportDeliveries.attempts} < ${MAX_ATTEMPTS})
    or (${reportDeliveries.status} = 'sending' and ${reportDeliveries.claimedAt} < ${new Date(now.getTime() - CLAIM_LEASE_MS).toISOString()}::timestamptz))`;

/**
 * Takes a period of a subscription in one statement: a new row, or a failed try or a stale claim
 * taken over. Answers the claim, or nothing when another run holds or settled the period. Two
 * servers inserting at once: the database lets one insert land and the other finds its row.
 */
async function claim(db: Database, subscription: SubscriptionRow, period: ReportPeriod, now: Date, outcome: 'sending' | { skipped: ReportSkipReason }) {
  const values =
    outcome === 'sending'
      ? { status: 'sending' as const, reason: null, finishedAt: null }
      : { status: 'skipped' as const, reason: outcome.skipped, finishedAt: now };
  const [row] = await db
    .insert(reportDeliveries)
    .values({ subscriptionId: subscription.id, frequency: subscription.frequency, periodStart: period.from, claimedAt: now, ...values })
    .onConflictDoUpdate({
      target: [reportDeliveries.subscriptionId, reportDeliveries.frequency, reportDeliveries.periodStart],
      set: { ...values, error: '', claimedAt: now, attempts: sql`${reportDeliveries.attempts} + ${outcome === 'sending' ? 1 : 0}` },
      setWhere: reclaimable(now),
    })
    .returning({ id: reportDeliveries.id, attempts: reportDeliveries.attempts });
  return row;
}

/** Records how a claimed period ended, unless another run took the period over meanwhile. */
async function finish(db: Database, claimed: { id: number }, claimedAt: Date, end: { status: 'sent' } | { status: 'failed'; error: string }, now: Date) {
  await db
    .update(reportDeliveries)
    .set(
      end.status === 'sent'
        ? { status: 'sent', finishedAt: now }
        : { status: 'failed', reason: 'send-failed', error: end.error.slice(0, ERROR_LENGTH), finishedAt: now },
    )
    .where(and(eq(reportDeliveries.id, claimed.id), eq(reportDeliveries.status, 'sending'), eq(reportDeliveries.claimedAt, claimedAt)));
}

/** The owed periods of a subscription that no run has settled (sent, skipped, given up) or holds, oldest first. */
async function openPeriods(db: Database, subscription: SubscriptionRow, owed: ReportPeriod[], now: Date) {
  const done = await db
    .select({ periodStart: reportDeliveries.periodStart })
    .from(reportDeliveries)
    .where(
      and(
        eq(reportDeliveries.subscriptionId, subscription.id),
        eq(reportDeliveries.frequency, subscription.frequency),
        inArray(
          reportDeliveries.periodStart,
          owed.map((p) => p.from),
        ),
        sql`not ${reclaimable(now)}`,
      ),
    );
  const settledStarts = new Set(done.map((d) => d.periodStart));
  return owed.filter((p) => !settledStarts.has(p.from));
}

export type DeliveryCounts = Record<'sent' | 'skipped' | 'failed', number>;

/**
 * One subscription's owed periods, oldest first: each is claimed before its report is built and
 * sent, or recorded as skipped when the subscriber may not have it. A period not yet closed in
 * every store of the report waits for a later run; a failure leaves the later periods for the
 * retry, so reports still arrive in order.
 */
async function deliverOwed(ctx: AppContext, subscription: SubscriptionRow, owed: ReportPeriod[], counts: DeliveryCounts, signal?: AbortSignal) {
  const { db } = ctx;
  const audience = await audienceOf(db, subscription, ctx.clock.now());
  for (const period of owed) {
    signal?.throwIfAborted();
    const now = ctx.clock.now();
    if ('refused' in audience) {
      if (await claim(db, subscription, period, now, { skipped: audience.refused })) counts.skipped++;
      continue;
    }
    if (audience.stores.some((s) => closeTimeOf(period, s.timezone) > now)) break;
    const claimed = await claim(db, subscription, period, now, 'sending');
    if (!claimed) continue;
    try {
      await sendReport(ctx, subscription, audience, period, { sample: false });
      await finish(db, claimed, now, { status: 'sent' }, ctx.clock.now());
      counts.sent++;
    } catch (err) {
      ctx.log.warn({ err, subscriptionId: subscription.id, period: period.from, attempt: claimed.attempts }, 'report mail failed');
      await finish(db, claimed, now, { status: 'failed', error: err instanceof Error ? err.message : String(err) }, ctx.clock.now());
      counts.failed++;
      break;
    }
  }
}

/**
 * Sends every report owed now: for each enabled subscription, the periods closed since it was
 * made or switched on (at most the catch-up limit) that no run has settled. Safe to run on several
 * servers at once and again at any time: each period is claimed in the database before its mail
 * is sent. docs/analytics.md ("Reports by e-mail").
 */
export async function deliverReports(ctx: AppContext, signal?: AbortSignal): Promise<DeliveryCounts> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const counts: DeliveryCounts = { sent: 0, skipped: 0, failed: 0 };
  const subscriptions = await db.select().from(reportSubscriptions).where(eq(reportSubscriptions.enabled, true)).orderBy(reportSubscriptions.id);
  if (subscriptions.length === 0) return counts;
  const several = await reportTimezone(db);
  const single = subscriptions.filter((s) => s.scope === 'store').map((s) => s.storeIds[0]!);
  const zones = new Map(
    single.length
      ? (await db.select({ id: stores.id, timezone: stores.timezone }).from(stores).where(inArray(stores.id, single))).map((s) => [s.id, s.timezone])
      : [],
  );
  for (const subscription of subscriptions) {
    signal?.throwIfAborted();
    // A report on one store follows that store's clock; one on several, the platform's zone.
    const zone = (subscription.scope === 'store' && zones.get(subscription.storeIds[0]!)) || several;
    const owed = owedPeriods(subscription.frequency, zone, now, subscription.owedFrom);
    if (owed.length === 0) continue;
    const open = await openPeriods(db, subscription, owed, now);
    if (open.length > 0) await deliverOwed(ctx, subscription, open, counts, signal);
  }
  return counts;
}

/** Every 15 minutes: 07:00 falls on a quarter hour in every time zone. */
export const reportDeliveryJob = defineJob({
  name: 'analytics/report-delivery',
  counts: ['sent', 'skipped', 'failed'],
  schedule: { everyMinutes: 15 },
  run: ({ ctx, signal }) => deliverReports(ctx, signal),
});
