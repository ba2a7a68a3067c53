import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys that sign (file links, device secrets), made on first use and shared by every process on the database.
 * They live here rather than in the repository or the environment so no deployment can ship
 * a known key.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  /** 32 random bytes, base64url. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
