import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption, type ChartTable } from '../../components/chart';
import { SAMPLE_HOURS, SAMPLE_LAST_WEEK, SAMPLE_STORES, SAMPLE_TODAY } from './sample';
import { GalleryPage, StateGrid, type DataState } from './states';

const HEAT_COLOURS = ['#e6f4ff', '#69b1ff', '#fadb14', '#fa8c16', '#cf1322'];
const GRID = { columns: 6, rows: 4 };
const CELLS = Array.from({ length: GRID.columns * GRID.rows }, (_, i) => (i * 37) % 23);

interface Sample {
  option: ChartOption;
  table: ChartTable;
}

/** The kinds of chart the analytics screens draw, each with fixed sample figures. */
function useSamples(): Record<'line' | 'bar' | 'stacked' | 'heatmap', Sample> {
  const { t } = useTranslation('gallery');
  return useMemo(() => {
    const today = t('charts.today');
    const lastWeek = t('charts.lastWeek');
    const hourTable: ChartTable = {
      columns: [
        { key: 'hour', title: t('charts.hour') },
        { key: 'today', title: today },
        { key: 'lastWeek', title: lastWeek },
      ],
      rows: SAMPLE_HOURS.map((hour, i) => ({ hour, today: SAMPLE_TODAY[i], lastWeek: SAMPLE_LAST_WEEK[i] })),
    };
    const axes = { xAxis: { type: 'category', data: SAMPLE_HOURS }, yAxis: { type: 'value', minInterval: 1 } };
    const stores = SAMPLE_STORES.map((s) => s.name);
    const online = [18, 9, 24];
    const offline = [2, 5, 1];
    return {
      line: {
        option: {
          tooltip: { trigger: 'axis' },
          legend: { top: 0 },
          grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
          ...axes,
          series: [
            { name: today, type: 'line', smooth: true, data: SAMPLE_TODAY },
            { name: lastWeek, type: 'line', smooth: true, data: SAMPLE_LAST_WEEK },
          ],
        },
        table: hourTable,
      },
      bar: {
        option: {
          tooltip: { trigger: 'axis' },
          grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
          ...axes,
          series: [{ name: today, type: 'bar', data: SAMPLE_TODAY }],
        },
        table: { columns: hourTable.columns.slice(0, 2), rows: hourTable.rows },
      },
      stacked: {
        option: {
          tooltip: { trigger: 'axis' },
          legend: { top: 0 },
          grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
          xAxis: { type: 'value', minInterval: 1 },
          yAxis: { type: 'category', data: stores, inverse: true },
          series: [
            { name: t('charts.online'), type: 'bar', stack: 'devices', data: online },
            { name: t('charts.offline'), type: 'bar', stack: 'devices', data: offline },
          ],
        },
        table: {
          columns: [
            { key: 'store', title: t('charts.store') },
            { key: 'online', title: t('charts.online') },
            { key: 'offline', title: t('charts.offline') },
          ],
          rows: stores.map((store, i) => ({ store, online: online[i], offline: offline[i] })),
        },
      },
      heatmap: {
        option: {
          tooltip: { position: 'top' },
          grid: { left: 8, right: 24, top: 24, bottom: 64, containLabel: true },
          xAxis: { type: 'category', data: Array.from({ length: GRID.columns }, (_, i) => String(i + 1)), splitArea: { show: true } },
          yAxis: { type: 'category', data: Array.from({ length: GRID.rows }, (_, i) => String(i + 1)), inverse: true, splitArea: { show: true } },
          visualMap: { min: 0, max: 22, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, inRange: { color: HEAT_COLOURS } },
          series: [{ type: 'heatmap', name: t('charts.heatmap'), data: CELLS.map((count, i) => [i % GRID.columns, Math.floor(i / GRID.columns), count]) }],
        },
        table: {
          columns: [{ key: 'row', title: t('charts.row') }, ...Array.from({ length: GRID.columns }, (_, c) => ({ key: String(c), title: String(c + 1) }))],
          rows: Array.from({ length: GRID.rows }, (_, r) => ({
            row: String(r + 1),
            ...Object.fromEntries(Array.from({ length: GRID.columns }, (_, c) => [String(c), CELLS[r * GRID.columns + c]])),
          })),
        },
      },
    };
  }, [t]);
}

const KINDS = ['line', 'bar', 'stacked', 'heatmap'] as const;

/** Test charts: each kind of chart in its empty, loading, error and drawn states. ECharts loads with this page, not before. */
export function ChartsGalleryPage() {
  const { t } = useTranslation('gallery');
  const samples = useSamples();
  return (
    <GalleryPage intro={t('charts.intro')}>
      {KINDS.map((kind) => (
        <StateGrid
          key={kind}
          title={t(`charts.kind.${kind}`)}
          render={(state: DataState) => (
            <Chart
              title={t(`charts.kind.${kind}`)}
              option={samples[kind].option}
              table={samples[kind].table}
              height={220}
              loading={state === 'loading'}
              error={state === 'error'}
              empty={state === 'empty'}
              testId={`chart-${kind}-${state}`}
            />
          )}
        />
      ))}
    </GalleryPage>
  );
}
