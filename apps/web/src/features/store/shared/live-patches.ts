import type { Store, StoreDetail, StoreDevice } from '@lightdesk/contract';
import { isNewer, patchRows, type LivePatch } from '../../../lib/live-status';
import { storeCache } from './store-caches';

/** The device registry's rows (luminaires, gateways and sensors) follow their devices' online changes. */
export const storeDevicePatch = (root: readonly unknown[]): LivePatch => ({
  root,
  patch: (data, change) =>
    patchRows<StoreDevice>(data, change.storeDeviceId, (d) => (change.online ? { ...d, online: true, lastSeenAt: change.at } : { ...d, online: false })),
});

/** One device more or fewer online, within what the store holds. */
const counted = <T extends { onlineDeviceCount: number; deviceCount: number }>(s: T, online: boolean): T => ({
  ...s,
  onlineDeviceCount: Math.min(s.deviceCount, Math.max(0, s.onlineDeviceCount + (online ? 1 : -1))),
});

/**
 * The stores' online counts, and the devices in an open store's detail. A count takes only the
 * changes after its answer was fetched: an older one is already in it.
 */
export const storePatch: LivePatch = {
  root: storeCache.root,
  patch: (data, change, fetchedAt) => {
    if (change.storeDeviceId === null || change.storeId === null) return data;
    const detail = data as StoreDetail | undefined;
    if (detail && 'devices' in detail) {
      if (detail.id !== change.storeId) return data;
      const devices = detail.devices.map((d) => (d.id === change.storeDeviceId ? { ...d, online: change.online } : d));
      return { ...(isNewer(change, fetchedAt) ? counted(detail, change.online) : detail), devices };
    }
    if (!isNewer(change, fetchedAt)) return data;
    return patchRows<Store>(data, change.storeId, (s) => counted(s, change.online));
  },
};
