import { analyticsApi } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Table from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { AnalyticsExport } from '../shared/export';
import { Figures } from '../shared/figures';
import { useAnalyticsFormat } from '../shared/format';
import { PeriodPicker } from '../shared/period-picker';
import { SeriesChart } from '../shared/series-chart';
import { StorePicker } from '../shared/store-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { walkInsQuery, type WalkInsQuery } from './api';
import '../shared/analytics.css';

interface Row {
  bucket: string;
  walkIns: number;
  exits: number;
}

/** People counting › Walk-in counts: a store's entrance counts across a period. */
export function WalkInsPage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const { storeId, period, setStoreId, setPeriod } = useAnalyticsAddress();
  const query: WalkInsQuery | undefined = storeId === undefined ? undefined : { storeId, period };
  const walkIns = useQuery({ ...walkInsQuery(query ?? { storeId: 0, period }), enabled: query !== undefined });
  const data = walkIns.data;

  const labels = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const series = useMemo(
    () => [
      { name: t('shared.figure.walkIns'), type: 'bar' as const, data: data?.series.map((s) => s.walkIns) ?? [] },
      { name: t('shared.figure.exits'), type: 'bar' as const, data: data?.series.map((s) => s.exits) ?? [] },
    ],
    [data, t],
  );
  const rows = useMemo<Row[]>(() => labels.map((bucket, i) => ({ bucket, ...data!.series[i]! })), [labels, data]);
  const loading = query !== undefined && walkIns.isPending;

  return (
    <div className="ld-analytics" data-testid="walk-ins">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      <Figures
        testId="walk-in-totals"
        items={[
          { key: 'walkIns', label: t('shared.figure.walkIns'), value: data ? format.number(data.totals.walkIns) : '–' },
          { key: 'exits', label: t('shared.figure.exits'), value: data ? format.number(data.totals.exits) : '–' },
        ]}
      />
      <Panel title={t('walkIns.chart')}>
        <SeriesChart
          title={t('walkIns.chart')}
          labelTitle={t('shared.bucket')}
          labels={labels}
          series={series}
          loading={loading}
          error={walkIns.isError}
          onRetry={() => void walkIns.refetch()}
          testId="walk-ins-chart"
        />
        <div className="ld-analytics-toolbar" style={{ margin: '12px 0' }}>
          {query && <AnalyticsExport endpoint={analyticsApi.exportWalkIns} query={query} fileName={t('walkIns.fileName')} />}
        </div>
        <Table<Row>
          rowKey="bucket"
          size="small"
          loading={loading}
          dataSource={rows}
          pagination={false}
          columns={[
            { key: 'bucket', title: t('shared.bucket'), dataIndex: 'bucket' },
            { key: 'walkIns', title: t('shared.figure.walkIns'), dataIndex: 'walkIns', align: 'right', render: (n: number) => format.number(n) },
            { key: 'exits', title: t('shared.figure.exits'), dataIndex: 'exits', align: 'right', render: (n: number) => format.number(n) },
          ]}
          data-testid="walk-ins-table"
        />
      </Panel>
    </div>
  );
}
