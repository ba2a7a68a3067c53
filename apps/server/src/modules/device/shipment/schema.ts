import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A batch of devices shipped to an agent (a tenant) or to a customer. Agents' staff see the
 * shipments to their own agent; platform staff see them all.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    batchNo: text('batch_no').notNull(),
    shipDate: date('ship_date', { mode: 'string' }).notNull(),
    /** ISO 3166-1 alpha-2, from the areas: where the devices went. */
    countryCode: text('country_code').notNull(),
    /** The agent's tenant id; null for a shipment to a customer of the platform. */
    agentId: integer('agent_id'),
    customerName: text('customer_name').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_batch_no_key').on(sql`lower(${t.batchNo})`),
    index('shipments_agent_idx').on(t.agentId, t.shipDate),
    index('shipments_ship_date_idx').on(t.shipDate, t.id),
  ],
);

/** The devices of a shipment, by uuid, device code or both. A uuid is shipped once. */
export const shipmentDevices = pgTable(
  'shipment_devices',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** '' when only the device code is known. */
    uuid: text('uuid').notNull().default(''),
    deviceCode: text('device_code').notNull().default(''),
  },
  (t) => [
    uniqueIndex('shipment_devices_uuid_key')
      .on(t.uuid)
      .where(sql`${t.uuid} <> ''`),
    index('shipment_devices_shipment_idx').on(t.shipmentId),
    index('shipment_devices_code_idx').on(t.deviceCode),
  ],
);

/**
 * What staff did to reconcile shipped and activated devices, and why: the calibration's history.
 * A `resolve` correction also takes its item off the open list. No foreign keys: the history
 * outlives the shipment lines and store devices it speaks of.
 */
export const shipmentCorrections = pgTable(
  'shipment_corrections',
  {
    id: serial('id').primaryKey(),
    /** resolve | change-country | link-shipment */
    action: text('action').notNull(),
    /** The category of the item corrected. */
    category: text('category').notNull(),
    shipmentDeviceId: integer('shipment_device_id'),
    storeDeviceId: integer('store_device_id'),
    shipmentId: integer('shipment_id'),
    uuid: text('uuid').notNull().default(''),
    /** What changed, e.g. the country before and after. */
    detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
    reason: text('reason').notNull(),
    /** The staff member (users.id) who made it. */
    staffId: integer('staff_id').notNull(),
    /** Whose item it was: the shipment's agent or the store's tenant (null: the platform's). */
    agentId: integer('agent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_corrections_item_idx').on(t.category, t.shipmentDeviceId, t.storeDeviceId),
    index('shipment_corrections_created_idx').on(t.createdAt),
  ],
);
