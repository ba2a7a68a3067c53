import { z } from 'zod';
import { CalendarDate, DateTime, Id, PageQuery, pageOf } from '../common';
import { ContentLanguage } from '../content/content';
import { endpoint } from '../endpoint';
import { ANALYTICS_PREFIX } from './stores';

/**
 * Reports by e-mail: a staff member subscribes to a daily, weekly or monthly report of one store,
 * several stores or every store they may see. The server sends it at 07:00 after the period
 * closes, to the address in the subscriber's profile, in the language they chose, with the
 * figures as an `.xlsx` attachment; each person sees and changes only their own subscriptions.
 * docs/analytics.md ("Reports by e-mail") explains when and what.
 */

/** Daily: yesterday, sent each morning; weekly: last Monday-to-Sunday week, sent on Monday; monthly: last month, sent on the 1st. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const ReportFrequency = z.enum(REPORT_FREQUENCIES);
export type ReportFrequency = z.infer<typeof ReportFrequency>;

/** One store (`storeIds` names it), several chosen stores, or every store the subscriber may see when the report goes out. */
export const REPORT_SCOPES = ['store', 'stores', 'all'] as const;
export const ReportScope = z.enum(REPORT_SCOPES);
export type ReportScope = z.infer<typeof ReportScope>;

/** Most stores a report of chosen stores may name. */
export const MAX_REPORT_STORES = 50;

/** The language of the mail: one of the console's six. */
export const ReportLanguage = ContentLanguage;
export type ReportLanguage = z.infer<typeof ReportLanguage>;

/**
 * Why a period's report was not sent: the account or its agent is disabled, the subscriber no
 * longer holds the subscription permission, none of the chosen stores is still theirs to see,
 * their profile has no e-mail address, or the mail server refused it on every try.
 */
export const REPORT_SKIP_REASONS = ['account-disabled', 'tenant-disabled', 'no-permission', 'no-stores', 'no-email', 'send-failed'] as const;
export const ReportSkipReason = z.enum(REPORT_SKIP_REASONS);
export type ReportSkipReason = z.infer<typeof ReportSkipReason>;

const SubscriptionFields = z.object({
  frequency: ReportFrequency,
  scope: ReportScope,
  /** The store (scope `store`: exactly one) or stores (scope `stores`: one or more); none for `all`. */
  storeIds: z.array(Id).max(MAX_REPORT_STORES).default([]),
  /** The console's language when the subscriber saved it, unless they chose another. */
  language: ReportLanguage,
  enabled: z.boolean().default(true),
});

const storesFitScope = (s: { scope: ReportScope; storeIds: number[] }, ctx: z.RefinementCtx) => {
  const count = new Set(s.storeIds).size;
  const fits = s.scope === 'store' ? count === 1 : s.scope === 'stores' ? count >= 1 : count === 0;
  if (!fits || count !== s.storeIds.length) ctx.addIssue({ code: 'custom', path: ['storeIds'], message: 'form.reportStores' });
};

/** A new subscription. The address is the subscriber's own, from their profile: it cannot be chosen. */
export const SubscriptionCreate = SubscriptionFields.superRefine(storesFitScope);
export type SubscriptionCreate = z.infer<typeof SubscriptionCreate>;
/** A subscription's settings, all of them, replacing what was saved. */
export const SubscriptionUpdate = SubscriptionCreate;
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;

export const SubscriptionQuery = PageQuery;
export type SubscriptionQuery = z.infer<typeof SubscriptionQuery>;

/** A period of a report by its first and last local date. */
export const ReportPeriod = z.object({ from: CalendarDate, to: CalendarDate });
export type ReportPeriod = z.infer<typeof ReportPeriod>;

export const Subscription = z.object({
  id: Id,
  frequency: ReportFrequency,
  scope: ReportScope,
  /** The chosen stores the subscriber still sees; a store removed since has dropped out. */
  stores: z.array(z.object({ id: Id, name: z.string() })),
  language: ReportLanguage,
  /** Where the reports go: the subscriber's e-mail address as their profile has it now (empty: none, and nothing is sent). */
  email: z.string(),
  enabled: z.boolean(),
  createdAt: DateTime,
  /** When the latest report went out, and the period it covered; null before the first. */
  lastSentAt: DateTime.nullable(),
  lastPeriod: ReportPeriod.nullable(),
  /** The latest period's report when it was not sent, and why; null when the latest went out. */
  lastSkip: z.object({ period: ReportPeriod, reason: ReportSkipReason, at: DateTime }).nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

const SubscriptionParams = z.object({ id: Id });
const BASE = `${ANALYTICS_PREFIX}/subscriptions`;
const permission = 'statistics:subscription';

export const subscriptionApi = {
  page: endpoint.get(BASE, {
    permission: `${permission}:query`,
    query: SubscriptionQuery,
    answer: pageOf(Subscription),
    summary: "The caller's own report subscriptions, newest first",
  }),
  create: endpoint.post(BASE, {
    permission: `${permission}:create`,
    body: SubscriptionCreate,
    answer: Subscription,
    summary: 'Subscribe to a daily, weekly or monthly report by e-mail, sent to the address in the caller’s profile',
  }),
  update: endpoint.put(`${BASE}/:id`, {
    permission: `${permission}:update`,
    params: SubscriptionParams,
    body: SubscriptionUpdate,
    answer: Subscription,
    summary: 'Change one of the caller’s report subscriptions',
  }),
  delete: endpoint.delete(`${BASE}/:id`, {
    permission: `${permission}:delete`,
    params: SubscriptionParams,
    answer: z.literal(true),
    summary: 'End one of the caller’s report subscriptions',
  }),
  sample: endpoint.post(`${BASE}/:id/sample`, {
    permission: `${permission}:update`,
    params: SubscriptionParams,
    answer: z.object({ period: ReportPeriod }),
    // Each sample is a mail with a workbook built from several queries.
    rateLimit: 6,
    summary: 'Send the report of the latest closed period now, marked as a sample, to the caller’s own address',
  }),
};
