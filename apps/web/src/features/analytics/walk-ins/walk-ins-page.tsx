import { analyticsApi, type Entrances } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Table from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { Change, useComparison } from '../shared/change';
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
  /** The same bucket of the comparison period, by position. */
  then?: Entrances;
}

/** People counting › Walk-in counts: a store's entrance counts across a period. */
export function WalkInsPage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const { storeId, period, setStoreId, setPeriod } = useAnalyticsAddress();
  const query: WalkInsQuery | undefined = storeId === undefined ? undefined : { storeId, period };
  const walkIns = useQuery({ ...walkInsQuery(query ?? { storeId: 0, period }), enabled: query !== undefined });
  const data = walkIns.data;
  const then = data?.comparison;
  const { against, series: compared } = useComparison(period, then?.period);

  const labels = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const series = useMemo(() => {
    const entrances = (name: string, pick: (e: Entrances) => number) => ({
      name,
      type: 'bar' as const,
      data: data?.series.map(pick) ?? [],
      compared: compared(name, then?.series.map(pick)),
    });
    return [entrances(t('shared.figure.walkIns'), (e) => e.walkIns), entrances(t('shared.figure.exits'), (e) => e.exits)];
  }, [data, then, t, compared]);
  const rows = useMemo<Row[]>(() => labels.map((bucket, i) => ({ bucket, ...data!.series[i]!, then: then?.series[i] })), [labels, data, then]);
  // A row is one bucket of each period: its tooltip names the comparison, not the whole period's dates.
  const bucketAgainst = useMemo(() => against && { compare: against.compare }, [against]);
  const count = (key: keyof Entrances) => (n: number, row: Row) => (
    <>
      {format.number(n)}
      <Change value={n} compared={row.then?.[key]} against={bucketAgainst} />
    </>
  );
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
          {
            key: 'walkIns',
            label: t('shared.figure.walkIns'),
            value: data ? format.number(data.totals.walkIns) : '–',
            change: data && <Change value={data.totals.walkIns} compared={then?.totals.walkIns} against={against} />,
          },
          {
            key: 'exits',
            label: t('shared.figure.exits'),
            value: data ? format.number(data.totals.exits) : '–',
            change: data && <Change value={data.totals.exits} compared={then?.totals.exits} against={against} />,
          },
        ]}
      />
      <Panel title={t('walkIns.chart')}>
        <SeriesChart
          title={t('walkIns.chart')}
          labelTitle={t('shared.bucket')}
          labels={labels}
          series={series}
          period={data?.period}
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
            { key: 'walkIns', title: t('shared.figure.walkIns'), dataIndex: 'walkIns', align: 'right', render: count('walkIns') },
            { key: 'exits', title: t('shared.figure.exits'), dataIndex: 'exits', align: 'right', render: count('exits') },
          ]}
          data-testid="walk-ins-table"
        />
      </Panel>
    </div>
  );
}
