import { analyticsApi } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';
import { LIVE_REFRESH_MS } from '../shared/period';

export const todayCache = resourceCache('analytics', 'today');

/** Today is a range ending now: it refreshes as the quick ranges do. */
export const todayQuery = (storeId: number) => queryOptions({ ...todayCache.query(analyticsApi.today, { storeId }), refetchInterval: LIVE_REFRESH_MS });
