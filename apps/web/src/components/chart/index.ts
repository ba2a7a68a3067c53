export { Chart, type ChartProps } from './chart';
export { seriesColours } from './palette';
export type { ChartClick, ChartMap, ChartOption, ChartTable } from './types';
