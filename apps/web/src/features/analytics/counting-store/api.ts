import { analyticsApi } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';
import { LIVE_REFRESH_MS } from '../shared/period';

/** People now and the zones' limits: the zones screen's changes show here too. */
export const peopleCache = resourceCache('analytics', 'people');

export const peopleNowQuery = (storeId: number) =>
  queryOptions({ ...peopleCache.query(analyticsApi.peopleNow, { storeId }), refetchInterval: LIVE_REFRESH_MS });
