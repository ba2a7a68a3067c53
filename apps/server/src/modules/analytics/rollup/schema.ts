import { bigint, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rollups of the sensors' reports, kept in the ingest's own transaction, so a figure is on screen
 * as soon as its report is acknowledged. Hours and days are the store's local wall-clock ones
 * (`local_hour` is a local time without zone: a store at UTC+5:30 has hours starting at :30 UTC),
 * so a day, week or month of a store is a plain range of its own dates. The raw reports stay the
 * truth: each rollup equals a recomputation from them.
 */

/** What presence and entrance reports add up to: persons near a product with their dwell, and walk-ins and exits. */
const figures = () => ({
  persons: integer('persons').notNull().default(0),
  /** Persons who stayed under 5 s, 5–60 s, over 60 s. */
  dwellShort: integer('dwell_short').notNull().default(0),
  dwellMedium: integer('dwell_medium').notNull().default(0),
  dwellLong: integer('dwell_long').notNull().default(0),
  dwellMs: bigint('dwell_ms', { mode: 'number' }).notNull().default(0),
  walkIns: integer('walk_ins').notNull().default(0),
  exits: integer('exits').notNull().default(0),
});
const owner = () => ({ tenantId: integer('tenant_id').notNull(), storeId: integer('store_id').notNull() });
const localHour = () => timestamp('local_hour', { mode: 'string' }).notNull();
const localDate = () => date('local_date', { mode: 'string' }).notNull();

/**
 * Per luminaire (the product under it) or entrance counter, per local hour. One index serves both
 * the ingest's upsert and every read (a store's devices over a range, or one of them): each
 * report keeps a single index up to date.
 */
export const deviceHourly = pgTable(
  'analytics_device_hourly',
  { ...owner(), storeDeviceId: integer('store_device_id').notNull(), localHour: localHour(), ...figures() },
  (t) => [primaryKey({ columns: [t.storeId, t.localHour, t.storeDeviceId] })],
);

/** Per luminaire or entrance counter, per local day: long ranges read these. Keyed as the hours are. */
export const deviceDaily = pgTable(
  'analytics_device_daily',
  { ...owner(), storeDeviceId: integer('store_device_id').notNull(), localDate: localDate(), ...figures() },
  // The key also carries the figures (INCLUDE, in the migration), so a store's month is an index-only read.
  (t) => [primaryKey({ columns: [t.storeId, t.localDate, t.storeDeviceId] })],
);

/** The whole store per local hour. */
export const storeHourly = pgTable('analytics_store_hourly', { ...owner(), localHour: localHour(), ...figures() }, (t) => [
  primaryKey({ columns: [t.storeId, t.localHour] }),
]);

/** The whole store per local day: rankings across every store read these. */
export const storeDaily = pgTable('analytics_store_daily', { ...owner(), localDate: localDate(), ...figures() }, (t) => [
  primaryKey({ columns: [t.storeId, t.localDate] }),
  index('analytics_store_daily_date_idx').on(t.localDate, t.storeId),
]);

/** The whole store per minute (UTC), for the real-time views; kept two days. */
export const storeMinutely = pgTable(
  'analytics_store_minutely',
  { ...owner(), minute: timestamp('minute', { withTimezone: true, mode: 'string' }).notNull(), ...figures() },
  (t) => [primaryKey({ columns: [t.storeId, t.minute] }), index('analytics_store_minutely_minute_idx').on(t.minute)],
);

/** A zone device's people per local hour: the most and fewest it reported. */
export const zoneHourly = pgTable(
  'analytics_zone_hourly',
  {
    ...owner(),
    storeDeviceId: integer('store_device_id').notNull(),
    localHour: localHour(),
    peopleMax: integer('people_max').notNull(),
    peopleMin: integer('people_min').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeDeviceId, t.localHour] }), index('analytics_zone_hourly_store_idx').on(t.storeId, t.localHour)],
);

/** A zone device's settings and its latest reading. */
export const zones = pgTable(
  'analytics_zones',
  {
    storeDeviceId: integer('store_device_id').primaryKey(),
    ...owner(),
    /** How the zone sensor is mounted: 0, 90, 180 or 270 degrees clockwise. */
    rotation: smallint('rotation').notNull().default(0),
    maxPeople: integer('max_people'),
    minPeople: integer('min_people'),
    people: integer('people'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('analytics_zones_store_idx').on(t.storeId)],
);

/** A store's people limits, against its live occupancy. */
export const storePeopleLimits = pgTable('analytics_store_limits', {
  storeId: integer('store_id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  maxPeople: integer('max_people'),
  minPeople: integer('min_people'),
});

/** A zone's or store's people outside its limits: open until back within them. */
export const peopleAlerts = pgTable(
  'analytics_people_alerts',
  {
    id: serial('id').primaryKey(),
    ...owner(),
    /** The zone device; null for the whole store. */
    storeDeviceId: integer('store_device_id'),
    /** above-max | below-min */
    kind: text('kind').notNull(),
    people: integer('people').notNull(),
    limit: integer('people_limit').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('analytics_people_alerts_store_idx').on(t.storeId, t.at), index('analytics_people_alerts_tenant_idx').on(t.tenantId, t.at)],
);

/** A heatmap sensor's grid, cell by cell summed over a local hour, with the frames summed. */
export const heatmapHourly = pgTable(
  'analytics_heatmap_hourly',
  {
    ...owner(),
    storeDeviceId: integer('store_device_id').notNull(),
    localHour: localHour(),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    frames: integer('frames').notNull(),
    cells: bigint('cells', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeDeviceId, t.localHour, t.width, t.height] }), index('analytics_heatmap_hourly_store_idx').on(t.storeId, t.localHour)],
);

/** The same per local day. */
export const heatmapDaily = pgTable(
  'analytics_heatmap_daily',
  {
    ...owner(),
    storeDeviceId: integer('store_device_id').notNull(),
    localDate: localDate(),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    frames: integer('frames').notNull(),
    cells: bigint('cells', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeDeviceId, t.localDate, t.width, t.height] }), index('analytics_heatmap_daily_store_idx').on(t.storeId, t.localDate)],
);
