import type { Period, ProductPopularity, RankedStore, StoreComparisonQuery, StorePopularity, StoreRankingQuery } from '@lightdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { contains } from '../../../lib/filters';
import { rowsOf } from '../../../lib/sql';
import { addFigures, deviceSeries, deviceTotals, NO_FIGURES, presenceOf, storeSeries, type Figures } from './figures';
import { comparisonPeriod, DAY_MS, localClock, resolvedOf, resolvePeriod, type StorePeriod } from './period';
import { deviceOfStore, visibleStore, visibleStores, type AnalyticsStore } from './stores';

/** Most popular first: more persons, then longer dwell, then by name. */
const byPopularity = (a: ProductPopularity, b: ProductPopularity) => b.persons - a.persons || b.dwellMs - a.dwellMs || a.name.localeCompare(b.name);

/**
 * A store's luminaires (the products under them) with their figures over a period, ranked. The
 * luminaires are read while the figures still are: one round trip less a request.
 */
export async function rankedProducts(db: Database, store: AnalyticsStore, totals: Promise<Map<number, Figures>>): Promise<ProductPopularity[]> {
  const [luminaires, figures] = await Promise.all([
    rowsOf<{ id: number; name: string; model: string }>(db, sql`select id, name, model from store_devices where store_id = ${store.id} and kind = 'luminaire'`),
    totals,
  ]);
  return luminaires
    .map((l) => ({ storeDeviceId: l.id, name: l.name, model: l.model, rank: 0, ...presenceOf(figures.get(l.id) ?? NO_FIGURES) }))
    .sort(byPopularity)
    .map((p, i) => ({ ...p, rank: i + 1 }));
}

/** A series' totals and buckets as presence figures, over its resolved period. */
const presenceSeries = (period: StorePeriod, series: Figures[]) => ({
  period: resolvedOf(period),
  totals: presenceOf(series.reduce(addFigures, NO_FIGURES)),
  trend: series.map(presenceOf),
});

export async function storePopularity(
  db: Database,
  session: Session,
  now: Date,
  query: { storeId: number; period: Period; top: number },
): Promise<StorePopularity> {
  const store = await visibleStore(db, session, query.storeId);
  const period = resolvePeriod(query.period, store.timezone, now);
  const against = comparisonPeriod(query.period, store.timezone, now);
  const [series, products, comparedSeries, comparedProducts] = await Promise.all([
    storeSeries(db, store.id, period),
    rankedProducts(db, store, deviceTotals(db, store.id, period)),
    against && storeSeries(db, store.id, against),
    against && deviceTotals(db, store.id, against),
  ]);
  return {
    ...presenceSeries(period, series),
    products: products
      .slice(0, query.top)
      .map((p) => ({ ...p, compared: comparedProducts && presenceOf(comparedProducts.get(p.storeDeviceId) ?? NO_FIGURES) })),
    comparison: against && comparedSeries && presenceSeries(against, comparedSeries),
  };
}

export async function productTrend(db: Database, session: Session, now: Date, query: { storeId: number; storeDeviceId: number; period: Period }) {
  const store = await visibleStore(db, session, query.storeId);
  await deviceOfStore(db, store.id, query.storeDeviceId, 'luminaire');
  const period = resolvePeriod(query.period, store.timezone, now);
  const against = comparisonPeriod(query.period, store.timezone, now);
  const [series, products, comparedSeries] = await Promise.all([
    deviceSeries(db, store.id, query.storeDeviceId, period),
    rankedProducts(db, store, deviceTotals(db, store.id, period)),
    against && deviceSeries(db, store.id, query.storeDeviceId, against),
  ]);
  const product = products.find((p) => p.storeDeviceId === query.storeDeviceId)!;
  return {
    period: resolvedOf(period),
    product,
    trend: series.map(presenceOf),
    comparison: against && comparedSeries && presenceSeries(against, comparedSeries),
  };
}

/**
 * The days a ranking across stores covers, per store. A day is each store's local day: a chosen
 * day, week, month or year is the same local dates everywhere; without a date, and for the quick
 * ranges, each store's own today decides, as on that store's own screens.
 */
function rankingRange(now: Date, resolve: (timezone: string, at: Date) => StorePeriod): { daily: SQL } | { minutes: SQL } {
  const utc = resolve('UTC', now);
  if (utc.bucket === 'minute') {
    const from = utc.fromInstant!;
    const until = new Date(from.getTime() + utc.buckets.length * 60_000);
    return { minutes: sql`d.minute >= ${from.toISOString()}::timestamptz and d.minute < ${until.toISOString()}::timestamptz` };
  }
  // Every time zone is less than a day off UTC, so a store's today is yesterday, today or
  // tomorrow in UTC: the period resolved for each of those three todays, as for one store.
  const todays = [-1, 0, 1].map((days) => {
    const at = new Date(now.getTime() + days * DAY_MS);
    return { today: localClock(at, 'UTC').date, period: resolve('UTC', at) };
  });
  const earliest = todays[0]!.period;
  const latest = todays[2]!.period;
  // Constant bounds, so the date index narrows the rows; when every today gives the same period
  // (a chosen date, or a month far from its ends) they are the period itself.
  const outer = sql`d.local_date between ${earliest.firstDate}::date and ${latest.lastDate}::date`;
  if (earliest.firstDate === latest.firstDate && earliest.lastDate === latest.lastDate) return { daily: outer };
  const storeToday = sql`(${now.toISOString()}::timestamptz at time zone s.timezone)::date`;
  const own = todays.map((t) => sql`when ${t.today}::date then d.local_date between ${t.period.firstDate}::date and ${t.period.lastDate}::date`);
  return { daily: sql`${outer} and case ${storeToday} ${sql.join(own, sql` `)} end` };
}

interface RankingRow {
  rank: number;
  id: number;
  mesh_id: string;
  name: string;
  country_code: string;
  timezone: string;
  persons: number;
  dwell_ms: number;
  open_days: number;
  compared_persons: number | null;
  change: number | null;
}

/** Each visible store's persons, dwell and open days over the range, one row per store that saw anyone. */
function rankingFigures(session: Session, range: { daily: SQL } | { minutes: SQL }): SQL {
  return 'daily' in range
    ? sql`select d.store_id, sum(d.persons)::int as persons, sum(d.dwell_ms)::float8 as dwell_ms,
              count(*) filter (where d.persons > 0 or d.walk_ins > 0)::int as open_days
            from analytics_store_daily d join stores s on s.id = d.store_id
            where ${range.daily} and ${visibleStores(session)} group by d.store_id`
    : sql`select d.store_id, sum(d.persons)::int as persons, sum(d.dwell_ms)::float8 as dwell_ms,
              (case when sum(d.persons) > 0 or sum(d.walk_ins) > 0 then 1 else 0 end)::int as open_days
            from analytics_store_minutely d join stores s on s.id = d.store_id
            where ${range.minutes} and ${visibleStores(session)} group by d.store_id`;
}

/**
 * Every visible store ranked by persons over the period, with its persons over the comparison
 * period when one is asked; the filters narrow the list, not the ranks.
 */
export function storeRanking(session: Session, now: Date, query: Omit<StoreRankingQuery, 'page' | 'limit' | 'order'> & { order?: StoreRankingQuery['order'] }) {
  const { period } = query;
  const figures = rankingFigures(
    session,
    rankingRange(now, (timezone, at) => resolvePeriod(period, timezone, at)),
  );
  const compared = period.compare
    ? rankingFigures(
        session,
        rankingRange(now, (timezone, at) => comparisonPeriod(period, timezone, at)!),
      )
    : sql`select null::int as store_id, null::int as persons where false`;
  const filters = [contains(sql`r.name`, query.name), query.countryCode ? sql`r.country_code = ${query.countryCode}` : undefined].filter(
    (c) => c !== undefined,
  );
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const ranked = sql`
    with f as (${figures}), c as (${compared}),
    r as (
      select rank() over (order by coalesce(f.persons, 0) desc)::int as rank, s.id, s.mesh_id, s.name, s.country_code, s.timezone,
        coalesce(f.persons, 0) as persons, coalesce(f.dwell_ms, 0) as dwell_ms, coalesce(f.open_days, 0) as open_days,
        ${period.compare ? sql`coalesce(c.persons, 0)` : sql`null::int`} as compared_persons,
        case when c.persons > 0 then (coalesce(f.persons, 0) - c.persons)::float8 / c.persons end as change
      from stores s left join f on f.store_id = s.id left join c on c.store_id = s.id
      where ${visibleStores(session)}
    )
    select * from r ${where}`;
  const order = query.order === 'change' ? sql`r.change desc nulls last, r.rank, r.id` : sql`r.rank, r.id`;
  return {
    rows: async (db: Database, offset: number, limit: number) =>
      (await rowsOf<RankingRow>(db, sql`${ranked} order by ${order} limit ${limit} offset ${offset}`)).map(rankedStore),
    total: async (db: Database) => Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${ranked}) x`))[0]?.n ?? 0),
  };
}

const rankedStore = (r: RankingRow): RankedStore => ({
  rank: Number(r.rank),
  storeId: r.id,
  meshId: r.mesh_id,
  name: r.name,
  countryCode: r.country_code,
  timezone: r.timezone,
  persons: Number(r.persons),
  dwellMs: Number(r.dwell_ms),
  openDays: Number(r.open_days),
  personsPerOpenDay: perOpenDay(Number(r.persons), Number(r.open_days)),
  comparedPersons: r.compared_persons === null ? null : Number(r.compared_persons),
  change: r.change === null ? null : Number(r.change),
});

const perOpenDay = (persons: number, openDays: number) => (openDays > 0 ? Math.round((persons / openDays) * 10) / 10 : 0);

/** Chosen stores side by side, each over its own local period, per open day. */
/** A store's persons over a period, per bucket and per open day. */
async function storePersons(db: Database, storeId: number, period: StorePeriod) {
  const series = await storeSeries(db, storeId, period);
  const { persons, dwellMs } = series.reduce(addFigures, NO_FIGURES);
  const openDays = await countOpenDays(db, storeId, period, series);
  return { period: resolvedOf(period), persons, dwellMs, openDays, personsPerOpenDay: perOpenDay(persons, openDays), trend: series.map((f) => f.persons) };
}

/** Chosen stores side by side, each over its own local period (and its comparison period), per open day. */
export async function storeComparison(db: Database, session: Session, now: Date, query: StoreComparisonQuery) {
  const ids = [...new Set(query.storeIds)];
  const stores = await Promise.all(ids.map((id) => visibleStore(db, session, id)));
  return {
    stores: await Promise.all(
      stores.map(async (store) => {
        const against = comparisonPeriod(query.period, store.timezone, now);
        const [own, compared] = await Promise.all([
          storePersons(db, store.id, resolvePeriod(query.period, store.timezone, now)),
          against && storePersons(db, store.id, against),
        ]);
        return {
          storeId: store.id,
          meshId: store.meshId,
          name: store.name,
          countryCode: store.countryCode,
          timezone: store.timezone,
          ...own,
          comparison: compared && {
            period: compared.period,
            persons: compared.persons,
            openDays: compared.openDays,
            personsPerOpenDay: compared.personsPerOpenDay,
            trend: compared.trend,
          },
        };
      }),
    ),
  };
}

async function countOpenDays(db: Database, storeId: number, period: StorePeriod, series: Figures[]): Promise<number> {
  if (period.bucket === 'minute') return series.some((f) => f.persons > 0 || f.walkIns > 0) ? 1 : 0;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from analytics_store_daily
        where store_id = ${storeId} and local_date between ${period.firstDate}::date and ${period.lastDate}::date and (persons > 0 or walk_ins > 0)`,
  );
  return Number(row?.n ?? 0);
}
