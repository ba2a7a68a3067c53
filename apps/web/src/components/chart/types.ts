import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';

/** What a chart draws: ECharts' option, typed loosely as ECharts itself does. Type-only, so no chart code loads with it. */
export type ChartOption = EChartsCoreOption;

/** A chart's figures as a table: what screen readers read, and what "View as table" shows. */
export interface ChartTable {
  columns: readonly { key: string; title: string }[];
  rows: readonly Record<string, ReactNode>[];
}

/** A map a chart draws on (`geo` or a `map` series), registered under `name` before the first draw. */
export interface ChartMap {
  name: string;
  /** GeoJSON of the map, loaded with the chart rather than the screen. */
  load: () => Promise<object>;
}

/** A click on a drawn item: its series and position, and its name and value as in the option. */
export interface ChartClick {
  seriesIndex: number;
  dataIndex: number;
  name: string;
  data: unknown;
}

/** The console's colours the chart draws with (antd's tokens, so it follows the console's theme). */
export interface ChartColors {
  primary: string;
  text: string;
  secondaryText: string;
  split: string;
  background: string;
}
