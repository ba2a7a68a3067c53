import { analyticsApi, type PeopleLimits, type Period, type ZoneSettings } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';
import { refetchFor } from '../shared/period';

/** The zones' limits also show on the store people screen (`people`): a change refreshes both. */
const peopleCache = resourceCache('analytics', 'people');
export const zonesCache = resourceCache('analytics', 'zones', [peopleCache]);
export const alertsCache = resourceCache('analytics', 'people-alerts');

export const zonesQuery = (storeId: number, period: Period) =>
  queryOptions({ ...zonesCache.query(analyticsApi.zones, { storeId, period }), refetchInterval: refetchFor(period) });
export const storeLimitsQuery = (storeId: number) => zonesCache.query(analyticsApi.peopleNow, { storeId });
export const alertsPageQuery = (q: { storeId?: number; page: number; limit: number }) => alertsCache.query(analyticsApi.alerts, q);

export const updateZone = (storeDeviceId: number, settings: ZoneSettings) => call(analyticsApi.updateZone, { storeDeviceId, ...settings });
export const updateStoreLimits = (storeId: number, limits: PeopleLimits) => call(analyticsApi.updateStoreLimits, { storeId, ...limits });
