import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { storeDevices, stores } from '../store';

/**
 * A store's current floor plan: a picture of its layout kept in the file storage (by content
 * key), with its size in pixels read from the picture itself. One per store; a new upload
 * replaces it.
 */
export const storeFloorPlans = pgTable(
  'store_floor_plans',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who uploaded it. */
    uploadedBy: integer('uploaded_by').notNull(),
  },
  (t) => [index('store_floor_plans_file_idx').on(t.fileKey), check('store_floor_plans_size_check', sql`${t.width} > 0 and ${t.height} > 0`)],
);

/**
 * Where a heatmap sensor's grid lies on its store's floor plan, as the store's admin aligned it
 * in the app: the grid's centre as fractions of the plan's width and height, its clockwise
 * rotation, and its width as a fraction of the plan's width. Kept when the plan is replaced (a new
 * picture of the same layout keeps the alignment), gone with the device.
 */
export const heatmapSensorPlacements = pgTable(
  'heatmap_sensor_placements',
  {
    storeDeviceId: integer('store_device_id')
      .primaryKey()
      .references(() => storeDevices.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    rotation: integer('rotation').notNull(),
    scale: doublePrecision('scale').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The app user (the store's admin) who aligned it. */
    updatedBy: integer('updated_by').notNull(),
  },
  (t) => [
    index('heatmap_sensor_placements_store_idx').on(t.storeId),
    check('heatmap_sensor_placements_check', sql`${t.x} between 0 and 1 and ${t.y} between 0 and 1 and ${t.rotation} in (0, 90, 180, 270) and ${t.scale} > 0`),
  ],
);
