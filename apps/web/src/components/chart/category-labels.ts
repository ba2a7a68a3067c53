import type { ChartOption } from './types';

/** A label's height at ECharts' 12 px text. */
const LINE = 14;
/** What the grid leaves beside and under the plot for the other axis and the padding, roughly. */
const BESIDE_PLOT = 80;
const UNDER_PLOT = 60;
/** Slanted or upright labels longer than this are cut with "…" (the tooltip names the category). */
const ROTATED_WIDTH = 120;

type Axis = { type?: string; data?: readonly unknown[]; axisLabel?: Record<string, unknown> };
type AxisLabel = Record<string, unknown>;

/** Roughly how wide ECharts draws a label: wide characters (Chinese, Japanese) take a full em. */
const textWidth = (text: string) => [...text].reduce((sum, ch) => sum + (ch.codePointAt(0)! >= 0x2e80 ? 12 : 7), 0);
const labelOf = (item: unknown) => String(typeof item === 'object' && item !== null && 'value' in item ? item.value : item);

/**
 * How a horizontal category axis shows every label in `plot` pixels: flat when the widest fits
 * its slot, slanted or upright when crowded; only when even upright labels would overlap (or
 * short ones would not fit flat) does ECharts leave some out, evenly, never two overlapping.
 */
function alongX(labels: readonly string[], plot: number): AxisLabel {
  const slot = plot / Math.max(labels.length, 1);
  const widest = Math.max(0, ...labels.map(textWidth));
  if (widest + 4 <= slot) return { interval: 0, rotate: 0 };
  // Short labels (column numbers) gain nothing by turning: ECharts leaves some out, evenly.
  if (widest <= 2 * LINE) return {};
  const cut = { width: ROTATED_WIDTH, overflow: 'truncate' };
  // Slanted labels sit a line's height apart measured across them: about 1.5 lines along the axis.
  if (slot >= LINE * 1.5) return { interval: 0, rotate: 45, ...cut };
  if (slot >= LINE) return { interval: 0, rotate: 90, ...cut };
  return { rotate: 90, hideOverlap: true, ...cut };
}

/** A vertical category axis (a ranking's bars) names every bar while the labels fit above one another. */
const alongY = (labels: readonly string[], plot: number): AxisLabel => (plot / Math.max(labels.length, 1) >= LINE ? { interval: 0 } : {});

const axesOf = (axes: unknown): Axis[] => (axes === undefined ? [] : Array.isArray(axes) ? (axes as Axis[]) : [axes as Axis]);
const labelsOf = (axis: Axis) => (axis.type === 'category' && Array.isArray(axis.data) ? axis.data.map(labelOf) : undefined);

/** The label settings of each x and y axis (none for value axes), for a chart of this size. */
export interface CategoryLabels {
  x: (AxisLabel | undefined)[];
  y: (AxisLabel | undefined)[];
}

/**
 * How the option's category axes name every category in a chart of this size (ECharts' default
 * skips labels as soon as two might touch).
 */
export function categoryLabels(option: ChartOption, size: { width: number; height: number }): CategoryLabels {
  const place = (axes: unknown, lay: (labels: readonly string[]) => AxisLabel) =>
    axesOf(axes).map((axis) => {
      const labels = labelsOf(axis);
      return labels && lay(labels);
    });
  return {
    x: place(option.xAxis, (labels) => alongX(labels, size.width - BESIDE_PLOT)),
    y: place(option.yAxis, (labels) => alongY(labels, size.height - UNDER_PLOT)),
  };
}

/** The option with those label settings; an axis's own `axisLabel` settings win over them. */
export function withCategoryLabels(option: ChartOption, labels: CategoryLabels): ChartOption {
  const apply = (axes: unknown, settings: (AxisLabel | undefined)[]) => {
    const laid = axesOf(axes).map((axis, i) => (settings[i] ? { ...axis, axisLabel: { ...settings[i], ...axis.axisLabel } } : axis));
    return Array.isArray(axes) ? laid : laid[0];
  };
  return {
    ...option,
    ...(option.xAxis !== undefined && { xAxis: apply(option.xAxis, labels.x) }),
    ...(option.yAxis !== undefined && { yAxis: apply(option.yAxis, labels.y) }),
  };
}
