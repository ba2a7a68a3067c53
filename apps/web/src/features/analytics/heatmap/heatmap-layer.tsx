import type { Heatmap } from '@lightdesk/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalyticsFormat } from '../shared/format';
import { HEAT_COLOURS } from '../shared/heatmap-grid';

type Grid = Pick<Heatmap, 'columns' | 'rows' | 'cells' | 'max'>;

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const STOPS = HEAT_COLOURS.map(rgb);

/** A count's colour on the heatmap scale, `share` being the count over the busiest cell's. */
export function heatColour(share: number): [number, number, number] {
  const at = Math.min(1, Math.max(0, share)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(at));
  const f = at - i;
  const [a, b] = [STOPS[i]!, STOPS[i + 1]!];
  return [0, 1, 2].map((c) => Math.round(a[c]! + (b[c]! - a[c]!) * f)) as [number, number, number];
}

/**
 * The plan's grid of counts drawn as a picture laid over the floor plan: one pixel per cell,
 * stretched (and smoothed by the browser) to the plan's size; cells where nobody was stay clear.
 * `scale` is the count drawn in the busiest colour (the grid's own busiest cell unless two
 * periods' heatmaps are to be read on one scale).
 */
export function HeatmapLayer({ heatmap, opacity, scale = heatmap.max }: { heatmap: Grid; opacity: number; scale?: number }) {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const canvas = useRef<HTMLCanvasElement>(null);
  const { columns, rows, cells, max } = heatmap;
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || columns * rows === 0) return;
    const image = context.createImageData(columns, rows);
    cells.forEach((count, i) => {
      if (!count) return;
      const [r, g, b] = heatColour(count / Math.max(1, scale));
      image.data.set([r, g, b, 255], i * 4);
    });
    context.putImageData(image, 0, 0);
  }, [cells, columns, rows, scale]);
  return (
    <canvas
      ref={canvas}
      width={columns}
      height={rows}
      className="ld-heatmap-layer"
      style={{ opacity }}
      role="img"
      aria-label={t('heatmap.layer', { max: format.number(max, 1) })}
      data-testid="heatmap-layer"
      data-max={max}
      data-scale={scale}
    />
  );
}

/** The heatmap's colour scale, from no one to the busiest cell's count. */
export function HeatLegend({ max }: { max: number }) {
  const { t } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  return (
    <div className="ld-heat-legend" data-testid="heat-legend">
      <span>{t('chart.fewer')}</span>
      <span className="ld-heat-legend-scale" style={{ background: `linear-gradient(to right, ${HEAT_COLOURS.join(', ')})` }} aria-hidden />
      <span>{t('chart.more')}</span>
      <span className="ld-heat-legend-max">{t('heatmap.max', { max: format.number(max, 1) })}</span>
    </div>
  );
}
