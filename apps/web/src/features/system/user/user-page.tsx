import KeyOutlined from '@ant-design/icons/KeyOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { DictType, staffApi, type Staff } from '@lightdesk/contract';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { controlFilter, dateRangeFilter, dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage, type ListForm } from '../../../components/list-page';
import { lazyPart } from '../../../lib/lazy';
import { usePermission } from '../../../lib/permission';
import { DeptTreeSelect } from '../shared/dept-tree';
import { MoreActions } from '../../../components/more-actions';
import { deleteStaff, staffPageQuery, staffCache } from './api';
import { DeptPanel } from './dept-panel';
import { StaffStatusSwitch } from './staff-status-switch';
import './user-page.css';

// The form and dialogs load when first opened: the list shows without their code.
type DialogProps = { staff: Staff; onClose: (saved: boolean) => void };
const UserForm = lazyPart<ComponentProps<ListForm<Staff>>>(() => import('./user-form').then((m) => ({ default: m.UserForm })));
const ResetPasswordDialog = lazyPart<DialogProps>(() => import('./reset-password-dialog').then((m) => ({ default: m.ResetPasswordDialog })));
const AssignRolesDialog = lazyPart<DialogProps>(() => import('./assign-roles-dialog').then((m) => ({ default: m.AssignRolesDialog })));

type RowDialog = { kind: 'reset-password' | 'assign-roles'; staff: Staff } | undefined;

/**
 * Administration › Staff: console accounts with their department, posts and roles.
 * The department tree beside the list narrows it to a branch; row actions reset a password,
 * assign roles, and the status switch enables or disables the account.
 */
export function UserPage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const [deptId, setDeptId] = useState<number>();
  const [dialog, setDialog] = useState<RowDialog>();
  const canUpdate = hasPermi('system:user:update');
  const canReset = hasPermi('system:user:reset-password');

  const columns = useMemo(
    () => [
      col<Staff>('username', t('user.username'), { sortable: true, fixed: 'left' }),
      col<Staff>('nickname', t('user.nickname'), { sortable: true }),
      canUpdate
        ? col<Staff>('status', t('common.status'), { sortable: true, width: 90, render: (_: unknown, staff: Staff) => <StaffStatusSwitch staff={staff} /> })
        : dictCol<Staff>('status', t('common.status'), DictType.commonStatus, { sortable: true, width: 90 }),
      col<Staff>('deptName', t('user.dept')),
      col<Staff>('mobile', t('user.mobile')),
      dateCol<Staff>('lastLoginAt', t('user.lastLogin'), { sortable: true }),
      dateCol<Staff>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t, canUpdate],
  );

  const more = (staff: Staff) => (
    <MoreActions
      actions={[
        ...(canReset
          ? [{ key: 'reset-password', icon: <KeyOutlined />, label: t('user.resetPassword'), run: () => setDialog({ kind: 'reset-password', staff }) }]
          : []),
        ...(canUpdate
          ? [{ key: 'assign-roles', icon: <TeamOutlined />, label: t('user.assignRoles'), run: () => setDialog({ kind: 'assign-roles', staff }) }]
          : []),
      ]}
    />
  );

  return (
    <div className="people-user-page">
      <DeptPanel selected={deptId} onSelect={setDeptId} />
      <div className="people-user-list">
        <ListPage
          query={staffPageQuery}
          cache={staffCache}
          params={deptId === undefined ? undefined : { deptId: String(deptId) }}
          filters={[
            textFilter('username', t('user.username')),
            textFilter('nickname', t('user.nickname')),
            textFilter('mobile', t('user.mobile')),
            dictFilter('status', t('common.status'), DictType.commonStatus),
            controlFilter('deptId', t('user.dept'), <DeptTreeSelect />),
            dateRangeFilter('created', t('common.createdAt')),
          ]}
          columns={columns}
          rowActions={canReset || canUpdate ? more : undefined}
          actions={{
            create: { permission: 'system:user:create', form: UserForm },
            edit: { permission: 'system:user:update', form: UserForm },
            remove: { permission: 'system:user:delete', run: (s) => deleteStaff(s.id), describe: (s) => `${s.nickname} (${s.username})` },
            export: { endpoint: staffApi.exportExcel, fileName: t('user.file') },
          }}
        />
      </div>
      {dialog?.kind === 'reset-password' && <ResetPasswordDialog staff={dialog.staff} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'assign-roles' && <AssignRolesDialog staff={dialog.staff} onClose={() => setDialog(undefined)} />}
    </div>
  );
}
