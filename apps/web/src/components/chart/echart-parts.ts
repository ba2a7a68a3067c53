import { EffectScatterChart, HeatmapChart } from 'echarts/charts';
import { GeoComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

// Parts only some charts draw, in a chunk of their own so line and bar charts load without them.

/** Maps with bubbles on them. */
export const registerGeo = () => echarts.use([GeoComponent, EffectScatterChart]);

/** Heatmap grids and colour scales. */
export const registerHeatmap = () => echarts.use([HeatmapChart, VisualMapComponent]);
