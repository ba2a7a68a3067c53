import { analyticsApi } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';
import { LIVE_REFRESH_MS } from '../shared/period';

export const currentHeatmapCache = resourceCache('analytics', 'current-heatmap');

/** The last five minutes: refreshed as the quick ranges are. */
export const currentHeatmapQuery = (storeId: number) =>
  queryOptions({ ...currentHeatmapCache.query(analyticsApi.currentHeatmap, { storeId }), refetchInterval: LIVE_REFRESH_MS });
