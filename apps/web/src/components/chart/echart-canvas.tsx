import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryLabels, withCategoryLabels, type CategoryLabels } from './category-labels';
import { withNumberFormat } from './number-labels';
import { seriesColours } from './palette';
import type { ChartClick, ChartColors, ChartMap, ChartOption } from './types';

// Only what the console draws: ECharts' full build is several times the size. Lines and bars come
// with every chart; maps and heatmaps bring their parts when a chart first needs them.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const loadParts = () => import('./echart-parts');
const needsHeatmap = (option: ChartOption) => 'visualMap' in option || [option.series ?? []].flat().some((s) => (s as { type?: string }).type === 'heatmap');

function themeOf(colors: ChartColors) {
  const axis = {
    axisLine: { lineStyle: { color: colors.secondaryText } },
    axisLabel: { color: colors.secondaryText },
    splitLine: { lineStyle: { color: colors.split } },
    nameTextStyle: { color: colors.secondaryText },
  };
  return {
    color: seriesColours(colors.primary),
    backgroundColor: 'transparent',
    textStyle: { color: colors.text },
    legend: { textStyle: { color: colors.text } },
    categoryAxis: axis,
    valueAxis: axis,
    tooltip: { backgroundColor: colors.background, textStyle: { color: colors.text } },
  };
}

/** Maps are registered once per page load, whichever chart asks first. */
const registered = new Map<string, Promise<void>>();
const ensureMap = (map: ChartMap) => {
  let ready = registered.get(map.name);
  if (!ready) {
    ready = Promise.all([loadParts().then((parts) => parts.registerGeo()), map.load()]).then(([, geoJson]) =>
      echarts.registerMap(map.name, geoJson as Parameters<typeof echarts.registerMap>[1]),
    );
    registered.set(map.name, ready);
  }
  return ready;
};

/** What an option needs registered before it can be drawn. */
const partsFor = (option: ChartOption, maps: readonly ChartMap[] = []) =>
  Promise.all([...maps.map(ensureMap), needsHeatmap(option) ? loadParts().then((parts) => parts.registerHeatmap()) : undefined]);

/** Names those parts: a chart is made again only when it needs different ones. */
const partsKeyOf = (option: ChartOption, maps: readonly ChartMap[] = []) => JSON.stringify([maps.map((map) => map.name), needsHeatmap(option)]);

export interface EChartCanvasProps {
  option: ChartOption;
  colors: ChartColors;
  height: number;
  maps?: readonly ChartMap[];
  onClick?: (click: ChartClick) => void;
}

/** The drawing itself: ECharts on a div, resized with its box, disposed with it. */
export default function EChartCanvas({ option, colors, height, maps, onClick }: EChartCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  // The option once the parts it needs are registered, and which parts those are.
  const [drawable, setDrawable] = useState<{ option: ChartOption; parts: string }>();
  // The box's width: how crowded the category labels are, so how they are laid out.
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let live = true;
    void partsFor(option, maps).then(() => live && setDrawable({ option, parts: partsKeyOf(option, maps) }));
    return () => {
      live = false;
    };
  }, [option, maps]);

  // ECharts copies the steps that lay out and colour a chart (a map's points, a colour scale) from
  // what is registered when the chart is made: one made before the parts arrive draws a map with no
  // points and a heatmap in one colour. So the chart is made once its option's parts are in.
  const parts = drawable?.parts;
  const colorKey = JSON.stringify(colors);
  useEffect(() => {
    const element = box.current;
    if (!element || parts === undefined) return;
    const instance = echarts.init(element, themeOf(JSON.parse(colorKey) as ChartColors));
    setChart(instance);
    const resize = new ResizeObserver(() => {
      instance.resize();
      setWidth(element.clientWidth);
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.dispose();
    };
  }, [colorKey, parts]);

  // Drawn again on a resize only when the labels' layout changes with it (they tilt or straighten).
  const labelsKey = drawable && width > 0 ? JSON.stringify(categoryLabels(drawable.option, { width, height })) : undefined;
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shown = useMemo(() => {
    if (!drawable) return undefined;
    const numbers = new Intl.NumberFormat(language);
    // Until the box is measured (never, where nothing is laid out) the labels keep ECharts' own layout.
    const laidOut = labelsKey ? withCategoryLabels(drawable.option, JSON.parse(labelsKey) as CategoryLabels) : drawable.option;
    return withNumberFormat(laidOut, (value) => numbers.format(value));
  }, [drawable, labelsKey, language]);
  useEffect(() => {
    if (chart && shown) chart.setOption(shown, { notMerge: true });
  }, [chart, shown]);

  useEffect(() => {
    if (!chart || !onClick) return;
    const handler = (event: { seriesIndex?: number; dataIndex?: number; name?: string; data?: unknown }) =>
      onClick({ seriesIndex: event.seriesIndex ?? 0, dataIndex: event.dataIndex ?? 0, name: event.name ?? '', data: event.data });
    chart.on('click', handler);
    return () => void chart.off('click', handler);
  }, [chart, onClick]);

  return <div ref={box} style={{ width: '100%', height }} aria-hidden />;
}
