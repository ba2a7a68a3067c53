import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { DictType } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage, type ListHandle } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { deleteDept, deptTreeQuery, leaderOptionsQuery, type DeptNode, deptCache } from './api';
import { DeptForm } from './dept-form';

/** Administration › Departments: the tenant's department tree, shown expanded, with its leaders. */
export function DeptPage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const leaders = useQuery({ ...leaderOptionsQuery(), enabled: hasPermi('system:user:query') });
  const leaderName = useMemo(() => new Map((leaders.data ?? []).map((s) => [s.id, s.nickname])), [leaders.data]);

  const columns = useMemo(
    () => [
      col<DeptNode>('name', t('dept.name'), { sortable: true, width: 260 }),
      dictCol<DeptNode>('status', t('common.status'), DictType.commonStatus, { width: 100 }),
      col<DeptNode>('leaderUserId', t('dept.leader'), { render: (id: number | null) => (id ? (leaderName.get(id) ?? '') : '') }),
      col<DeptNode>('phone', t('dept.phone')),
      col<DeptNode>('email', t('common.email')),
      col<DeptNode>('sort', t('common.sort'), { sortable: true, width: 90 }),
      dateCol<DeptNode>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t, leaderName],
  );

  // A child department starts under the row it was added from.
  const addChild = (row: DeptNode, list: ListHandle<DeptNode>) => (
    <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => list.create({ parentId: row.id })} data-testid="dept-add-child">
      {t('dept.addChild')}
    </Button>
  );

  return (
    <ListPage
      tree="expanded"
      query={deptTreeQuery}
      cache={deptCache}
      filters={[textFilter('name', t('dept.name')), dictFilter('status', t('common.status'), DictType.commonStatus)]}
      columns={columns}
      rowActions={hasPermi('system:dept:create') ? addChild : undefined}
      actions={{
        create: { permission: 'system:dept:create', form: DeptForm },
        edit: { permission: 'system:dept:update', form: DeptForm },
        remove: { permission: 'system:dept:delete', run: (d) => deleteDept(d.id), describe: (d) => d.name },
      }}
    />
  );
}
