import { analyticsApi, analyticsStoreApi, type Period } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, callForm, type Progress } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { refetchFor } from '../shared/period';

export const floorPlanQuery = (storeId: number) =>
  queryOptions({ queryKey: ['floor-plan', storeId], queryFn: () => call(analyticsStoreApi.floorPlan, { storeId }) });

export const uploadFloorPlan = (storeId: number, file: File, onProgress?: Progress) =>
  callForm(analyticsStoreApi.uploadFloorPlan, { file }, onProgress, { storeId });

export const storeHeatmapCache = resourceCache('analytics', 'store-heatmap');

/** A store's people over its floor plan (or its sensors side by side) for a period. */
export const storeHeatmapQuery = (q: { storeId: number; period: Period }) =>
  queryOptions({ ...storeHeatmapCache.query(analyticsApi.heatmap, q), refetchInterval: refetchFor(q.period) });
