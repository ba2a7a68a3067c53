import { z } from 'zod';
import { Id, pageOf, PageQuery, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { Period, ResolvedPeriod } from './period';

/**
 * Retail analytics read from rollups of the sensors' reports, in each store's own time zone.
 * Every call goes through the further client (`/api/v2/saas/web`); agents' staff read only their
 * own stores. docs/analytics.md explains the figures.
 */
const BASE = '/api/v2/saas/web/analytics';

/** Dwell time per person: short under 5 s, medium 5–60 s, long over 60 s. */
export const DWELL_SHORT_MS = 5_000;
export const DWELL_LONG_MS = 60_000;

/** People seen near a product (under its luminaire) and how long they stayed. */
export const Presence = z.object({
  persons: z.number().int(),
  dwellShort: z.number().int(),
  dwellMedium: z.number().int(),
  dwellLong: z.number().int(),
  /** Sum of every person's dwell time, milliseconds. */
  dwellMs: z.number(),
});
export type Presence = z.infer<typeof Presence>;

/**
 * An answer's figures over the comparison period (`period[compare]`), beside its own: the same
 * shape, over the resolved comparison period; null when no comparison was asked.
 */
const compared = <T extends z.ZodRawShape>(figures: T) => z.object({ period: ResolvedPeriod, ...figures }).nullable();

const StoreQuery = z.object({ storeId: Id });
const StorePeriodQuery = StoreQuery.extend({ period: Period });

export const ProductPopularity = Presence.extend({
  storeDeviceId: z.number().int(),
  name: z.string(),
  model: z.string(),
  rank: z.number().int(),
});
export type ProductPopularity = z.infer<typeof ProductPopularity>;

export const StorePopularityQuery = StorePeriodQuery.extend({
  /** How many of the most popular products to answer (by persons). */
  top: z.coerce.number().int().min(1).max(500).default(20),
});
export type StorePopularityQuery = z.infer<typeof StorePopularityQuery>;

export const StorePopularity = z.object({
  period: ResolvedPeriod,
  totals: Presence,
  /** The store's persons and dwell per bucket of the period, in the order of `period.buckets`. */
  trend: z.array(Presence),
  /** Each product with its figures over the comparison period (null when none was asked). */
  products: z.array(ProductPopularity.extend({ compared: Presence.nullable() })),
  comparison: compared({ totals: Presence, trend: z.array(Presence) }),
});
export type StorePopularity = z.infer<typeof StorePopularity>;

export const ProductTrendQuery = StorePeriodQuery.extend({ storeDeviceId: Id });
export type ProductTrendQuery = z.infer<typeof ProductTrendQuery>;
export const ProductTrend = z.object({
  period: ResolvedPeriod,
  product: ProductPopularity,
  trend: z.array(Presence),
  comparison: compared({ totals: Presence, trend: z.array(Presence) }),
});
export type ProductTrend = z.infer<typeof ProductTrend>;

/** How the ranking is ordered: by persons (the rank), or by change against the comparison period, largest rise first. */
export const RANKING_ORDERS = ['persons', 'change'] as const;
export const StoreRankingQuery = PageQuery.extend({
  period: Period,
  name: TextFilter,
  countryCode: TextFilter,
  order: z.enum(RANKING_ORDERS).default('persons'),
});
export type StoreRankingQuery = z.infer<typeof StoreRankingQuery>;
export const RankedStore = z.object({
  rank: z.number().int(),
  storeId: z.number().int(),
  meshId: z.string(),
  name: z.string(),
  countryCode: z.string(),
  timezone: z.string(),
  persons: z.number().int(),
  dwellMs: z.number(),
  /** Local days of the period on which the store reported anyone. */
  openDays: z.number().int(),
  /** Persons per open day: stores open on different days compare fairly. */
  personsPerOpenDay: z.number(),
  /** Persons over the comparison period; null when none was asked. */
  comparedPersons: z.number().int().nullable(),
  /** Persons against the comparison period as a fraction (0.25 is a quarter more); null when not compared or nobody came then. */
  change: z.number().nullable(),
});
export type RankedStore = z.infer<typeof RankedStore>;

export const StoreComparisonQuery = z.object({ period: Period, storeIds: z.array(Id).min(1).max(10) });
export type StoreComparisonQuery = z.infer<typeof StoreComparisonQuery>;
export const StoreComparison = z.object({
  stores: z.array(
    RankedStore.omit({ rank: true, comparedPersons: true, change: true }).extend({
      period: ResolvedPeriod,
      /** Persons per bucket of the store's own period. */
      trend: z.array(z.number().int()),
      comparison: compared({ persons: z.number().int(), openDays: z.number().int(), personsPerOpenDay: z.number(), trend: z.array(z.number().int()) }),
    }),
  ),
});
export type StoreComparison = z.infer<typeof StoreComparison>;

export const PopularityMapQuery = z.object({ period: Period });
export const MappedStore = z.object({
  storeId: z.number().int(),
  meshId: z.string(),
  name: z.string(),
  countryCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Where the position comes from: the store's own coordinates, or its country's centre. */
  located: z.enum(['store', 'country']),
  persons: z.number().int(),
  /** Persons over the comparison period; null when none was asked. */
  comparedPersons: z.number().int().nullable(),
});
export type MappedStore = z.infer<typeof MappedStore>;

/** Walk-ins and exits of the store's entrance counters. */
export const Entrances = z.object({ walkIns: z.number().int(), exits: z.number().int() });
export type Entrances = z.infer<typeof Entrances>;

export const WalkIns = z.object({
  period: ResolvedPeriod,
  totals: Entrances,
  series: z.array(Entrances),
  comparison: compared({ totals: Entrances, series: z.array(Entrances) }),
});
export type WalkIns = z.infer<typeof WalkIns>;

export const ZONE_ROTATIONS = [0, 90, 180, 270] as const;
export const ZoneRotation = z.union(ZONE_ROTATIONS.map((r) => z.literal(r)) as [z.ZodLiteral<0>, z.ZodLiteral<90>, z.ZodLiteral<180>, z.ZodLiteral<270>]);
export const ZONE_STATES = ['ok', 'above', 'below', 'unknown'] as const;
export const ZoneState = z.enum(ZONE_STATES);
export type ZoneState = z.infer<typeof ZoneState>;

/** People limits: crossing one raises an alert. Either may be unset. */
export const PeopleLimits = z
  .object({ maxPeople: z.number().int().min(0).max(100_000).nullable(), minPeople: z.number().int().min(0).max(100_000).nullable() })
  .refine((l) => l.maxPeople === null || l.minPeople === null || l.minPeople <= l.maxPeople, { path: ['minPeople'], message: 'form.minAboveMax' });
export type PeopleLimits = z.infer<typeof PeopleLimits>;

export const Zone = z.object({
  storeDeviceId: z.number().int(),
  /** The zone device's name. */
  name: z.string(),
  rotation: z.number().int(),
  maxPeople: z.number().int().nullable(),
  minPeople: z.number().int().nullable(),
  /** People in the zone at its last report; null before its first. */
  people: z.number().int().nullable(),
  at: z.string().nullable(),
  state: ZoneState,
});
export type Zone = z.infer<typeof Zone>;

export const PeopleNow = z.object({
  period: ResolvedPeriod,
  /** Walk-ins less exits since the store's day began, never below zero. */
  occupancy: z.number().int(),
  limits: z.object({ maxPeople: z.number().int().nullable(), minPeople: z.number().int().nullable() }),
  state: ZoneState,
  /** Today by hour: walk-ins, exits and the occupancy at the hour's end. */
  today: z.array(Entrances.extend({ occupancy: z.number().int() })),
  zones: z.array(Zone),
});
export type PeopleNow = z.infer<typeof PeopleNow>;

const ZoneBand = z.object({ max: z.number().int().nullable(), min: z.number().int().nullable() });
export const ZoneSeries = z.object({
  period: ResolvedPeriod,
  zones: z.array(Zone.extend({ series: z.array(ZoneBand) })),
  comparison: compared({ zones: z.array(z.object({ storeDeviceId: z.number().int(), series: z.array(ZoneBand) })) }),
});
export type ZoneSeries = z.infer<typeof ZoneSeries>;

export const ZoneSettings = PeopleLimits.and(z.object({ rotation: ZoneRotation }));
export type ZoneSettings = z.infer<typeof ZoneSettings>;

export const ALERT_KINDS = ['above-max', 'below-min'] as const;
export const AlertQuery = PageQuery.extend({ storeId: Id.optional() });
export const PeopleAlert = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  /** The zone device; null for the whole store. */
  storeDeviceId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  kind: z.enum(ALERT_KINDS),
  people: z.number().int(),
  limit: z.number().int(),
  at: z.string(),
  /** When people came back within the limit; null while it lasts. */
  endedAt: z.string().nullable(),
});
export type PeopleAlert = z.infer<typeof PeopleAlert>;

export const HeatmapQuery = StorePeriodQuery;
/** Counts on a fixed grid laid over the floor plan (or over the sensors' area when there is no plan). */
export const Heatmap = z.object({
  period: ResolvedPeriod,
  columns: z.number().int(),
  rows: z.number().int(),
  /** Row by row, `columns × rows` counts. */
  cells: z.array(z.number()),
  max: z.number(),
  /** Heatmap sensors of the store, and whether the app has aligned each on the plan. */
  sensors: z.array(z.object({ storeDeviceId: z.number().int(), name: z.string(), aligned: z.boolean() })),
  /** The same grid over the comparison period: the floor's traffic then, on the same scale. */
  comparison: compared({ cells: z.array(z.number()), max: z.number() }),
});
export type Heatmap = z.infer<typeof Heatmap>;

export const TodayOverview = z.object({
  period: ResolvedPeriod,
  /** Walk-ins per hour today, and on the same weekday last week. */
  flow: z.object({ today: z.array(z.number().int()), lastWeek: z.array(z.number().int()) }),
  devices: z.array(z.object({ kind: z.string(), model: z.string(), online: z.number().int(), offline: z.number().int() })),
  deviceInfo: z.array(
    z.object({
      storeDeviceId: z.number().int(),
      name: z.string(),
      kind: z.string(),
      model: z.string(),
      online: z.boolean(),
      group: z.string().nullable(),
      /** Milliseconds online and offline since the store's day began. */
      onlineMs: z.number(),
      offlineMs: z.number(),
    }),
  ),
  topProducts: z.array(ProductPopularity),
  totals: Presence.extend({
    /** Persons per product that saw anyone. */
    averagePersons: z.number(),
    /** Dwell per person, milliseconds. */
    averageDwellMs: z.number(),
    customers: z.number().int(),
  }),
});
export type TodayOverview = z.infer<typeof TodayOverview>;

const popularity = 'statistics:store-popularity';
const allStores = 'statistics:all-stores';

export const analyticsApi = {
  storePopularity: endpoint.get(`${BASE}/store-popularity`, {
    permission: `${popularity}:query`,
    query: StorePopularityQuery,
    answer: StorePopularity,
    summary: "A store's product popularity for a period: totals, trend and the top products",
  }),
  exportStorePopularity: endpoint.get(`${BASE}/store-popularity/export-excel`, {
    permission: `${popularity}:export`,
    query: StorePopularityQuery,
    summary: "A store's product popularity for a period, as an Excel file",
  }),
  productTrend: endpoint.get(`${BASE}/product-popularity`, {
    permission: `${popularity}:query`,
    query: ProductTrendQuery,
    answer: ProductTrend,
    summary: "One product's popularity across a period",
  }),
  storeRanking: endpoint.get(`${BASE}/store-ranking`, {
    permission: `${allStores}:query`,
    query: StoreRankingQuery,
    answer: pageOf(RankedStore),
    summary: 'Stores ranked by persons for a period',
  }),
  exportStoreRanking: endpoint.get(`${BASE}/store-ranking/export-excel`, {
    permission: `${allStores}:export`,
    query: StoreRankingQuery.omit({ page: true, limit: true }),
    summary: 'Stores ranked by persons for a period, as an Excel file',
  }),
  storeComparison: endpoint.get(`${BASE}/store-comparison`, {
    permission: `${allStores}:query`,
    query: StoreComparisonQuery,
    answer: StoreComparison,
    summary: 'Chosen stores side by side for a period, per open day',
  }),
  popularityMap: endpoint.get(`${BASE}/popularity-map`, {
    permission: 'statistics:popularity-map:query',
    query: PopularityMapQuery,
    answer: z.object({ stores: z.array(MappedStore) }),
    summary: 'Every store on the map with its persons for a period',
  }),
  peopleNow: endpoint.get(`${BASE}/people-now`, {
    permission: 'counting:store:query',
    query: StoreQuery,
    answer: PeopleNow,
    summary: 'People in a store now, today by hour, and its zones',
  }),
  walkIns: endpoint.get(`${BASE}/walk-ins`, {
    permission: 'counting:walk-in:query',
    query: StorePeriodQuery,
    answer: WalkIns,
    summary: "A store's walk-ins and exits across a period",
  }),
  exportWalkIns: endpoint.get(`${BASE}/walk-ins/export-excel`, {
    permission: 'counting:walk-in:export',
    query: StorePeriodQuery,
    summary: "A store's walk-ins and exits across a period, as an Excel file",
  }),
  zones: endpoint.get(`${BASE}/zones`, {
    permission: 'counting:zone:query',
    query: StorePeriodQuery,
    answer: ZoneSeries,
    summary: "A store's people zones: limits, people now, and the observed max and min per bucket",
  }),
  updateZone: endpoint.put(`${BASE}/zones/:storeDeviceId`, {
    permission: 'counting:zone:update',
    params: z.object({ storeDeviceId: Id }),
    body: ZoneSettings,
    answer: z.boolean(),
    summary: "Sets a zone device's rotation and people limits",
  }),
  updateStoreLimits: endpoint.put(`${BASE}/stores/:storeId/people-limits`, {
    permission: 'counting:zone:update',
    params: z.object({ storeId: Id }),
    body: PeopleLimits,
    answer: z.boolean(),
    summary: "Sets a store's people limits",
  }),
  alerts: endpoint.get(`${BASE}/alerts`, {
    permission: 'counting:zone:query',
    query: AlertQuery,
    answer: pageOf(PeopleAlert),
    summary: 'People alerts, newest first',
  }),
  heatmap: endpoint.get(`${BASE}/heatmap`, {
    permission: 'heatmap:store:query',
    query: HeatmapQuery,
    answer: Heatmap,
    summary: "A store's heatmap over its floor plan for a period",
  }),
  currentHeatmap: endpoint.get(`${BASE}/current-heatmap`, {
    permission: 'counting:current-heatmap:query',
    query: StoreQuery,
    answer: Heatmap,
    summary: "A store's heatmap of the last five minutes",
  }),
  today: endpoint.get(`${BASE}/today`, {
    permission: 'statistics:today:query',
    query: StoreQuery,
    answer: TodayOverview,
    summary: "A store's day so far: flow against last week, devices, top products and totals",
  }),
};
