import type { Zone } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { useAnalyticsFormat } from '../shared/format';
import { SeriesChart } from '../shared/series-chart';
import { StateTag, useLimitsText } from '../shared/state-tag';
import { StorePicker } from '../shared/store-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { peopleNowQuery } from './api';
import '../shared/analytics.css';

/** People counting › Store people: how many people are in a store now, today by hour, and its zones. */
export function CountingStorePage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const limitsText = useLimitsText();
  const { storeId, setStoreId } = useAnalyticsAddress();
  const people = useQuery({ ...peopleNowQuery(storeId ?? 0), enabled: storeId !== undefined });
  const data = people.data;

  const hours = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const series = useMemo(
    () => [
      { name: t('shared.figure.walkIns'), type: 'bar' as const, data: data?.today.map((h) => h.walkIns) ?? [] },
      { name: t('shared.figure.exits'), type: 'bar' as const, data: data?.today.map((h) => h.exits) ?? [] },
      { name: t('counting.occupancy'), type: 'line' as const, data: data?.today.map((h) => h.occupancy) ?? [] },
    ],
    [data, t],
  );
  const columns: ColumnsType<Zone> = [
    { key: 'name', title: t('counting.zone'), dataIndex: 'name' },
    { key: 'people', title: t('counting.peopleNow'), dataIndex: 'people', align: 'right', render: (n: number | null) => (n === null ? '–' : format.number(n)) },
    { key: 'state', title: t('counting.state'), dataIndex: 'state', render: (state: Zone['state']) => <StateTag state={state} /> },
    { key: 'limits', title: t('counting.limits'), render: (_: unknown, zone) => limitsText(zone) },
  ];

  return (
    <div className="ld-analytics" data-testid="counting-store">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
      </div>
      <div className="ld-analytics-row">
        <Panel title={t('counting.peopleNow')}>
          <div aria-live="polite" data-testid="people-now">
            <div className="ld-big-number">{data ? format.number(data.occupancy) : '–'}</div>
            {data && (
              <>
                <StateTag state={data.state} />
                <Typography.Text type="secondary">{limitsText(data.limits)}</Typography.Text>
              </>
            )}
          </div>
        </Panel>
        <Panel title={t('counting.todayCurve')}>
          <SeriesChart
            title={t('counting.todayCurve')}
            labelTitle={t('shared.hour')}
            labels={hours}
            series={series}
            period={data?.period}
            loading={storeId !== undefined && people.isPending}
            error={people.isError}
            onRetry={() => void people.refetch()}
            testId="counting-today"
          />
        </Panel>
      </div>
      <Panel title={t('counting.zones')}>
        <Table<Zone>
          rowKey="storeDeviceId"
          size="middle"
          columns={columns}
          dataSource={data?.zones ?? []}
          loading={storeId !== undefined && people.isPending}
          pagination={false}
          data-testid="counting-zones"
        />
      </Panel>
    </div>
  );
}
