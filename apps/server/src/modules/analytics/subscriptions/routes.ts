import { ResultCode, subscriptionApi, type Subscription, type SubscriptionCreate } from '@lightdesk/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { AppError, forbidden, notFound, refusal } from '../../../lib/errors';
import { defineRoutes } from '../../../lib/routes';
import { countOf } from '../../../lib/sql';
import { users } from '../../system';
import { localClock } from '../queries/period';
import { audienceOf, sendReport, storesInScope } from './audience';
import { MAX_ATTEMPTS, reportTimezone } from './delivery';
import { latestClosed, periodHolding } from './periods';
import { reportDeliveries, reportSubscriptions } from './schema';

type SubscriptionRow = typeof reportSubscriptions.$inferSelect;

const own = (session: Session, id: number) => and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, session.userId));

async function profileEmail(db: Database, session: Session) {
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, session.userId));
  return person?.email ?? '';
}

/** The chosen stores must be ones the caller sees; another agent's store is as unknown as a missing one. */
async function checkStores(db: Database, session: Session, body: SubscriptionCreate) {
  if (body.scope === 'all') return;
  const seen = await storesInScope(db, session, body.scope, body.storeIds);
  if (seen.length !== body.storeIds.length) throw new AppError(ResultCode.badInput, 'common.reference-not-found', { field: 'storeIds' });
}

/** Subscriptions as the list shows them: the stores still seen, the address, and the latest report sent or not sent. */
async function describe(db: Database, session: Session, rows: SubscriptionRow[]): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [email, seen, latest] = await Promise.all([
    profileEmail(db, session),
    storesInScope(
      db,
      session,
      'stores',
      rows.flatMap((r) => r.storeIds),
    ),
    // Per subscription: its latest sent report, and its latest period settled whatever the outcome.
    db
      .selectDistinctOn([reportDeliveries.subscriptionId, reportDeliveries.frequency, reportDeliveries.status])
      .from(reportDeliveries)
      .where(
        and(
          inArray(reportDeliveries.subscriptionId, ids),
          sql`(${reportDeliveries.status} in ('sent', 'skipped') or (${reportDeliveries.status} = 'failed' and ${reportDeliveries.attempts} >= ${MAX_ATTEMPTS}))`,
        ),
      )
      .orderBy(reportDeliveries.subscriptionId, reportDeliveries.frequency, reportDeliveries.status, desc(reportDeliveries.periodStart)),
  ]);
  const names = new Map(seen.map((s) => [s.id, s.name]));
  return rows.map((row) => {
    const mine = latest.filter((d) => d.subscriptionId === row.id && d.frequency === row.frequency);
    const sent = mine.find((d) => d.status === 'sent');
    const notSent = mine.filter((d) => d.status !== 'sent').sort((a, b) => b.periodStart.localeCompare(a.periodStart))[0];
    const skip = notSent && (!sent || notSent.periodStart > sent.periodStart) ? notSent : undefined;
    return {
      id: row.id,
      frequency: row.frequency,
      scope: row.scope,
      stores: row.scope === 'all' ? [] : row.storeIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
      language: row.language,
      email,
      enabled: row.enabled,
      createdAt: row.createdAt.toISOString(),
      lastSentAt: sent?.finishedAt?.toISOString() ?? null,
      lastPeriod: sent ? periodHolding(row.frequency, sent.periodStart) : null,
      lastSkip: skip
        ? { period: periodHolding(row.frequency, skip.periodStart), reason: skip.reason!, at: (skip.finishedAt ?? skip.claimedAt).toISOString() }
        : null,
    };
  });
}

async function ownSubscription(db: Database, session: Session, id: number) {
  const [row] = await db.select().from(reportSubscriptions).where(own(session, id));
  if (!row) throw notFound();
  return row;
}

/** Reports by e-mail: each staff member lists, makes, changes and ends their own subscriptions; another's is not found. */
export default defineRoutes((r, ctx) => {
  const { db, clock } = ctx;

  r.endpoint(subscriptionApi.page, async ({ session, query }) => {
    const mine = eq(reportSubscriptions.userId, session.userId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(reportSubscriptions)
        .where(mine)
        .orderBy(desc(reportSubscriptions.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ n: countOf }).from(reportSubscriptions).where(mine),
    ]);
    return { list: await describe(db, session, rows), total: total!.n };
  });

  r.endpoint(subscriptionApi.create, async ({ session, body }) => {
    await checkStores(db, session, body);
    if (!(await profileEmail(db, session))) throw refusal('report.no-email');
    const now = clock.now();
    const [row] = await db
      .insert(reportSubscriptions)
      .values({ ...body, userId: session.userId, owedFrom: now, createdAt: now, updatedAt: now })
      .returning();
    return (await describe(db, session, [row!]))[0]!;
  });

  r.endpoint(subscriptionApi.update, async ({ session, params, body }) => {
    const before = await ownSubscription(db, session, params.id);
    await checkStores(db, session, body);
    const now = clock.now();
    // Switched on again or given another frequency: reports are owed from now, not for the time in between.
    const restarts = (body.enabled && !before.enabled) || body.frequency !== before.frequency;
    const [row] = await db
      .update(reportSubscriptions)
      .set({ ...body, updatedAt: now, ...(restarts && { owedFrom: now }) })
      .where(own(session, params.id))
      .returning();
    if (!row) throw notFound();
    return (await describe(db, session, [row]))[0]!;
  });

  r.endpoint(subscriptionApi.delete, async ({ session, params }) => {
    const gone = await db.delete(reportSubscriptions).where(own(session, params.id)).returning({ id: reportSubscriptions.id });
    if (gone.length === 0) throw notFound();
    return true as const;
  });

  r.endpoint(subscriptionApi.sample, async ({ session, params }) => {
    const subscription = await ownSubscription(db, session, params.id);
    const now = clock.now();
    const audience = await audienceOf(db, subscription, now);
    if ('refused' in audience) {
      if (audience.refused === 'no-email') throw refusal('report.no-email');
      throw audience.refused === 'no-stores' ? refusal('report.no-stores') : forbidden();
    }
    const zone = subscription.scope === 'store' ? audience.stores[0]!.timezone : await reportTimezone(db);
    const period = latestClosed(subscription.frequency, localClock(now, zone).date);
    await sendReport(ctx, subscription, audience, period, { sample: true });
    return { period };
  });
});
