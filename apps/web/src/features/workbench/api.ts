import { analyticsApi, feedbackApi, feedbackStats, firmwareApis, gatewayApi, luminaireApi, type FirmwareChannel, type StoreDevice } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/http';
import { resourceCache } from '../../lib/resource-cache';

/**
 * The home's figures, each from the endpoint the screen it links to reads, under the same cache
 * roots: a reply on the feedback screen or a verified firmware refreshes the home as well.
 */
const feedbackCache = resourceCache('store', 'feedback');
const appUserCache = resourceCache('store', 'app-user');
const deviceCache = resourceCache('store', 'device');
const mapCache = resourceCache('analytics', 'popularity-map');
const firmwareCache = (channel: FirmwareChannel) => resourceCache<'release', string>('release', `firmware-${channel}`);

/** Live figures are fetched again while the home is open. */
export const HOME_REFRESH_MS = 60_000;

/** How many rows each list panel shows. */
export const HOME_ROWS = 5;

/** Every store with the people seen today in the store's own day so far. */
export const visitorsTodayQuery = () =>
  queryOptions({ ...mapCache.query(analyticsApi.popularityMap, { period: { kind: 'realtime' } }), refetchInterval: HOME_REFRESH_MS });

/** App users who registered today (and the other registration figures). */
export const registrationsQuery = () => queryOptions({ ...appUserCache.query(feedbackStats), refetchInterval: HOME_REFRESH_MS });

/** Newest first, the list's own order. */
export const recentFeedbackQuery = () => feedbackCache.query(feedbackApi.page, { page: 1, limit: HOME_ROWS });

export interface DeviceFigures {
  online: number;
  offline: number;
  /** Offline devices of every kind, silent longest first. */
  offlineLongest: StoreDevice[];
}

/** Last report first; devices that never reported come after the ones that did. */
const bySilence = (a: StoreDevice, b: StoreDevice) => (a.lastSeenAt ?? '\uffff').localeCompare(b.lastSeenAt ?? '\uffff');

/**
 * Luminaires, gateways and sensors together: how many are online and offline, and the ones
 * offline longest. The device lists answer their totals, so four small pages say it all.
 */
export const deviceFiguresQuery = () =>
  queryOptions({
    queryKey: deviceCache.key('workbench-figures'),
    queryFn: async (): Promise<DeviceFigures> => {
      const offline = { page: 1, limit: HOME_ROWS, online: false, sortBy: 'lastSeenAt', sortOrder: 'asc' } as const;
      const [lightsOn, gatewaysOn, lightsOff, gatewaysOff] = await Promise.all([
        call(luminaireApi.page, { page: 1, limit: 1, online: true }),
        call(gatewayApi.page, { page: 1, limit: 1, online: true }),
        call(luminaireApi.page, offline),
        call(gatewayApi.page, offline),
      ]);
      return {
        online: lightsOn.total + gatewaysOn.total,
        offline: lightsOff.total + gatewaysOff.total,
        offlineLongest: [...lightsOff.list, ...gatewaysOff.list].sort(bySilence).slice(0, HOME_ROWS),
      };
    },
    refetchInterval: HOME_REFRESH_MS,
  });

/** Firmware of one channel that is not verified yet, and how many; newest upload first. */
export const awaitingVerificationQuery = (channel: FirmwareChannel) =>
  firmwareCache(channel).query(firmwareApis[channel].page, { page: 1, limit: HOME_ROWS, verifyStatus: '1' });
