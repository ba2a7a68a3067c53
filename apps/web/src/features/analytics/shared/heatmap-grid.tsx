import type { Heatmap } from '@lightdesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption, type ChartTable } from '../../../components/chart';

/** From few people to many: the colours of every heatmap in the console. */
export const HEAT_COLOURS = ['#e6f4ff', '#69b1ff', '#fadb14', '#fa8c16', '#cf1322'] as const;

export interface HeatmapGridProps {
  /** The grid: `columns × rows` counts, row by row, and the largest. */
  heatmap: Pick<Heatmap, 'columns' | 'rows' | 'cells' | 'max'>;
  title: string;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  height?: number;
  testId?: string;
}

/**
 * A heatmap grid with its colour legend. Row 1 is the top, as the cells arrive row by row from
 * the top.
 */
export function HeatmapGrid({ heatmap, title, height = 420, ...rest }: HeatmapGridProps) {
  const { t } = useTranslation('analytics');
  const { columns, rows, cells, max } = heatmap;
  const xs = useMemo(() => Array.from({ length: columns }, (_, i) => String(i + 1)), [columns]);
  const ys = useMemo(() => Array.from({ length: rows }, (_, i) => String(i + 1)), [rows]);

  const option = useMemo<ChartOption>(() => {
    const data = cells.map((count, i) => [i % columns, Math.floor(i / columns), count]);
    const axis = (labels: string[], name: string) => ({ type: 'category', data: labels, name, splitArea: { show: true } });
    return {
      tooltip: { position: 'top' },
      grid: { left: 8, right: 24, top: 24, bottom: 64, containLabel: true },
      xAxis: axis(xs, t('chart.column')),
      yAxis: { ...axis(ys, t('chart.row')), inverse: true },
      visualMap: {
        min: 0,
        // The grid's cells are counts spread over its squares, often below one: the scale runs to
        // the largest as it is (one only when nobody was seen), with a decimal when cells have them.
        max: max > 0 ? max : 1,
        precision: cells.every(Number.isInteger) ? 0 : 1,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        text: [t('chart.more'), t('chart.fewer')],
        inRange: { color: [...HEAT_COLOURS] },
      },
      series: [{ type: 'heatmap', name: title, data, emphasis: { itemStyle: { borderColor: '#000', borderWidth: 1 } } }],
    };
  }, [cells, columns, xs, ys, max, title, t]);

  const table = useMemo<ChartTable>(
    () => ({
      columns: [{ key: 'row', title: t('chart.row') }, ...xs.map((x) => ({ key: x, title: t('chart.columnN', { n: x }) }))],
      rows: ys.map((y, r) => ({ row: y, ...Object.fromEntries(xs.map((x, c) => [x, cells[r * columns + c] ?? 0])) })),
    }),
    [xs, ys, cells, columns, t],
  );

  return <Chart title={title} option={option} table={table} empty={columns * rows === 0 || cells.every((c) => !c)} height={height} {...rest} />;
}
