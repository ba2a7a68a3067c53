import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { storeApi, type Store } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSelect, useMayPickAgent } from '../../../components/agent-select';
import { col, dateCol } from '../../../components/list-columns';
import { controlFilter, dateRangeFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { lazyPart } from '../../../lib/lazy';
import { usePermission } from '../../../lib/permission';
import { useCountryName } from '../shared/country-name';
import { useLiveStatus } from '../../../lib/live-status';
import { storePatch } from '../shared/live-patches';
import { storeCache, storePageQuery } from './api';
import type { AssignAgentDialog as AssignAgent } from './assign-agent-dialog';
import type { LocationDialog as Locate } from './location-dialog';
import type { StoreDetailDrawer as StoreDetail } from './store-detail';

// The drawer and the dialog load when first opened: the list alone is what the screen needs first.
const StoreDetailDrawer = lazyPart<ComponentProps<typeof StoreDetail>>(() => import('./store-detail').then((m) => ({ default: m.StoreDetailDrawer })));
const AssignAgentDialog = lazyPart<ComponentProps<typeof AssignAgent>>(() => import('./assign-agent-dialog').then((m) => ({ default: m.AssignAgentDialog })));
const LocationDialog = lazyPart<ComponentProps<typeof Locate>>(() => import('./location-dialog').then((m) => ({ default: m.LocationDialog })));

/**
 * Stores › Store management: the stores people created in the app, their admin, people, groups
 * and devices; operators look inside one, act on its members and groups, and hand it to an agent.
 */
const LIVE = [storePatch];

export function StorePage() {
  const { t } = useTranslation('store');
  const { hasPermi } = usePermission();
  const mayPickAgent = useMayPickAgent();
  const mayAssign = mayPickAgent && hasPermi('store:mesh:assign-agent');
  const [openId, setOpenId] = useState<number>();
  const [assigning, setAssigning] = useState<Store>();
  const mayLocate = hasPermi('store:mesh:locate');
  const [locating, setLocating] = useState<Store>();
  const country = useCountryName();
  useLiveStatus(LIVE);

  const columns = useMemo(
    () => [
      // Which store, how many of its devices are online, whose it is; counts and dates after.
      col<Store>('meshName', t('mesh.field.meshName'), {
        sortable: true,
        render: (name: string, row: Store) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(row.id)} data-testid="store-name">
            {name}
          </Button>
        ),
      }),
      col<Store>('meshId', t('mesh.field.meshId'), { sortable: true }),
      col<Store>('onlineDeviceCount', t('mesh.field.onlineDevices'), { align: 'right' }),
      col<Store>('deviceCount', t('mesh.field.devices'), { align: 'right' }),
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
      col<Store>('countryCode', t('mesh.field.country'), { sortable: true, render: (code: string) => country(code) }),
      col<Store>('memberCount', t('mesh.field.members'), { align: 'right' }),
      col<Store>('groupCount', t('mesh.field.groups'), { align: 'right' }),
      dateCol<Store>('registerDate', t('mesh.field.registerDate'), { sortable: true }),
      col<Store>('timezone', t('mesh.field.timezone')),
      col<Store>('latestLoginIp', t('mesh.field.latestLoginIp'), { render: (ip: string | null) => ip || '—' }),
    ],
    [t, country],
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
            {mayLocate && (
              <Button type="link" size="small" icon={<EnvironmentOutlined />} onClick={() => setLocating(row)} data-testid="row-locate">
                {t('mesh.locate.open')}
              </Button>
            )}
          </>
        )}
      />
      {openId !== undefined && <StoreDetailDrawer id={openId} onClose={() => setOpenId(undefined)} />}
      {assigning && <AssignAgentDialog store={assigning} onClose={() => setAssigning(undefined)} />}
      {locating && <LocationDialog store={locating} onClose={() => setLocating(undefined)} />}
    </>
  );
}
