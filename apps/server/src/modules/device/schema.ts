import type { ThingModel } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { storeDevices, stores } from '../store';
import { newProductKey } from './product/product-key';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Cloud IoT products: kinds of device that connect to the cloud, each with its thing model.
 * Platform-wide (no tenant): agents' staff never see them.
 */
export const iotProducts = pgTable(
  'iot_products',
  {
    id: serial('id').primaryKey(),
    /** Handed out on create, never changed: devices name their product by it. */
    productKey: text('product_key').notNull().$defaultFn(newProductKey),
    name: text('name').notNull(),
    /** direct | gateway | sub-device */
    nodeType: text('node_type').notNull(),
    /** mqtt | http */
    protocol: text('protocol').notNull(),
    description: text('description').notNull().default(''),
    thingModel: jsonb('thing_model').$type<ThingModel>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member (users.id) who created it. */
    createdBy: integer('created_by').notNull(),
  },
  (t) => [uniqueIndex('iot_products_product_key_key').on(t.productKey), uniqueIndex('iot_products_name_key').on(sql`lower(${t.name})`)],
);

/**
 * Devices that connect to the cloud themselves: gateways (which speak for the luminaires and
 * sensors behind them) and directly connected devices. The device secret is never stored: it is
 * derived from the deployment's device key, the product key, the device name and `secretGeneration`
 * (rotating the secret bumps the generation), so the database alone cannot give it back.
 */
export const iotDevices = pgTable(
  'iot_devices',
  {
    id: serial('id').primaryKey(),
    /** The agent owning its store, or the platform's tenant for devices in no agent's store. */
    tenantId: integer('tenant_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => iotProducts.id),
    deviceName: text('device_name').notNull(),
    secretGeneration: integer('secret_generation').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** The registry row of a gateway the app provisioned into a store. */
    storeDeviceId: integer('store_device_id').references(() => storeDevices.id, { onDelete: 'set null' }),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When it last came online. */
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    /** The latest reported value of each property (the device shadow). */
    shadow: jsonb('shadow').$type<Record<string, unknown>>().notNull().default({}),
    shadowUpdatedAt: timestamp('shadow_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The staff member who registered it; null when the app provisioned it. */
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('iot_devices_product_name_key').on(t.productId, t.deviceName),
    uniqueIndex('iot_devices_store_device_key').on(t.storeDeviceId),
    index('iot_devices_tenant_idx').on(t.tenantId, t.createdAt),
    index('iot_devices_store_idx').on(t.storeId),
  ],
);

/**
 * Every report a device sent, as received. Partitioned by day of `reported_at` on both
 * databases (see the migration), so the retention job drops whole days. A report is stored only
 * when its message id is new to `device_report_messages`.
 */
export const deviceReports = pgTable(
  'device_reports',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    tenantId: integer('tenant_id').notNull(),
    storeId: integer('store_id'),
    /** The iot device that sent it (a gateway, or a direct device). */
    senderId: integer('sender_id').notNull(),
    /** The device the report is about: the uuid of a store device, or the sender's device name. */
    subject: text('subject').notNull(),
    storeDeviceId: integer('store_device_id'),
    kind: text('kind').notNull(),
    messageId: text('message_id').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.reportedAt] }), index('device_reports_store_idx').on(t.storeId, t.kind, t.reportedAt)],
);

/**
 * The message ids each device has sent reports under, with when each first arrived. A resend is
 * the same sender and message id whatever time it carries, and a unique index of the partitioned
 * `device_reports` would have to hold the time it is partitioned by: so the ids are claimed here,
 * in the ingest's statement, and only the reports of new ones are stored. Kept as long as raw
 * reports (docs/devices.md).
 */
export const deviceReportMessages = pgTable(
  'device_report_messages',
  {
    /** The iot device that sent it. */
    senderId: integer('sender_id').notNull(),
    messageId: text('message_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.senderId, t.messageId] }), index('device_report_messages_received_idx').on(t.receivedAt)],
);

/** Nonces of signed HTTP requests, kept until their timestamp falls out of the accepted window. */
export const deviceNonces = pgTable(
  'device_nonces',
  {
    deviceId: integer('device_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.nonce] }), index('device_nonces_expiry_idx').on(t.expiresAt)],
);

/**
 * Online/offline transitions of store devices and iot devices, with how long the state that
 * ended had lasted: the history screens and the analytics' online and offline durations read it.
 */
export const deviceStatusChanges = pgTable(
  'device_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    storeId: integer('store_id'),
    storeDeviceId: integer('store_device_id'),
    iotDeviceId: integer('iot_device_id'),
    online: boolean('online').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** heartbeat timeout | last will | report | disabled */
    reason: text('reason').notNull(),
    /** How long the previous state lasted, in milliseconds; null for a device's first transition. */
    previousMs: bigint('previous_ms', { mode: 'number' }),
  },
  (t) => [
    index('device_status_changes_store_device_idx').on(t.storeDeviceId, t.at),
    index('device_status_changes_iot_device_idx').on(t.iotDeviceId, t.at),
    index('device_status_changes_store_idx').on(t.storeId, t.at),
  ],
);
