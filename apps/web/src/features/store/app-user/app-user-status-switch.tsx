import type { AppUser } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { StatusSwitch } from '../../../components/status-switch';
import { appUserCache, updateAppUserStatus } from './api';

/** Disabling signs the person out of the app on every phone at once; enabling lets them sign in again. */
export function AppUserStatusSwitch({ user }: { user: AppUser }) {
  const { t } = useTranslation('store');
  // The nickname, else how the person signs in.
  const name = user.nickname || user.email || user.mobile;
  return (
    <StatusSwitch
      status={user.status}
      onSave={(status) => updateAppUserStatus({ id: user.id, status })}
      changes={appUserCache}
      confirmTitle={(enable) => t(enable ? 'appUser.enableTitle' : 'appUser.disableTitle', { name })}
      disableHint={t('appUser.disableHint')}
      savedText={(enable) => t(enable ? 'appUser.enabled' : 'appUser.disabled')}
      size="small"
      aria-label={t('appUser.toggleStatus', { name })}
      data-testid="app-user-status"
    />
  );
}
