import { analyticsApi, type Period } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';
import { refetchFor } from '../shared/period';

export const walkInsCache = resourceCache('analytics', 'walk-ins');

export interface WalkInsQuery {
  storeId: number;
  period: Period;
}
export const walkInsQuery = (q: WalkInsQuery) => queryOptions({ ...walkInsCache.query(analyticsApi.walkIns, q), refetchInterval: refetchFor(q.period) });
