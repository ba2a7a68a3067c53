import { analyticsApi, type Period, type RankedStore, type StoreComparison } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import Checkbox from 'antd/es/checkbox';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textFilter, type FilterParams } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import type { ListSort } from '../../../components/list-url-state';
import { Panel } from '../../../components/panel';
import { Change, useComparison, type Against } from '../shared/change';
import { useAnalyticsFormat, type AnalyticsFormat } from '../shared/format';
import { periodParams } from '../shared/period';
import { PeriodPicker } from '../shared/period-picker';
import { SeriesChart } from '../shared/series-chart';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { rankingCache, storeComparisonQuery, storeRankingQuery } from './api';
import '../shared/analytics.css';

/** At most this many stores side by side: more lines than that cannot be told apart. */
const MAX_COMPARED = 10;

/** The ranking sorts by persons (its rank), or by change against the comparison period when the Change column asks. */
const rankingOrder = (sort: ListSort): FilterParams => (sort.by === 'change' ? { order: 'change' } : {});

/** Statistics › All-stores popularity: stores ranked for a period, and a few of them compared. */
export function AllStoresPage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const { period, setPeriod } = useAnalyticsAddress();
  // Every store is set against its own comparison period: the ranking names it, not its dates.
  const comparison = useComparison(period, undefined);
  const [chosen, setChosen] = useState<number[]>([]);
  const fixed = useMemo(() => periodParams(period), [period]);
  const toggle = useCallback(
    (storeId: number, on: boolean) => setChosen((before) => (on ? [...before, storeId].slice(0, MAX_COMPARED) : before.filter((id) => id !== storeId))),
    [],
  );
  const columns = useMemo(
    () => [compareColumn(t, chosen, toggle), ...rankingColumns(t, format, comparison.against)],
    [t, format, chosen, toggle, comparison.against],
  );

  return (
    <div className="ld-analytics" data-testid="all-stores">
      <div className="ld-analytics-toolbar">
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      <Panel title={t('allStores.ranking')}>
        <ListPage
          query={storeRankingQuery}
          cache={rankingCache}
          rowKey="storeId"
          columns={columns}
          params={fixed}
          filters={[textFilter('name', t('shared.figure.store')), textFilter('countryCode', t('shared.figure.country'))]}
          sortParams={rankingOrder}
          actions={{ export: { endpoint: analyticsApi.exportStoreRanking, fileName: t('allStores.fileName') } }}
          header={(rows) => (
            <SeriesChart
              title={t('allStores.pageChart')}
              labelTitle={t('shared.figure.store')}
              labels={rows.map((r) => r.name)}
              series={[
                {
                  name: t('shared.figure.persons'),
                  type: 'bar',
                  data: rows.map((r) => r.persons),
                  compared: comparison.series(
                    t('shared.figure.persons'),
                    rows.map((r) => r.comparedPersons),
                  ),
                },
              ]}
              height={260}
              testId="ranking-chart"
            />
          )}
        />
      </Panel>
      <Panel title={t('allStores.comparison')}>
        {chosen.length === 0 ? (
          <Typography.Text type="secondary">{t('allStores.chooseHint', { max: MAX_COMPARED })}</Typography.Text>
        ) : (
          <Comparison period={period} storeIds={chosen} />
        )}
      </Panel>
    </div>
  );
}

/** A tick per store to compare it; at most a few at once. */
function compareColumn(
  t: (key: string) => string,
  chosen: readonly number[],
  toggle: (storeId: number, on: boolean) => void,
): ColumnsType<RankedStore>[number] {
  return {
    key: 'compare',
    title: t('allStores.compare'),
    width: 96,
    render: (_: unknown, row: RankedStore) => (
      <Checkbox
        checked={chosen.includes(row.storeId)}
        disabled={chosen.length >= MAX_COMPARED && !chosen.includes(row.storeId)}
        onChange={(e) => toggle(row.storeId, e.target.checked)}
        aria-label={`${t('allStores.compare')} ${row.name}`}
      />
    ),
  };
}

/** The ranking's columns; comparing adds each store's persons then and its change, by which the ranking can be sorted. */
function rankingColumns(t: TFunction, format: AnalyticsFormat, against: Against | undefined): ColumnsType<RankedStore> {
  const compared: ColumnsType<RankedStore> = against
    ? [
        {
          key: 'personsThen',
          title: t('shared.change.seriesThen', { name: t('shared.figure.persons') }),
          dataIndex: 'comparedPersons',
          align: 'right',
          render: (v: number | null) => (v === null ? '–' : format.number(v)),
        },
        {
          key: 'change',
          title: t('shared.figure.change'),
          align: 'right',
          // Largest rise first is the one order the server offers (stores with nobody then last).
          sorter: true,
          sortDirections: ['descend'],
          render: (_: unknown, row) => <Change value={row.persons} compared={row.comparedPersons} against={against} />,
        },
      ]
    : [];
  return [
    { key: 'rank', title: t('shared.figure.rank'), dataIndex: 'rank', width: 72 },
    { key: 'name', title: t('shared.figure.store'), dataIndex: 'name' },
    { key: 'meshId', title: t('shared.figure.meshId'), dataIndex: 'meshId' },
    { key: 'countryCode', title: t('shared.figure.country'), dataIndex: 'countryCode' },
    { key: 'persons', title: t('shared.figure.persons'), dataIndex: 'persons', align: 'right', render: (v: number) => format.number(v) },
    ...compared,
    { key: 'openDays', title: t('allStores.openDays'), dataIndex: 'openDays', align: 'right' },
    { key: 'perDay', title: t('allStores.personsPerOpenDay'), dataIndex: 'personsPerOpenDay', align: 'right', render: (v: number) => format.number(v, 1) },
    { key: 'dwell', title: t('shared.figure.dwell'), dataIndex: 'dwellMs', align: 'right', render: (v: number) => format.duration(v) },
  ];
}

type Compared = StoreComparison['stores'][number];

/** The chosen stores per open day, and their persons across the period. */
function Comparison({ period, storeIds }: { period: Period; storeIds: number[] }) {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const comparison = useQuery(storeComparisonQuery({ period, storeIds }));
  const stores = useMemo(() => comparison.data?.stores ?? [], [comparison.data]);
  // Every store's own period has the same buckets in its own time: the first one's labels name them,
  // and the first one's comparison period names the comparison.
  const first = stores[0];
  const { against, series: comparedSeries } = useComparison(period, first?.comparison?.period);
  const labels = useMemo(() => first?.period.buckets.map((b) => format.bucket(b, first.period.bucket)) ?? [], [first, format]);
  const series = useMemo(
    () => stores.map((s) => ({ name: s.name, data: s.trend, compared: comparedSeries(s.name, s.comparison?.trend) })),
    [stores, comparedSeries],
  );
  const perDay = (v: number) => format.number(v, 1);
  const columns: ColumnsType<Compared> = [
    { key: 'name', title: t('shared.figure.store'), dataIndex: 'name' },
    {
      key: 'persons',
      title: t('shared.figure.persons'),
      dataIndex: 'persons',
      align: 'right',
      render: (v: number, s) => (
        <>
          {format.number(v)}
          <Change value={v} compared={s.comparison?.persons} against={against} />
        </>
      ),
    },
    {
      key: 'openDays',
      title: t('allStores.openDays'),
      dataIndex: 'openDays',
      align: 'right',
      render: (v: number, s) => (
        <>
          {v}
          <Change value={v} compared={s.comparison?.openDays} against={against} />
        </>
      ),
    },
    {
      key: 'perDay',
      title: t('allStores.personsPerOpenDay'),
      dataIndex: 'personsPerOpenDay',
      align: 'right',
      render: (v: number, s) => (
        <>
          {perDay(v)}
          <Change value={v} compared={s.comparison?.personsPerOpenDay} against={against} format={perDay} />
        </>
      ),
    },
    {
      key: 'dwellPerDay',
      title: t('allStores.dwellPerOpenDay'),
      align: 'right',
      render: (_: unknown, s) => format.duration(s.openDays > 0 ? s.dwellMs / s.openDays : 0),
    },
  ];
  return (
    <div data-testid="comparison">
      <SeriesChart
        title={t('allStores.comparisonChart')}
        labelTitle={t('shared.bucket')}
        labels={labels}
        series={series}
        period={first?.period}
        loading={comparison.isPending}
        error={comparison.isError}
        onRetry={() => void comparison.refetch()}
      />
      <Table<Compared> rowKey="storeId" size="middle" columns={columns} dataSource={stores} pagination={false} loading={comparison.isPending} />
    </div>
  );
}
