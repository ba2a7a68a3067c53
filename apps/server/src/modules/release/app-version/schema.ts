import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A version of the mobile app for one platform and brand, shared by the whole platform (not an
 * agent's). At most one per platform and brand is `current`: the partial unique index holds
 * that even against two switches at once.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    /** android | android-intl | ios | ios-intl */
    platform: text('platform').notNull(),
    versionNumber: text('version_number').notNull(),
    /** The version with each part zero-padded (versionSortKey), so text order is version order. */
    versionSort: text('version_sort').notNull(),
    uploadDate: date('upload_date', { mode: 'string' }).notNull(),
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull(),
    /** domestic | international */
    scope: text('scope').notNull(),
    brand: text('brand').notNull(),
    isForceUpdate: boolean('is_force_update').notNull().default(false),
    current: boolean('current').notNull().default(false),
    /** Android: the stored APK (its SHA-256 key), size and MD5; '' and 0 for iOS. */
    fileKey: text('file_key').notNull().default(''),
    fileSize: integer('file_size').notNull().default(0),
    fileMd5: text('file_md5').notNull().default(''),
    /** iOS: the App Store page; '' for Android. */
    storeUrl: text('store_url').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // On the sortable form: 1.0 and 1.0.0 are the same version.
    uniqueIndex('app_versions_version_number_key').on(t.platform, t.brand, t.versionSort),
    uniqueIndex('app_versions_current_key')
      .on(t.platform, t.brand)
      .where(sql`${t.current}`),
  ],
);
