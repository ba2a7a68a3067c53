import { analyticsApi, type StoreComparisonQuery, type StoreRankingQuery } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';
import { periodOfParams, refetchFor } from '../shared/period';

export const rankingCache = resourceCache('analytics', 'store-ranking');

/** The ranking list's parameters: its search, page and the period as the list's fixed `period[kind]`, `period[date]`. */
export type RankingParams = Omit<StoreRankingQuery, 'period'> & Record<string, unknown>;

export const storeRankingQuery = (params: RankingParams) => {
  const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !key.startsWith('period['))) as Omit<StoreRankingQuery, 'period'>;
  const period = periodOfParams(params);
  return queryOptions({ ...rankingCache.query(analyticsApi.storeRanking, { ...rest, period }), refetchInterval: refetchFor(period) });
};

export const storeComparisonQuery = (q: StoreComparisonQuery) =>
  queryOptions({ ...rankingCache.query(analyticsApi.storeComparison, q), refetchInterval: refetchFor(q.period) });
