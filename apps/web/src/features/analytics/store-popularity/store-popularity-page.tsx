import { analyticsApi, type Period, type ProductPopularity, type StorePopularityQuery } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Radio from 'antd/es/radio';
import Table, { type ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
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

/** Statistics › Store popularity: how many people stopped at a store's products, and for how long. */
export function StorePopularityPage() {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const { storeId, period, setStoreId, setPeriod } = useAnalyticsAddress();
  const [chartType, setChartType] = useState<'line' | 'bar'>('line');
  const [product, setProduct] = useState<ProductPopularity>();
  const query: StorePopularityQuery | undefined = storeId === undefined ? undefined : { storeId, period, top: TOP };
  const popularity = useQuery({ ...storePopularityQuery(query ?? { storeId: 0, period, top: TOP }), enabled: query !== undefined });
  const data = popularity.data;

  const labels = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const trend = useMemo(
    () => [
      { name: t('shared.figure.persons'), type: chartType, data: data?.trend.map((p) => p.persons) ?? [] },
      { name: t('shared.figure.dwellLong'), type: chartType, data: data?.trend.map((p) => p.dwellLong) ?? [] },
    ],
    [data, chartType, t],
  );
  const products = useMemo(() => data?.products ?? [], [data]);
  const productNames = useMemo(() => products.map((p) => p.name), [products]);
  const productSeries = useMemo(() => [{ name: t('shared.figure.persons'), type: 'bar' as const, data: products.map((p) => p.persons) }], [products, t]);
  const loading = popularity.isPending && query !== undefined;

  const columns = useMemo(() => productColumns(t, format, setProduct), [t, format]);
  const totals = data?.totals;
  return (
    <div className="ld-analytics" data-testid="store-popularity">
      <div className="ld-analytics-toolbar">
        <StorePicker value={storeId} onChange={setStoreId} />
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      <Figures
        testId="popularity-totals"
        items={[
          { key: 'persons', label: t('shared.figure.persons'), value: totals ? format.number(totals.persons) : '–' },
          { key: 'short', label: t('shared.figure.dwellShort'), value: totals ? format.number(totals.dwellShort) : '–' },
          { key: 'medium', label: t('shared.figure.dwellMedium'), value: totals ? format.number(totals.dwellMedium) : '–' },
          { key: 'long', label: t('shared.figure.dwellLong'), value: totals ? format.number(totals.dwellLong) : '–' },
          { key: 'average', label: t('shared.figure.averageDwell'), value: totals ? format.duration(averageDwell(totals.dwellMs, totals.persons)) : '–' },
        ]}
      />
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
        <Table<ProductPopularity>
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

function productColumns(t: (key: string) => string, format: AnalyticsFormat, open: (p: ProductPopularity) => void): ColumnsType<ProductPopularity> {
  const count = (key: 'persons' | 'dwellShort' | 'dwellMedium' | 'dwellLong', title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (value: number) => format.number(value),
  });
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
      render: (_: unknown, row) => format.duration(averageDwell(row.dwellMs, row.persons)),
    },
  ];
}

/** One product's persons and dwell across the period, beside the store's list. */
function ProductTrendDrawer({ storeId, period, product, onClose }: { storeId: number; period: Period; product: ProductPopularity; onClose: () => void }) {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const trend = useQuery(productTrendQuery({ storeId, period, storeDeviceId: product.storeDeviceId }));
  const data = trend.data;
  const labels = useMemo(() => data?.period.buckets.map((b) => format.bucket(b, data.period.bucket)) ?? [], [data, format]);
  const series = useMemo(
    () => [
      { name: t('shared.figure.persons'), data: data?.trend.map((p) => p.persons) ?? [] },
      { name: t('shared.figure.dwellLong'), data: data?.trend.map((p) => p.dwellLong) ?? [] },
    ],
    [data, t],
  );
  const title = t('popularity.productTrend', { name: product.name });
  return (
    <Drawer open title={title} size={640} onClose={onClose} destroyOnHidden data-testid="product-trend">
      <Figures
        items={[
          { key: 'persons', label: t('shared.figure.persons'), value: format.number(data?.product.persons ?? product.persons) },
          { key: 'average', label: t('shared.figure.averageDwell'), value: format.duration(averageDwell(product.dwellMs, product.persons)) },
        ]}
      />
      <SeriesChart
        title={title}
        labelTitle={t('shared.bucket')}
        labels={labels}
        series={series}
        loading={trend.isPending}
        error={trend.isError}
        onRetry={() => void trend.refetch()}
      />
    </Drawer>
  );
}
