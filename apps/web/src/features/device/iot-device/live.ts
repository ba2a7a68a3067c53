import type { IotDevice, IotDeviceDetail } from '@lightdesk/contract';
import { patchRows, type LivePatch } from '../../../lib/live-status';
import { iotDeviceCache } from './api';

/** A device's row and detail follow its online changes: the flag, last seen and last online. */
export const iotDevicePatches: LivePatch[] = [
  {
    root: iotDeviceCache.root,
    patch: (data, change) => {
      const update = <T extends IotDevice>(d: T): T =>
        change.online ? { ...d, online: true, lastSeenAt: change.at, lastOnlineAt: d.online ? d.lastOnlineAt : change.at } : { ...d, online: false };
      const detail = data as IotDeviceDetail | undefined;
      if (detail && 'history' in detail) return detail.id === change.iotDeviceId ? update(detail) : data;
      return patchRows<IotDevice>(data, change.iotDeviceId, update);
    },
  },
];
