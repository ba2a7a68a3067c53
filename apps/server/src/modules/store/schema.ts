import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The people of the mobile app. Platform-wide accounts (not a tenant's): one person may be a
 * member of stores of several agents. Signed in with an e-mail address or a mobile number.
 */
export const appUsers = pgTable(
  'app_users',
  {
    id: serial('id').primaryKey(),
    /** Lower-case; '' when the account was registered with a mobile number. */
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    nickname: text('nickname').notNull(),
    /** ISO 3166-1 alpha-2, from the areas. */
    countryCode: text('country_code').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 0 enabled, 1 disabled (common_status). */
    status: integer('status').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip').notNull().default(''),
    /** When the purge job deleted the person's data after their cancellation (the row stays, anonymised). */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_users_email_key')
      .on(t.email)
      .where(sql`${t.email} <> ''`),
    uniqueIndex('app_users_mobile_key')
      .on(t.mobile)
      .where(sql`${t.mobile} <> ''`),
    index('app_users_created_idx').on(t.createdAt),
  ],
);

/** App sessions: opaque tokens kept only as SHA-256 hashes, revocable like staff sessions. */
export const appSessions = pgTable(
  'app_sessions',
  {
    id: serial('id').primaryKey(),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('app_sessions_user_idx').on(t.appUserId)],
);

/**
 * Verification codes sent to an e-mail address or a mobile number (registration), kept only as
 * argon2 hashes; single use, short-lived, a few attempts.
 */
export const appVerificationCodes = pgTable(
  'app_verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['register'] }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** The lower-case address or the number the code went to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('app_verification_codes_target_idx').on(t.target, t.purpose)],
);

/**
 * A store is a mesh network of the app: its luminaires, gateways and sensors. It belongs to a
 * tenant: the platform by default, or the agent an operator assigned it to.
 */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    /** The store's stable public id (the app's meshId): never reused, never changes. */
    meshId: text('mesh_id').notNull().unique(),
    name: text('name').notNull(),
    tenantId: integer('tenant_id').notNull(),
    /** IANA time zone: analytics days and hours are the store's own. */
    timezone: text('timezone').notNull(),
    countryCode: text('country_code').notNull(),
    address: text('address').notNull().default(''),
    /** Where the store is, in degrees (WGS 84), for maps; both or neither. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdBy: integer('created_by').notNull(),
    /** The next lighting group's mesh group address. */
    nextGroupCode: integer('next_group_code').notNull().default(0xc001),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stores_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The platform's store list, newest first, across every tenant; the id breaks ties.
    index('stores_created_idx').on(t.createdAt, t.id),
    index('stores_name_idx').on(t.name),
    index('stores_country_idx').on(t.countryCode),
    check(
      'stores_location_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);

/** Who belongs to a store, and as what; exactly one admin per store. */
export const storeMembers = pgTable(
  'store_members',
  {
    /** The membership's own id, for the console's list of store users. */
    id: serial('id').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUsers.id),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.appUserId] }),
    uniqueIndex('store_members_id_key').on(t.id),
    uniqueIndex('store_members_one_admin')
      .on(t.storeId)
      .where(sql`${t.role} = 'admin'`),
    index('store_members_user_idx').on(t.appUserId),
  ],
);

/** An invitation to join a store: a code to share, or sent to an e-mail address. */
export const storeInvitations = pgTable(
  'store_invitations',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    /** '' for a shareable code; the invitee's address for an e-mail invitation. */
    email: text('email').notNull().default(''),
    invitedBy: integer('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by'),
    createdAt: createdAt(),
  },
  (t) => [index('store_invitations_store_idx').on(t.storeId)],
);

/** What happened to a store (created, member joined, admin transferred…), by whom. */
export const storeEvents = pgTable(
  'store_events',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Who did it: an app user in the app, or staff in the console. */
    actorKind: text('actor_kind', { enum: ['app-user', 'staff'] }).notNull(),
    actorId: integer('actor_id').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('store_events_store_idx').on(t.storeId, t.createdAt)],
);

/** A lighting group: luminaires of a store switched together, addressed by its mesh group address. */
export const lightingGroups = pgTable(
  'lighting_groups',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    groupCode: integer('group_code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lighting_groups_store_code_key').on(t.storeId, t.groupCode)],
);

/**
 * Devices the app provisioned into a store: luminaires, gateways and sensors. A uuid is in at
 * most one store. The live columns (online, last seen) are kept by the devices area from the
 * gateways' reports; this area only reads them.
 */
export const storeDevices = pgTable(
  'store_devices',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    kind: text('kind', { enum: ['luminaire', 'gateway', 'sensor'] }).notNull(),
    uuid: text('uuid').notNull().unique(),
    deviceCode: text('device_code').notNull().default(''),
    name: text('name').notNull(),
    /** The device model: a value of the firmware_type dictionary (the firmware types are the models). */
    model: text('model').notNull(),
    meshAddress: integer('mesh_address'),
    firmwareVersion: text('firmware_version').notNull().default(''),
    groupId: integer('group_id').references(() => lightingGroups.id),
    online: boolean('online').notNull().default(false),
    /** The last report that named this device; null until its first. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When `online` last changed (or the first report). */
    statusSince: timestamp('status_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('store_devices_store_idx').on(t.storeId, t.kind),
    index('store_devices_online_idx').on(t.online, t.lastSeenAt),
    index('store_devices_group_idx').on(t.groupId),
    index('store_devices_created_idx').on(t.createdAt),
  ],
);

/** Each signed-in install of the app: the phone as a device of its person. */
export const mobileDevices = pgTable(
  'mobile_devices',
  {
    id: serial('id').primaryKey(),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    /** The install's own id, chosen by the app, stable across sign-ins. */
    installId: text('install_id').notNull(),
    platform: text('platform', { enum: ['ios', 'android'] }).notNull(),
    model: text('model').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    appVersion: text('app_version').notNull().default(''),
    pushId: text('push_id').notNull().default(''),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mobile_devices_user_install_key').on(t.appUserId, t.installId)],
);

/** What app users tell the platform, with up to four pictures; staff mark it handled with a reply. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    /** feedback_type dictionary. */
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** Storage keys of the pictures. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    appVersion: text('app_version').notNull().default(''),
    phoneModel: text('phone_model').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
    reply: text('reply').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user_idx').on(t.appUserId), index('feedback_created_idx').on(t.createdAt)],
);

/** Per-person overrides of the platform's defaults for app users; null keeps the default. */
export const appUserSettings = pgTable('app_user_settings', {
  appUserId: integer('app_user_id')
    .primaryKey()
    .references(() => appUsers.id, { onDelete: 'cascade' }),
  maxStores: integer('max_stores'),
  maxDevicesPerStore: integer('max_devices_per_store'),
  heatmap: boolean('heatmap'),
  customerCounting: boolean('customer_counting'),
  retentionDays: integer('retention_days'),
  updatedAt: updatedAt(),
});

/**
 * An app user's request to cancel their account: the account is disabled at once, and after
 * the grace period the purge job deletes their personal data unless the request was withdrawn.
 */
export const appCancellationRequests = pgTable(
  'app_cancellation_requests',
  {
    id: serial('id').primaryKey(),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUsers.id),
    reason: text('reason').notNull().default(''),
    purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('app_cancellation_requests_due_idx').on(t.purgeAfter)],
);

/** E-mail kept when no SMTP server is configured, so nothing is lost; one-time codes in it are masked. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** The names of the files the mail carried; the files themselves are not kept. */
  attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});
