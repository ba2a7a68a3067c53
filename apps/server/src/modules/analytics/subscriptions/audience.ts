import { analyticsApi, formatMessage, hasPermi, type ReportPeriod, type ReportScope, type ReportSkipReason } from '@lightdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { AppContext, Session } from '../../../lib/context';
import { sendMail, storeTenancy, stores } from '../../store';
import { staffAccess, users } from '../../system';
import { REPORT_TEXTS } from './mail-texts';
import { buildReport, reportMail, type ReportStore } from './report';
import type { reportSubscriptions } from './schema';

type SubscriptionRow = typeof reportSubscriptions.$inferSelect;

/** What a subscriber must hold, when the report goes out, to receive it. */
export const SUBSCRIPTION_PERMISSION = 'statistics:subscription:query';
/**
 * A report's persons and dwell are the store-popularity screen's: without that screen nothing of
 * the report is theirs to read. The walk-ins and the all-stores ranking come in only with their
 * own screens (see `buildReport`).
 */
const REPORT_PERMISSIONS = [SUBSCRIPTION_PERMISSION, analyticsApi.storePopularity.access.permission];

/** The stores of a subscription's scope that the caller sees, by name: a store removed, or no longer theirs, drops out. */
export async function storesInScope(db: Database, session: Session, scope: ReportScope, storeIds: number[]): Promise<ReportStore[]> {
  if (scope !== 'all' && storeIds.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.name, timezone: stores.timezone })
    .from(stores)
    .where(and(storeTenancy(session, stores.tenantId), scope === 'all' ? undefined : inArray(stores.id, storeIds)))
    .orderBy(asc(stores.name), asc(stores.id));
}

/** Who a report goes to and what they may see of it now, or why it must not go. */
export type Audience = { session: Session; email: string; name: string; stores: ReportStore[] } | { refused: ReportSkipReason };

/**
 * The subscriber as a sign-in would find them now: their access (tenant, roles, permissions),
 * their profile's address, and the stores of the scope they still see. A disabled account or
 * agent, a role that no longer holds the subscription permission, no address or no store left
 * refuses the report.
 */
export async function audienceOf(db: Database, subscription: SubscriptionRow, now: Date): Promise<Audience> {
  const access = await staffAccess(db, subscription.userId, now);
  if ('refused' in access) return { refused: access.refused === 'tenant-disabled' ? 'tenant-disabled' : 'account-disabled' };
  const { session } = access;
  if (!REPORT_PERMISSIONS.every((p) => hasPermi(session.permissions, p))) return { refused: 'no-permission' };
  const [person] = await db.select({ email: users.email, nickname: users.nickname }).from(users).where(eq(users.id, session.userId));
  if (!person?.email) return { refused: 'no-email' };
  const seen = await storesInScope(db, session, subscription.scope, subscription.storeIds);
  if (seen.length === 0) return { refused: 'no-stores' };
  return { session, email: person.email, name: person.nickname || session.username, stores: seen };
}

/** How the mail names what the report covers: the store, or how many stores. */
function scopeLabel(subscription: SubscriptionRow, seen: ReportStore[]) {
  const texts = REPORT_TEXTS[subscription.language];
  if (subscription.scope === 'all') return formatMessage(texts.allStores, { count: seen.length });
  return seen.length === 1 ? seen[0]!.name : formatMessage(texts.stores, { count: seen.length });
}

/**
 * Builds a period's report with the subscriber's access and sends it to them. A report sent on
 * schedule carries a Message-ID of its subscription and period, so a resend after a crash reads
 * as the same message to mail systems that drop duplicates.
 */
export async function sendReport(
  ctx: AppContext,
  subscription: SubscriptionRow,
  audience: Extract<Audience, { session: Session }>,
  period: ReportPeriod,
  options: { sample: boolean },
) {
  const { language } = subscription;
  const report = await buildReport(ctx.db, audience.session, ctx.clock.now(), subscription.frequency, period, audience.stores, language);
  const mail = await reportMail(report, { language, recipient: audience.name, scope: scopeLabel(subscription, audience.stores), sample: options.sample });
  const host = new URL(ctx.config.publicUrl ?? 'http://lightdesk.local').hostname;
  await sendMail(ctx, {
    to: audience.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    secrets: [],
    attachments: [mail.attachment],
    ...(!options.sample && { messageId: `<report-${subscription.id}-${subscription.frequency}-${period.from}@${host}>` }),
  });
}
