import { analyticsApi, type ProductTrendQuery, type StorePopularityQuery } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';
import { refetchFor } from '../shared/period';

export const popularityCache = resourceCache('analytics', 'store-popularity');

export const storePopularityQuery = (q: StorePopularityQuery) =>
  queryOptions({ ...popularityCache.query(analyticsApi.storePopularity, q), refetchInterval: refetchFor(q.period) });
export const productTrendQuery = (q: ProductTrendQuery) =>
  queryOptions({ ...popularityCache.query(analyticsApi.productTrend, q), refetchInterval: refetchFor(q.period) });
