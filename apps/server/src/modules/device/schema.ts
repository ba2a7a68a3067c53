import type { ThingModel } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newProductKey } from './product/product-key';

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
