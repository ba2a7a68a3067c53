import type { TodayOverview } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Badge from 'antd/es/badge';
import Table, { type ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypeLabel } from '../../../components/device-type';
import { Panel } from '../../../components/panel';
import { Figures } from '../shared/figures';
import { averageDwell, useAnalyticsFormat } from '../shared/format';
import { SeriesChart } from '../shared/series-chart';
import { StorePicker } from '../shared/store-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { todayQuery } from './api';
import '../shared/analytics.css';

type DeviceInfo = TodayOverview['deviceInfo'][number];

/** Today overview: a store's day so far against the same weekday last week, its devices and its best products. */
export function TodayPage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const { storeId, setStoreId } = useAnalyticsAddress();
  const today = useQuery({ ...todayQuery(storeId ?? 0), enabled: storeId !== undefined });
  const data = today.data;
  const loading = storeId !== undefined && today.isPending;
  const state = { loading, error: today.isError, onRetry: () => void today.refetch() };

  const hours = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const flow = useMemo(
    () => [
      { name: t('today.today'), data: data?.flow.today ?? [] },
      { name: t('today.lastWeek'), data: data?.flow.lastWeek ?? [] },
    ],
    [data, t],
  );
  const deviceType = useDeviceTypeLabel();
  const kinds = useMemo(() => data?.devices.map((d) => deviceType(d.kind, d.model)) ?? [], [data, deviceType]);
  const devices = useMemo(
    () => [
      { name: t('today.online'), type: 'bar' as const, stack: 'devices', data: data?.devices.map((d) => d.online) ?? [] },
      { name: t('today.offline'), type: 'bar' as const, stack: 'devices', data: data?.devices.map((d) => d.offline) ?? [] },
    ],
    [data, t],
  );
  const top = useMemo(() => data?.topProducts.slice(0, 5) ?? [], [data]);
  const topSeries = useMemo(() => [{ name: t('shared.figure.persons'), type: 'bar' as const, data: top.map((p) => p.persons) }], [top, t]);

  const columns: ColumnsType<DeviceInfo> = [
    { key: 'name', title: t('today.device'), dataIndex: 'name' },
    { key: 'kind', title: t('today.kind'), render: (_: unknown, d) => deviceType(d.kind, d.model) },
    {
      key: 'status',
      title: t('today.status'),
      dataIndex: 'online',
      render: (online: boolean) => <Badge status={online ? 'success' : 'default'} text={online ? t('today.online') : t('today.offline')} />,
    },
    { key: 'group', title: t('today.group'), dataIndex: 'group', render: (group: string | null) => group ?? '–' },
    { key: 'onlineMs', title: t('today.onlineToday'), dataIndex: 'onlineMs', align: 'right', render: (ms: number) => format.duration(ms) },
    { key: 'offlineMs', title: t('today.offlineToday'), dataIndex: 'offlineMs', align: 'right', render: (ms: number) => format.duration(ms) },
  ];

  const totals = data?.totals;
  return (
    <div className="ld-analytics" data-testid="today">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
      </div>
      <Figures
        testId="today-totals"
        items={[
          { key: 'persons', label: t('today.totalPopularity'), value: totals ? format.number(totals.persons) : '–' },
          { key: 'averagePersons', label: t('today.averagePopularity'), value: totals ? format.number(totals.averagePersons, 1) : '–' },
          { key: 'dwell', label: t('shared.figure.dwell'), value: totals ? format.duration(totals.dwellMs) : '–' },
          {
            key: 'averageDwell',
            label: t('shared.figure.averageDwell'),
            value: totals ? format.duration(totals.averageDwellMs || averageDwell(totals.dwellMs, totals.persons)) : '–',
          },
          { key: 'customers', label: t('today.customers'), value: totals ? format.number(totals.customers) : '–' },
        ]}
      />
      <div className="ld-analytics-row">
        <Panel title={t('today.flow')}>
          <SeriesChart
            title={t('today.flow')}
            labelTitle={t('shared.hour')}
            labels={hours}
            series={flow}
            period={data?.period}
            {...state}
            testId="today-flow"
          />
        </Panel>
        <Panel title={t('today.devices')}>
          <SeriesChart title={t('today.devices')} labelTitle={t('today.kind')} labels={kinds} series={devices} {...state} testId="today-devices" />
        </Panel>
      </div>
      <div className="ld-analytics-row">
        <Panel title={t('today.topProducts')}>
          <SeriesChart
            title={t('today.topProducts')}
            labelTitle={t('shared.figure.product')}
            labels={top.map((p) => p.name)}
            series={topSeries}
            horizontal
            height={240}
            {...state}
            testId="today-top"
          />
        </Panel>
        <Panel title={t('today.deviceInfo')}>
          <Table<DeviceInfo>
            rowKey="storeDeviceId"
            size="small"
            columns={columns}
            dataSource={data?.deviceInfo ?? []}
            loading={loading}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            data-testid="today-device-info"
          />
        </Panel>
      </div>
    </div>
  );
}
