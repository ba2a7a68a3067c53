import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every stored file, by key, and when it was last put. The sweep deletes a file only when it
 * was put longer ago than its grace period and no area's rows refer to it (tracked.ts).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  putAt: timestamp('put_at', { withTimezone: true }).notNull().defaultNow(),
});
