import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import { DictType, roleApi, type Role } from '@lightdesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol, textCol } from '../../../components/list-columns';
import { dateRangeFilter, dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { MoreActions } from '../../../components/more-actions';
import { deleteRole, rolePageQuery, roleCache } from './api';
import { RoleDataScopeDialog } from './role-data-scope-dialog';
import { RoleForm } from './role-form';
import { RoleMenusDialog } from './role-menus-dialog';

type RowDialog = { kind: 'menus' | 'data-scope'; role: Role } | undefined;

/** Administration › Roles: roles, the menus and buttons each grants, and the data each may see. */
export function RolePage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const [dialog, setDialog] = useState<RowDialog>();
  const canAssignMenus = hasPermi('system:role:assign-menu');
  const canUpdate = hasPermi('system:role:update');

  const columns = useMemo(
    () => [
      col<Role>('name', t('role.name'), { sortable: true }),
      col<Role>('code', t('role.code'), { sortable: true }),
      dictCol<Role>('status', t('common.status'), DictType.commonStatus, { width: 100 }),
      col<Role>('sort', t('common.sort'), { sortable: true, width: 90 }),
      dictCol<Role>('dataScope', t('role.dataScope'), DictType.dataScope),
      textCol<Role>('remark', t('common.remark')),
      dateCol<Role>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t],
  );

  const more = (role: Role) => (
    <MoreActions
      actions={[
        ...(canAssignMenus ? [{ key: 'menus', icon: <MenuOutlined />, label: t('role.assignMenus'), run: () => setDialog({ kind: 'menus', role }) }] : []),
        ...(canUpdate
          ? [{ key: 'data-scope', icon: <ApartmentOutlined />, label: t('role.dataScope'), run: () => setDialog({ kind: 'data-scope', role }) }]
          : []),
      ]}
    />
  );

  return (
    <>
      <ListPage
        query={rolePageQuery}
        cache={roleCache}
        filters={[
          textFilter('name', t('role.name')),
          textFilter('code', t('role.code')),
          dictFilter('status', t('common.status'), DictType.commonStatus),
          dateRangeFilter('created', t('common.createdAt')),
        ]}
        columns={columns}
        rowActions={canAssignMenus || canUpdate ? more : undefined}
        actions={{
          create: { permission: 'system:role:create', form: RoleForm },
          edit: { permission: 'system:role:update', form: RoleForm },
          remove: { permission: 'system:role:delete', run: (r) => deleteRole(r.id), describe: (r) => `${r.name} (${r.code})` },
          export: { endpoint: roleApi.exportExcel, fileName: t('role.file') },
        }}
      />
      {dialog?.kind === 'menus' && <RoleMenusDialog role={dialog.role} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'data-scope' && <RoleDataScopeDialog role={dialog.role} onClose={() => setDialog(undefined)} />}
    </>
  );
}
