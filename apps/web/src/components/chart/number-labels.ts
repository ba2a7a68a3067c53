import type { ChartOption } from './types';

type Axis = { type?: string; axisLabel?: Record<string, unknown> };

const axesOf = (axes: unknown): Axis[] => (axes === undefined ? [] : Array.isArray(axes) ? (axes as Axis[]) : [axes as Axis]);

/**
 * The option with its numbers written in the console's language, as the rest of the screen writes
 * them: ECharts writes every number the English way ("1,000", which reads as one in French). Value
 * axes' labels and the tooltip's values get `format`; an axis or tooltip that formats its own keeps
 * its formatter. A y axis without a type is a value axis, ECharts' default.
 */
export function withNumberFormat(option: ChartOption, format: (value: number) => string): ChartOption {
  const apply = (axes: unknown, defaultType: string) => {
    const formatted = axesOf(axes).map((axis) =>
      (axis.type ?? defaultType) === 'value' || axis.type === 'log'
        ? { ...axis, axisLabel: { formatter: (value: number) => format(value), ...axis.axisLabel } }
        : axis,
    );
    return Array.isArray(axes) ? formatted : formatted[0];
  };
  const valueOf = (value: unknown): string =>
    typeof value === 'number' ? format(value) : Array.isArray(value) ? value.map(valueOf).join(', ') : typeof value === 'string' ? value : '';
  const tooltip = option.tooltip as Record<string, unknown> | undefined;
  return {
    ...option,
    ...(option.xAxis !== undefined && { xAxis: apply(option.xAxis, 'category') }),
    ...(option.yAxis !== undefined && { yAxis: apply(option.yAxis, 'value') }),
    ...(tooltip && !Array.isArray(tooltip) && !tooltip.formatter && !tooltip.valueFormatter && { tooltip: { ...tooltip, valueFormatter: valueOf } }),
  };
}
