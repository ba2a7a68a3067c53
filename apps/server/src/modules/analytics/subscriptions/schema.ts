import { REPORT_FREQUENCIES, REPORT_SCOPES, REPORT_SKIP_REASONS, type ReportLanguage } from '@lightdesk/contract';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../system';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A staff member's subscription to a report by e-mail. It goes with the account (a deleted
 * account has no one to send to). The address is not kept: each report goes to the one in the
 * subscriber's profile at the time.
 */
export const reportSubscriptions = pgTable(
  'analytics_report_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    scope: text('scope', { enum: REPORT_SCOPES }).notNull(),
    /** The chosen stores (scope `store` or `stores`); a store removed later simply no longer matches one the subscriber sees. */
    storeIds: jsonb('store_ids').$type<number[]>().notNull().default([]),
    language: text('language').$type<ReportLanguage>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Reports are owed for the periods whose sending time comes after this: when the subscription
     * was made, switched on again or given another frequency, so neither brings a backlog of
     * periods nobody asked for.
     */
    owedFrom: at('owed_from').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_report_subscriptions_user_idx').on(t.userId)],
);

export const DELIVERY_STATUSES = ['sending', 'sent', 'skipped', 'failed'] as const;

/**
 * One row per subscription and period: the claim that makes a report go out once however many
 * servers run the job, and the record of what became of it. A server inserts the row (status
 * `sending`) before it builds and sends the mail; whoever's insert lands owns the period.
 */
export const reportDeliveries = pgTable(
  'analytics_report_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    /** The period's first local date (the day, the Monday, the 1st). */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    /** Why it was skipped, or why it failed. */
    reason: text('reason', { enum: REPORT_SKIP_REASONS }),
    error: text('error').notNull().default(''),
    /** Tries at sending, the first included. */
    attempts: integer('attempts').notNull().default(1),
    claimedAt: at('claimed_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [uniqueIndex('analytics_report_deliveries_period_key').on(t.subscriptionId, t.frequency, t.periodStart)],
);
