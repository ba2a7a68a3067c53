export { Chart, type ChartProps } from './chart';
export type { ChartClick, ChartMap, ChartOption, ChartTable } from './types';
