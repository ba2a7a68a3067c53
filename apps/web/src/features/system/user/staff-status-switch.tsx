import type { Staff } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { StatusSwitch } from '../../../components/status-switch';
import { staffCache, updateStaffStatus } from './api';

/** Disabling signs the staff member out at once; the server refuses one's own and the built-in administrator's account. */
export function StaffStatusSwitch({ staff }: { staff: Staff }) {
  const { t } = useTranslation('system');
  const name = staff.nickname || staff.username;
  return (
    <StatusSwitch
      status={staff.status}
      onSave={(status) => updateStaffStatus({ id: staff.id, status })}
      changes={staffCache}
      confirmTitle={(enable) => t(enable ? 'user.enableTitle' : 'user.disableTitle', { name })}
      disableHint={t('user.disableHint')}
      savedText={(enable) => t(enable ? 'user.enabled' : 'user.disabled')}
      size="small"
      aria-label={t('user.toggleStatus', { name })}
      data-testid="staff-status"
    />
  );
}
