// The token hook alone, as the chart itself reads it: antd's `theme` object would bring its dark and compact algorithms.
import { useToken } from 'antd/es/theme/internal';
import type { ResolvedPeriod } from '@lightdesk/contract';
import { useMemo } from 'react';
import { Chart, seriesColours, type ChartClick, type ChartOption, type ChartTable } from '../../../components/chart';
import { bucketsAhead } from './period';

type Values = readonly (number | null)[];

export interface Series {
  name: string;
  data: Values;
  type?: 'line' | 'bar';
  stack?: string;
  /**
   * The same figures over the comparison period, drawn faint in the series' colour and named in
   * the legend (its name says which period: its dates, or "then").
   */
  compared?: { name: string; data: Values };
}

/** Nothing worth drawing: no buckets, or no one counted in any. */
export const nothingCounted = (series: readonly Series[]) =>
  series.every((s) => s.data.every((value) => !value) && (s.compared?.data ?? []).every((value) => !value));

/**
 * The comparison's values bucket by bucket against the labels, by position: a comparison period
 * with more buckets (a longer month) is cut, one with fewer is padded with gaps.
 */
export const alignedTo = (labels: readonly string[], values: Values): (number | null)[] => labels.map((_, i) => values[i] ?? null);

/**
 * The series with their buckets still ahead as gaps: a zero there would read as traffic collapsing.
 * Comparisons are over a past period and stay whole.
 */
export const untilNow = (series: readonly Series[], ahead: readonly boolean[]): Series[] =>
  series.map((s) => ({ ...s, data: s.data.map((value, i) => (ahead[i] ? null : value)) }));

/** Every line or bar drawn: each series, then the comparison of each that has one. */
function drawn(labels: readonly string[], series: readonly Series[]): (Series & { of?: number })[] {
  const compared = series.flatMap((s, of) =>
    s.compared ? [{ name: s.compared.name, data: alignedTo(labels, s.compared.data), type: s.type, stack: s.stack && `${s.stack}-compared`, of }] : [],
  );
  return [...series, ...compared];
}

/** Faint beside the figures they are set against: dashed lines, pale bars. */
const FAINT = 0.45;

export function seriesOption(labels: readonly string[], series: readonly Series[], colours: readonly string[], horizontal = false): ChartOption {
  const category = { type: 'category', data: labels, ...(horizontal && { inverse: true }) };
  const value = { type: 'value', minInterval: 1 };
  const all = drawn(labels, series);
  // A comparison wears its series' colour, so the pairs read together.
  const colourOf = (i: number) => colours[i % colours.length];
  return {
    tooltip: { trigger: 'axis' },
    legend: { show: all.length > 1, top: 0 },
    grid: { left: 8, right: 16, top: all.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: all.map((s, i) => {
      const colour = colourOf(s.of ?? i);
      const faint = s.of !== undefined;
      return {
        name: s.name,
        type: s.type ?? 'line',
        data: s.data,
        stack: s.stack,
        smooth: s.type !== 'bar',
        // Smoothed along the axis, a line never swings past its neighbouring points (never below zero).
        smoothMonotone: horizontal ? 'y' : 'x',
        showSymbol: labels.length <= 31,
        itemStyle: { color: colour, ...(faint && { opacity: FAINT }) },
        lineStyle: { color: colour, ...(faint && { type: 'dashed', opacity: FAINT }) },
        ...(faint && { z: 1 }),
      };
    }),
  };
}

export function seriesTable(labelTitle: string, labels: readonly string[], series: readonly Series[]): ChartTable {
  const all = drawn(labels, series);
  return {
    columns: [{ key: 'label', title: labelTitle }, ...all.map((s, i) => ({ key: `s${i}`, title: s.name }))],
    rows: labels.map((label, row) => ({ label, ...Object.fromEntries(all.map((s, i) => [`s${i}`, s.data[row] ?? '–'])) })),
  };
}

export interface SeriesChartProps {
  title: string;
  /** What the labels are (hour, day, store…): the first column of the chart's table. */
  labelTitle: string;
  labels: readonly string[];
  series: readonly Series[];
  /** The period whose buckets the labels are: its buckets after the store's now are drawn as gaps. */
  period?: Pick<ResolvedPeriod, 'timezone' | 'buckets'>;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  horizontal?: boolean;
  height?: number;
  onClick?: (click: ChartClick) => void;
  testId?: string;
}

/** Lines or bars over buckets or names, each with its comparison where it has one, with its table and states. */
export function SeriesChart({ title, labelTitle, labels, series: figures, period, horizontal = false, ...rest }: SeriesChartProps) {
  const [, token] = useToken();
  const colours = useMemo(() => seriesColours(token.colorPrimary), [token.colorPrimary]);
  const series = useMemo(() => (period ? untilNow(figures, bucketsAhead(period, new Date())) : figures), [figures, period]);
  const option = useMemo(() => seriesOption(labels, series, colours, horizontal), [labels, series, colours, horizontal]);
  const table = useMemo(() => seriesTable(labelTitle, labels, series), [labelTitle, labels, series]);
  return <Chart title={title} option={option} table={table} empty={labels.length === 0 || nothingCounted(series)} {...rest} />;
}
