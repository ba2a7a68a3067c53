import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A firmware package of one channel. The same file (by content, `file_key` = its SHA-256) may
 * back several packages: promotion copies the record and keeps the file.
 */
export const firmwares = pgTable(
  'firmwares',
  {
    id: serial('id').primaryKey(),
    /** release | factory | development */
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    versionNumber: text('version_number').notNull(),
    /**
     * The version with every segment zero-padded to 9 digits and 4 segments
     * (1.10.0 → 000000001.000000010.000000000.000000000), so text order is numeric order.
     */
    versionKey: text('version_key').notNull(),
    firmwareType: text('firmware_type').notNull(),
    module: text('module').notNull().default('default'),
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull(),
    isForceUpdate: boolean('is_force_update').notNull().default(false),
    /** full | sub */
    packageType: text('package_type').notNull().default('full'),
    /** For a sub-package, the version key it applies to ('' for a full package). */
    fromVersion: text('from_version').notNull().default(''),
    fromVersionKey: text('from_version_key').notNull().default(''),
    signatureAlgorithm: text('signature_algorithm').notNull().default('sha256'),
    firmwareJson: text('firmware_json').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    sha256: text('sha256').notNull(),
    /** '0' not required, '1' not verified, '2' verified */
    verifyStatus: text('verify_status').notNull().default('1'),
    /** all | stores | percent — on the release channel only; the others offer to every device that asks. */
    rolloutTarget: text('rollout_target').notNull().default('all'),
    rolloutStoreIds: integer('rollout_store_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    rolloutPercent: integer('rollout_percent').notNull().default(100),
    rolloutPaused: boolean('rollout_paused').notNull().default(false),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firmwares_version_key').on(t.firmwareType, t.channel, t.module, t.versionKey),
    index('firmwares_channel_idx').on(t.channel, t.uploadDate),
    index('firmwares_file_idx').on(t.fileKey),
  ],
);

/** What devices report while they update: the history, and (latest per device) the console's counts. */
export const otaProgress = pgTable(
  'ota_progress',
  {
    id: serial('id').primaryKey(),
    firmwareId: integer('firmware_id')
      .notNull()
      .references(() => firmwares.id, { onDelete: 'cascade' }),
    /** The reporting device (`productKey/deviceName`) or the luminaire's uuid behind it. */
    device: text('device').notNull(),
    step: text('step').notNull(),
    reason: text('reason').notNull().default(''),
    percent: integer('percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ota_progress_firmware_idx').on(t.firmwareId, t.device, t.id)],
);

/**
 * Firmware downloads in flight, a row for each of a device's few slots (MAX_DOWNLOADS_PER_DEVICE),
 * held by the server sending it. A row whose holder is no longer a live cluster member belongs to
 * nobody: it is taken over or deleted. Meant to be UNLOGGED: after a database crash the downloads
 * in flight are simply forgotten.
 */
export const otaDownloads = pgTable(
  'ota_downloads',
  {
    /** As the download link names it: `productKey/deviceName`, or a luminaire's uuid. */
    device: text('device').notNull(),
    slot: smallint('slot').notNull(),
    /** The cluster member sending it. */
    holder: text('holder').notNull(),
    /** Random for each download: ending one frees its own slot, never one taken over meanwhile. */
    downloadId: text('download_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.device, t.slot] })],
);
