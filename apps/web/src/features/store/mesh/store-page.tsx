import EyeOutlined from '@ant-design/icons/EyeOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { storeApi, type Store } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSelect, useMayPickAgent } from '../../../components/agent-select';
import { col, dateCol } from '../../../components/list-columns';
import { controlFilter, dateRangeFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { storeCache, storePageQuery } from './api';
import { AssignAgentDialog } from './assign-agent-dialog';
import { OnlineDevices, OnlineDevicesTitle } from './online-devices';
import { StoreDetailDrawer } from './store-detail';

/**
 * Stores › Store management: the stores people created in the app, their admin, people, groups
 * and devices; operators look inside one, act on its members and groups, and hand it to an agent.
 */
export function StorePage() {
  const { t } = useTranslation('store');
  const { hasPermi } = usePermission();
  const mayPickAgent = useMayPickAgent();
  const mayAssign = mayPickAgent && hasPermi('store:mesh:assign-agent');
  const [openId, setOpenId] = useState<number>();
  const [assigning, setAssigning] = useState<Store>();

  const columns = useMemo(
    () => [
      col<Store>('meshName', t('mesh.field.meshName'), {
        sortable: true,
        render: (name: string, row: Store) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(row.id)} data-testid="store-name">
            {name}
          </Button>
        ),
      }),
      col<Store>('meshId', t('mesh.field.meshId'), { sortable: true }),
      col<Store>('adminNickname', t('mesh.field.admin'), {
        render: (_: unknown, row: Store) =>
          row.adminEmail === null ? (
            '—'
          ) : (
            <>
              <div>{row.adminNickname}</div>
              <Typography.Text type="secondary">{row.adminEmail}</Typography.Text>
            </>
          ),
      }),
      col<Store>('memberCount', t('mesh.field.members'), { align: 'right' }),
      col<Store>('groupCount', t('mesh.field.groups'), { align: 'right' }),
      col<Store>('deviceCount', t('mesh.field.devices'), { align: 'right' }),
      col<Store>('onlineDeviceCount', <OnlineDevicesTitle />, { align: 'right', render: (count: number | null) => <OnlineDevices count={count} /> }),
      col<Store>('countryCode', t('mesh.field.country'), { sortable: true }),
      col<Store>('timezone', t('mesh.field.timezone')),
      dateCol<Store>('registerDate', t('mesh.field.registerDate'), { sortable: true }),
      col<Store>('latestLoginIp', t('mesh.field.latestLoginIp'), { render: (ip: string | null) => ip || '—' }),
    ],
    [t],
  );

  return (
    <>
      <ListPage
        query={storePageQuery}
        cache={storeCache}
        columns={columns}
        filters={[
          textFilter('name', t('mesh.field.meshName')),
          textFilter('meshId', t('mesh.field.meshId')),
          textFilter('adminEmail', t('mesh.field.adminEmail')),
          textFilter('countryCode', t('mesh.field.countryCode')),
          // Agents' staff see their own stores only: no agent to choose.
          ...(mayPickAgent
            ? [controlFilter('tenantId', t('mesh.field.agent'), <AgentSelect placeholder={t('mesh.agent.any')} testId="mesh-agent-filter" />)]
            : []),
          dateRangeFilter('created', t('mesh.field.registerDate')),
        ]}
        actions={{ export: { endpoint: storeApi.exportExcel, fileName: t('mesh.file') } }}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpenId(row.id)} data-testid="row-detail">
              {t('mesh.detail.open')}
            </Button>
            {mayAssign && (
              <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => setAssigning(row)} data-testid="row-assign-agent">
                {t('mesh.assign.open')}
              </Button>
            )}
          </>
        )}
      />
      <StoreDetailDrawer id={openId} onClose={() => setOpenId(undefined)} />
      {assigning && <AssignAgentDialog store={assigning} onClose={() => setAssigning(undefined)} />}
    </>
  );
}
