import { analyticsApi } from '@lightdesk/contract';
import { streamExcel, streamRows } from '../../lib/excel';
import { defineRoutes } from '../../lib/routes';
import { storeLocations } from '../store';
import { PRODUCT_COLUMNS, RANKING_COLUMNS, WALK_IN_COLUMNS, walkInRows } from './exports';
import { alerts, peopleNow, updateStoreLimits, updateZone, walkIns, zoneSeries } from './queries/counting';
import { storeHeatmap } from './queries/heatmap';
import { productTrend, storeComparison, storePopularity, storeRanking } from './queries/popularity';
import { todayOverview } from './queries/today';

export default defineRoutes((r, ctx) => {
  const { db, clock, dictionaries } = ctx;

  r.endpoint(analyticsApi.storePopularity, ({ session, query }) => storePopularity(db, session, clock.now(), query));
  r.endpoint(analyticsApi.exportStorePopularity, async ({ session, query, req, reply }) => {
    const { products } = await storePopularity(db, session, clock.now(), query);
    return streamRows(req, reply, dictionaries, { file: 'store-popularity', columns: PRODUCT_COLUMNS }, products);
  });
  r.endpoint(analyticsApi.productTrend, ({ session, query }) => productTrend(db, session, clock.now(), query));

  r.endpoint(analyticsApi.storeRanking, async ({ session, query }) => {
    const ranking = storeRanking(session, clock.now(), query);
    const [list, total] = await Promise.all([ranking.rows(db, (query.page - 1) * query.limit, query.limit), ranking.total(db)]);
    return { list, total };
  });
  r.endpoint(analyticsApi.exportStoreRanking, async ({ session, query, req, reply }) => {
    const ranking = storeRanking(session, clock.now(), query);
    return streamExcel(req, reply, dictionaries, { file: 'store-ranking', columns: RANKING_COLUMNS }, (offset, limit) => ranking.rows(db, offset, limit));
  });
  r.endpoint(analyticsApi.popularityMap, async ({ session, query }) => {
    const [places, ranked] = await Promise.all([
      storeLocations(db, session),
      storeRanking(session, clock.now(), { ...query, name: undefined, countryCode: undefined }).rows(db, 0, Number.MAX_SAFE_INTEGER),
    ]);
    const figures = new Map(ranked.map((s) => [s.storeId, s]));
    return {
      stores: places.map((place) => ({
        ...place,
        persons: figures.get(place.storeId)?.persons ?? 0,
        comparedPersons: query.period.compare ? (figures.get(place.storeId)?.comparedPersons ?? 0) : null,
      })),
    };
  });
  r.endpoint(analyticsApi.storeComparison, ({ session, query }) => storeComparison(db, session, clock.now(), query));

  r.endpoint(analyticsApi.peopleNow, ({ session, query }) => peopleNow(db, session, clock.now(), query.storeId));
  r.endpoint(analyticsApi.walkIns, ({ session, query }) => walkIns(db, session, clock.now(), query));
  r.endpoint(analyticsApi.exportWalkIns, async ({ session, query, req, reply }) => {
    const rows = walkInRows(await walkIns(db, session, clock.now(), query));
    return streamRows(req, reply, dictionaries, { file: 'walk-ins', columns: WALK_IN_COLUMNS }, rows);
  });
  r.endpoint(analyticsApi.zones, ({ session, query }) => zoneSeries(db, session, clock.now(), query));
  r.endpoint(analyticsApi.updateZone, async ({ session, params, body }) => {
    await updateZone(db, session, params.storeDeviceId, body, clock.now());
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
