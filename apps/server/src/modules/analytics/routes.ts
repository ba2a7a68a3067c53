import { analyticsApi, type ProductPopularity, type RankedStore } from '@lightdesk/contract';
import { streamExcel, type ExcelColumn } from '../../lib/excel';
import { defineRoutes } from '../../lib/routes';
import { storeLocations } from '../store';
import { alerts, peopleNow, updateStoreLimits, updateZone, walkIns, zoneSeries } from './queries/counting';
import { storeHeatmap } from './queries/heatmap';
import { productTrend, storeComparison, storePopularity, storeRanking } from './queries/popularity';
import { todayOverview } from './queries/today';

const seconds = (ms: number) => Math.round(ms / 100) / 10;

const PRODUCT_COLUMNS: ExcelColumn<ProductPopularity>[] = [
  { key: 'rank', header: { zh: '排名', en: 'Rank' }, width: 8, value: (p) => p.rank },
  { key: 'name', header: { zh: '产品', en: 'Product' }, width: 28, value: (p) => p.name },
  { key: 'model', header: { zh: '型号', en: 'Model' }, value: (p) => p.model },
  { key: 'persons', header: { zh: '人次', en: 'Persons' }, value: (p) => p.persons },
  { key: 'dwellShort', header: { zh: '停留 < 5 秒', en: 'Dwell < 5 s' }, value: (p) => p.dwellShort },
  { key: 'dwellMedium', header: { zh: '停留 5–60 秒', en: 'Dwell 5–60 s' }, value: (p) => p.dwellMedium },
  { key: 'dwellLong', header: { zh: '停留 > 60 秒', en: 'Dwell > 60 s' }, value: (p) => p.dwellLong },
  { key: 'averageDwell', header: { zh: '平均停留（秒）', en: 'Average dwell (s)' }, value: (p) => (p.persons > 0 ? seconds(p.dwellMs / p.persons) : 0) },
];

const RANKING_COLUMNS: ExcelColumn<RankedStore>[] = [
  { key: 'rank', header: { zh: '排名', en: 'Rank' }, width: 8, value: (s) => s.rank },
  { key: 'name', header: { zh: '门店', en: 'Store' }, width: 28, value: (s) => s.name },
  { key: 'meshId', header: { zh: '门店 ID', en: 'Store ID' }, value: (s) => s.meshId },
  { key: 'countryCode', header: { zh: '国家/地区', en: 'Country' }, width: 10, value: (s) => s.countryCode },
  { key: 'persons', header: { zh: '人次', en: 'Persons' }, value: (s) => s.persons },
  { key: 'openDays', header: { zh: '营业天数', en: 'Open days' }, value: (s) => s.openDays },
  { key: 'personsPerOpenDay', header: { zh: '日均人次', en: 'Persons per open day' }, value: (s) => s.personsPerOpenDay },
  { key: 'dwell', header: { zh: '总停留（秒）', en: 'Total dwell (s)' }, value: (s) => seconds(s.dwellMs) },
];

interface BucketRow {
  bucket: string;
  walkIns: number;
  exits: number;
}
const WALK_IN_COLUMNS: ExcelColumn<BucketRow>[] = [
  { key: 'bucket', header: { zh: '时间', en: 'Time' }, width: 20, value: (r) => r.bucket },
  { key: 'walkIns', header: { zh: '进店', en: 'Walk-ins' }, value: (r) => r.walkIns },
  { key: 'exits', header: { zh: '离店', en: 'Exits' }, value: (r) => r.exits },
];

/** One batch holds the whole (small) answer: the file is written from it at once. */
const whole =
  <T>(rows: T[]) =>
  (offset: number) =>
    Promise.resolve(offset === 0 ? rows : []);

export default defineRoutes((r, ctx) => {
  const { db, clock } = ctx;

  r.endpoint(analyticsApi.storePopularity, ({ session, query }) => storePopularity(db, session, clock.now(), query));
  r.endpoint(analyticsApi.exportStorePopularity, async ({ session, query, req, reply }) => {
    const { products } = await storePopularity(db, session, clock.now(), query);
    return streamExcel(req, reply, 'store-popularity', PRODUCT_COLUMNS, whole(products), Number.MAX_SAFE_INTEGER);
  });
  r.endpoint(analyticsApi.productTrend, ({ session, query }) => productTrend(db, session, clock.now(), query));

  r.endpoint(analyticsApi.storeRanking, async ({ session, query }) => {
    const ranking = storeRanking(session, clock.now(), query);
    const [list, total] = await Promise.all([ranking.rows(db, (query.page - 1) * query.limit, query.limit), ranking.total(db)]);
    return { list, total };
  });
  r.endpoint(analyticsApi.exportStoreRanking, async ({ session, query, req, reply }) => {
    const ranking = storeRanking(session, clock.now(), query);
    return streamExcel(req, reply, 'store-ranking', RANKING_COLUMNS, (offset, limit) => ranking.rows(db, offset, limit));
  });
  r.endpoint(analyticsApi.popularityMap, async ({ session, query }) => {
    const [places, ranked] = await Promise.all([
      storeLocations(db, session),
      storeRanking(session, clock.now(), { ...query, name: undefined, countryCode: undefined }).rows(db, 0, Number.MAX_SAFE_INTEGER),
    ]);
    const persons = new Map(ranked.map((s) => [s.storeId, s.persons]));
    return { stores: places.map((place) => ({ ...place, persons: persons.get(place.storeId) ?? 0 })) };
  });
  r.endpoint(analyticsApi.storeComparison, ({ session, query }) => storeComparison(db, session, clock.now(), query));

  r.endpoint(analyticsApi.peopleNow, ({ session, query }) => peopleNow(db, session, clock.now(), query.storeId));
  r.endpoint(analyticsApi.walkIns, ({ session, query }) => walkIns(db, session, clock.now(), query));
  r.endpoint(analyticsApi.exportWalkIns, async ({ session, query, req, reply }) => {
    const { period, series } = await walkIns(db, session, clock.now(), query);
    const rows = series.map((s, i) => ({ bucket: period.buckets[i]!, ...s }));
    return streamExcel(req, reply, 'walk-ins', WALK_IN_COLUMNS, whole(rows), Number.MAX_SAFE_INTEGER);
  });
  r.endpoint(analyticsApi.zones, ({ session, query }) => zoneSeries(db, session, clock.now(), query));
  r.endpoint(analyticsApi.updateZone, async ({ session, params, body }) => {
    await updateZone(db, session, params.storeDeviceId, body);
    return true;
  });
  r.endpoint(analyticsApi.updateStoreLimits, async ({ session, params, body }) => {
    await updateStoreLimits(db, session, params.storeId, body);
    return true;
  });
  r.endpoint(analyticsApi.alerts, ({ session, query }) => alerts(db, session, query));

  r.endpoint(analyticsApi.heatmap, ({ session, query }) => storeHeatmap(db, session, clock.now(), query));
  r.endpoint(analyticsApi.currentHeatmap, ({ session, query }) =>
    storeHeatmap(db, session, clock.now(), { storeId: query.storeId, period: { kind: 'last5min' } }),
  );

  r.endpoint(analyticsApi.today, ({ session, query }) => todayOverview(db, session, clock.now(), query.storeId));
});
