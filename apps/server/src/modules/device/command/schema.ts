import type { Command, CommandDown, CommandTarget } from '@lightdesk/contract';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from '../../store';

/** A command a staff member sent to the luminaires of several stores: who sent what, when. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    /** The sender's tenant: an agent's staff see their own commands in the history. */
    tenantId: integer('tenant_id').notNull(),
    /** The staff member (users.id) who sent it. */
    sentBy: integer('sent_by').notNull(),
    command: jsonb('command').$type<Command>().notNull(),
    target: jsonb('target').$type<CommandTarget>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_commands_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * One store's delivery of a command: queued → sent → acknowledged, failed (with the reason) or
 * timed out. `payload` is what the store's gateway receives.
 */
export const deviceCommandJobs = pgTable(
  'device_command_jobs',
  {
    id: serial('id').primaryKey(),
    commandId: integer('command_id')
      .notNull()
      .references(() => deviceCommands.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** queued | sent | acknowledged | failed | timed-out */
    state: text('state').notNull(),
    reason: text('reason'),
    payload: jsonb('payload').$type<Omit<CommandDown, 'jobId'>>().notNull(),
    /** The gateway (iot_devices.id) it was handed to. */
    gatewayId: integer('gateway_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('device_command_jobs_command_idx').on(t.commandId), index('device_command_jobs_store_state_idx').on(t.storeId, t.state, t.createdAt)],
);
