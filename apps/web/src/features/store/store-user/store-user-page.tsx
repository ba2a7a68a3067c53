import { storeMemberApi, type StoreMembership } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { dateRangeFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { StoreRoleTag } from '../shared/store-role-tag';
import { removeStoreMember, storeMemberCache, storeMemberPageQuery } from './api';

/**
 * Stores › Store users: who is in which store, as its admin or a member. Removing a member
 * follows the store's rules (the admin hands over the role first) and is kept in its history.
 */
export function StoreUserPage() {
  const { t } = useTranslation('store');
  const roles = (['admin', 'member'] as const).map((value) => ({ value, label: t(`role.${value}`) }));
  return (
    <ListPage
      query={storeMemberPageQuery}
      cache={storeMemberCache}
      filters={[
        textFilter('email', t('storeUser.email')),
        textFilter('nickname', t('storeUser.nickname')),
        textFilter('meshName', t('storeUser.meshName')),
        textFilter('meshId', t('storeUser.meshId')),
        selectFilter('role', t('storeUser.role'), roles),
        dateRangeFilter('joined', t('storeUser.joinedAt')),
      ]}
      columns={[
        col<StoreMembership>('meshName', t('storeUser.meshName')),
        col<StoreMembership>('meshId', t('storeUser.meshId')),
        col<StoreMembership>('nickname', t('storeUser.nickname')),
        col<StoreMembership>('email', t('storeUser.email')),
        col<StoreMembership>('mobile', t('storeUser.mobile')),
        col<StoreMembership>('role', t('storeUser.role'), {
          sortable: true,
          width: 110,
          render: (role: StoreMembership['role']) => <StoreRoleTag role={role} />,
        }),
        dateCol<StoreMembership>('joinedAt', t('storeUser.joinedAt'), { sortable: true }),
      ]}
      actions={{
        remove: {
          permission: 'store:user:delete',
          run: (m) => removeStoreMember(m.id),
          describe: (m) => t('storeUser.removeHint', { person: m.nickname || m.email, store: m.meshName }),
          when: (m) => m.role === 'member',
        },
        export: { endpoint: storeMemberApi.exportExcel, fileName: t('storeUser.file') },
      }}
    />
  );
}
