import { analyticsApi, type Period } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';
import { refetchFor } from '../shared/period';

export const popularityMapCache = resourceCache('analytics', 'popularity-map');

export const popularityMapQuery = (period: Period) =>
  queryOptions({ ...popularityMapCache.query(analyticsApi.popularityMap, { period }), refetchInterval: refetchFor(period) });
