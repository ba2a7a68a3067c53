import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server processes running on this database, one row each, renewed while the process lives.
 * A row whose heartbeat is older than the lease belongs to a process that died or hangs: what it
 * held (broker sessions) is taken over by a live one. Times are the database's, so the servers'
 * clocks need not agree.
 */
export const clusterMembers = pgTable('cluster_members', {
  /** Random for each start of a process. */
  id: text('id').primaryKey(),
  /** Host name, process id and port, for people reading the table. */
  name: text('name').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  /** The key of a file this member wrote to its file storage at start: every member must be able to read every other's. */
  storageProbe: text('storage_probe'),
});

/**
 * Lightdesk's sessions on an external MQTT broker, each in the shared subscription. A session is
 * held by one member; when that member is gone, a live one adopts the session, takes in what the
 * broker queued for it, and ends it.
 */
export const brokerSessions = pgTable(
  'broker_sessions',
  {
    clientId: text('client_id').primaryKey(),
    holder: text('holder').notNull(),
    /** Adopted from a member that is gone: being emptied, then ended. */
    draining: boolean('draining').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('broker_sessions_holder_idx').on(t.holder)],
);
