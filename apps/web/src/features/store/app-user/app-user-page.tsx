import { appUserApi, DictType, type AppUser } from '@lightdesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { dateRangeFilter, dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { appUserCache, appUserPageQuery, deleteAppUser } from './api';
import { AppUserStatusSwitch } from './app-user-status-switch';

/** Who a deletion is about: the nickname and how the person signs in. */
const describePerson = (u: AppUser) => (u.nickname ? `${u.nickname} (${u.email || u.mobile})` : u.email || u.mobile);

/**
 * Administration › User centre: the people of the mobile app, with the stores they belong to
 * and administer. The switch disables an account (signing it out of the app); delete is refused
 * while the person still belongs to a store.
 */
export function AppUserPage() {
  const { t } = useTranslation('store');
  const { hasPermi } = usePermission();
  const canUpdate = hasPermi('system:app-user:update');

  const columns = useMemo(
    () => [
      col<AppUser>('email', t('appUser.email'), { sortable: true, fixed: 'left' }),
      col<AppUser>('nickname', t('appUser.nickname'), { sortable: true }),
      canUpdate
        ? col<AppUser>('status', t('appUser.status'), { width: 90, render: (_: unknown, user: AppUser) => <AppUserStatusSwitch user={user} /> })
        : dictCol<AppUser>('status', t('appUser.status'), DictType.commonStatus, { width: 90 }),
      col<AppUser>('storeCount', t('appUser.storeCount'), { width: 100, align: 'right' }),
      col<AppUser>('adminStoreCount', t('appUser.adminStoreCount'), { width: 120, align: 'right' }),
      col<AppUser>('countryCode', t('appUser.country'), { width: 90 }),
      col<AppUser>('mobile', t('appUser.mobile')),
      dateCol<AppUser>('registerDate', t('appUser.registerDate'), { sortable: true }),
      dateCol<AppUser>('lastLoginAt', t('appUser.lastLoginAt'), { sortable: true }),
      col<AppUser>('lastLoginIp', t('appUser.lastLoginIp')),
    ],
    [t, canUpdate],
  );

  return (
    <ListPage
      query={appUserPageQuery}
      cache={appUserCache}
      filters={[
        textFilter('email', t('appUser.email')),
        textFilter('mobile', t('appUser.mobile')),
        textFilter('nickname', t('appUser.nickname')),
        textFilter('countryCode', t('appUser.country')),
        dictFilter('status', t('appUser.status'), DictType.commonStatus),
        dateRangeFilter('created', t('appUser.registerDate')),
      ]}
      columns={columns}
      actions={{
        remove: { permission: 'system:app-user:delete', run: (u) => deleteAppUser(u.id), describe: describePerson },
        export: { endpoint: appUserApi.exportExcel, fileName: t('appUser.file') },
      }}
    />
  );
}
