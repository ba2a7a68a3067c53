import { analyticsApi, type Period, type Presence, type StorePopularity, type StorePopularityQuery } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Radio from 'antd/es/radio';
import Table, { type ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { Change, useComparison, type Against, type ComparedSeries } from '../shared/change';
import { AnalyticsExport } from '../shared/export';
import { Figures } from '../shared/figures';
import { averageDwell, useAnalyticsFormat, type AnalyticsFormat } from '../shared/format';
import { PeriodPicker } from '../shared/period-picker';
import { SeriesChart } from '../shared/series-chart';
import { StorePicker } from '../shared/store-picker';
import { useAnalyticsAddress } from '../shared/use-analytics-address';
import { productTrendQuery, storePopularityQuery } from './api';
import '../shared/analytics.css';

const TOP = 20;

type Product = StorePopularity['products'][number];

/** The headline figures of presence (a store's, or one product's), each with its change against the comparison period. */
function presenceFigures(t: TFunction, format: AnalyticsFormat, against: Against | undefined, now: Presence | undefined, then: Presence | undefined) {
  const count = (key: string, label: string, pick: (p: Presence) => number) => ({
    key,
    label,
    value: now ? format.number(pick(now)) : '–',
    change: now && <Change value={pick(now)} compared={then && pick(then)} against={against} />,
  });
  const average = (p: Presence) => averageDwell(p.dwellMs, p.persons);
  return {
    persons: count('persons', t('shared.figure.persons'), (p) => p.persons),
    short: count('short', t('shared.figure.dwellShort'), (p) => p.dwellShort),
    medium: count('medium', t('shared.figure.dwellMedium'), (p) => p.dwellMedium),
    long: count('long', t('shared.figure.dwellLong'), (p) => p.dwellLong),
    average: {
      key: 'average',
      label: t('shared.figure.averageDwell'),
      value: now ? format.duration(average(now)) : '–',
      change: now && <Change value={average(now)} compared={then && average(then)} against={against} format={format.duration} />,
    },
  };
}

/** Statistics › Store popularity: how many people stopped at a store's products, and for how long. */
export function StorePopularityPage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const { storeId, period, setStoreId, setPeriod } = useAnalyticsAddress();
  const [chartType, setChartType] = useState<'line' | 'bar'>('line');
  const [product, setProduct] = useState<Product>();
  const query: StorePopularityQuery | undefined = storeId === undefined ? undefined : { storeId, period, top: TOP };
  const popularity = useQuery({ ...storePopularityQuery(query ?? { storeId: 0, period, top: TOP }), enabled: query !== undefined });
  const data = popularity.data;
  const { against, series: compared } = useComparison(period, data?.comparison?.period);

  const labels = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const trend = useMemo(() => presenceTrend(t, chartType, data?.trend, data?.comparison?.trend, compared), [data, chartType, t, compared]);
  const products = useMemo(() => data?.products ?? [], [data]);
  const productNames = useMemo(() => products.map((p) => p.name), [products]);
  const productSeries = useMemo(
    () => [
      {
        name: t('shared.figure.persons'),
        type: 'bar' as const,
        data: products.map((p) => p.persons),
        compared: compared(
          t('shared.figure.persons'),
          products.map((p) => p.compared?.persons ?? null),
        ),
      },
    ],
    [products, t, compared],
  );
  const loading = popularity.isPending && query !== undefined;

  const columns = useMemo(() => productColumns(t, format, against, setProduct), [t, format, against]);
  const figures = presenceFigures(t, format, against, data?.totals, data?.comparison?.totals);
  return (
    <div className="ld-analytics" data-testid="store-popularity">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      <Figures testId="popularity-totals" items={[figures.persons, figures.short, figures.medium, figures.long, figures.average]} />
      <Panel title={t('popularity.trend')}>
        <Radio.Group
          optionType="button"
          size="small"
          value={chartType}
          aria-label={t('popularity.chartType')}
          options={[
            { value: 'line', label: t('popularity.line') },
            { value: 'bar', label: t('popularity.bar') },
          ]}
          onChange={(e) => setChartType(e.target.value as 'line' | 'bar')}
        />
        <SeriesChart
          title={t('popularity.trend')}
          labelTitle={t('shared.bucket')}
          labels={labels}
          series={trend}
          period={data?.period}
          loading={loading}
          error={popularity.isError}
          onRetry={() => void popularity.refetch()}
          testId="popularity-trend"
        />
      </Panel>
      <Panel title={t('popularity.topProducts', { top: TOP })}>
        <SeriesChart
          title={t('popularity.topProducts', { top: TOP })}
          labelTitle={t('shared.figure.product')}
          labels={productNames}
          series={productSeries}
          horizontal
          height={Math.max(240, products.length * 28)}
          loading={loading}
          error={popularity.isError}
          onClick={({ dataIndex }) => setProduct(products[dataIndex])}
          testId="popularity-products-chart"
        />
        <div className="ld-analytics-toolbar" style={{ margin: '12px 0' }}>
          {query && <AnalyticsExport endpoint={analyticsApi.exportStorePopularity} query={query} fileName={t('popularity.fileName')} />}
        </div>
        <Table<Product>
          rowKey="storeDeviceId"
          size="middle"
          columns={columns}
          dataSource={products}
          loading={loading}
          pagination={false}
          data-testid="popularity-products"
        />
      </Panel>
      {product && storeId !== undefined && <ProductTrendDrawer storeId={storeId} period={period} product={product} onClose={() => setProduct(undefined)} />}
    </div>
  );
}

/** The persons and long stays per bucket, each with its comparison where there is one. */
function presenceTrend(
  t: TFunction,
  type: 'line' | 'bar',
  now: readonly Presence[] | undefined,
  then: readonly Presence[] | undefined,
  compared: ComparedSeries,
) {
  const series = (name: string, pick: (p: Presence) => number) => ({ name, type, data: now?.map(pick) ?? [], compared: compared(name, then?.map(pick)) });
  return [series(t('shared.figure.persons'), (p) => p.persons), series(t('shared.figure.dwellLong'), (p) => p.dwellLong)];
}

function productColumns(t: TFunction, format: AnalyticsFormat, against: Against | undefined, open: (p: Product) => void): ColumnsType<Product> {
  const count = (key: 'persons' | 'dwellShort' | 'dwellMedium' | 'dwellLong', title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (value: number, row: Product) => (
      <>
        {format.number(value)}
        <Change value={value} compared={row.compared?.[key]} against={against} />
      </>
    ),
  });
  const average = (p: Presence) => averageDwell(p.dwellMs, p.persons);
  return [
    { key: 'rank', title: t('shared.figure.rank'), dataIndex: 'rank', width: 72 },
    {
      key: 'name',
      title: t('shared.figure.product'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Button type="link" size="small" onClick={() => open(row)} data-testid="product-trend-open">
          {name}
        </Button>
      ),
    },
    { key: 'model', title: t('shared.figure.model'), dataIndex: 'model' },
    count('persons', t('shared.figure.persons')),
    count('dwellShort', t('shared.figure.dwellShort')),
    count('dwellMedium', t('shared.figure.dwellMedium')),
    count('dwellLong', t('shared.figure.dwellLong')),
    {
      key: 'average',
      title: t('shared.figure.averageDwell'),
      align: 'right',
      render: (_: unknown, row) => (
        <>
          {format.duration(average(row))}
          <Change value={average(row)} compared={row.compared && average(row.compared)} against={against} format={format.duration} />
        </>
      ),
    },
  ];
}

/** One product's persons and dwell across the period, beside the store's list. */
function ProductTrendDrawer({ storeId, period, product, onClose }: { storeId: number; period: Period; product: Product; onClose: () => void }) {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const trend = useQuery(productTrendQuery({ storeId, period, storeDeviceId: product.storeDeviceId }));
  const data = trend.data;
  const { against, series: compared } = useComparison(period, data?.comparison?.period);
  const labels = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const series = useMemo(() => presenceTrend(t, 'line', data?.trend, data?.comparison?.trend, compared), [data, t, compared]);
  const figures = presenceFigures(
    t,
    format,
    against,
    data?.product ?? product,
    data ? (data.comparison?.totals ?? undefined) : (product.compared ?? undefined),
  );
  const title = t('popularity.productTrend', { name: product.name });
  return (
    <Drawer open title={title} size={640} onClose={onClose} destroyOnHidden data-testid="product-trend">
      <Figures items={[figures.persons, figures.average]} />
      <SeriesChart
        title={title}
        labelTitle={t('shared.bucket')}
        labels={labels}
        series={series}
        period={data?.period}
        loading={trend.isPending}
        error={trend.isError}
        onRetry={() => void trend.refetch()}
      />
    </Drawer>
  );
}
