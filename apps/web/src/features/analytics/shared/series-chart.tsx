import { useMemo } from 'react';
import { Chart, type ChartClick, type ChartOption, type ChartTable } from '../../../components/chart';

export interface Series {
  name: string;
  data: readonly (number | null)[];
  type?: 'line' | 'bar';
  stack?: string;
}

/** Nothing worth drawing: no buckets, or no one counted in any. */
export const nothingCounted = (series: readonly Series[]) => series.every((s) => s.data.every((value) => !value));

export function seriesOption(labels: readonly string[], series: readonly Series[], horizontal = false): ChartOption {
  const category = { type: 'category', data: labels, ...(horizontal && { inverse: true }) };
  const value = { type: 'value', minInterval: 1 };
  return {
    tooltip: { trigger: 'axis' },
    legend: { show: series.length > 1, top: 0 },
    grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: series.map((s) => ({
      name: s.name,
      type: s.type ?? 'line',
      data: s.data,
      stack: s.stack,
      smooth: s.type !== 'bar',
      showSymbol: labels.length <= 31,
    })),
  };
}

export function seriesTable(labelTitle: string, labels: readonly string[], series: readonly Series[]): ChartTable {
  return {
    columns: [{ key: 'label', title: labelTitle }, ...series.map((s, i) => ({ key: `s${i}`, title: s.name }))],
    rows: labels.map((label, row) => ({ label, ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.data[row] ?? '–'])) })),
  };
}

export interface SeriesChartProps {
  title: string;
  /** What the labels are (hour, day, store…): the first column of the chart's table. */
  labelTitle: string;
  labels: readonly string[];
  series: readonly Series[];
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  horizontal?: boolean;
  height?: number;
  onClick?: (click: ChartClick) => void;
  testId?: string;
}

/** Lines or bars over buckets or names, with its table and states. */
export function SeriesChart({ title, labelTitle, labels, series, horizontal = false, ...rest }: SeriesChartProps) {
  const option = useMemo(() => seriesOption(labels, series, horizontal), [labels, series, horizontal]);
  const table = useMemo(() => seriesTable(labelTitle, labels, series), [labelTitle, labels, series]);
  return <Chart title={title} option={option} table={table} empty={labels.length === 0 || nothingCounted(series)} {...rest} />;
}
