import { DictType } from '@lightdesk/contract';
import { DictTag } from './dict-tag';

/** A device's online status as the `device_status` dictionary names and colours it. */
export function OnlineBadge({ online }: { online: boolean }) {
  return (
    <span data-testid="online-badge" data-online={online}>
      <DictTag type={DictType.deviceStatus} value={online ? 'online' : 'offline'} />
    </span>
  );
}
