import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Requests counted per limit key and window, shared by every server on the database. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
