import { describe, expect, test } from 'vitest';
import { categoryLabels, withCategoryLabels } from './category-labels';

const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const stores = ['Amsterdam Kalverstraat', 'Rotterdam Lijnbaan', 'Berlin Alexanderplatz', 'Munich Marienplatz', 'Paris Rivoli', 'Brussels Nieuwstraat'];
const bars = (labels: string[]) => ({
  xAxis: { type: 'category', data: labels },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: labels.map(() => 1) }],
});
const xLabel = (labels: string[], width: number) => categoryLabels(bars(labels), { width, height: 320 }).x[0];

describe('category axes name every category', () => {
  test('labels that fit lie flat, every one of them', () => {
    expect(xLabel(hours, 1200)).toEqual({ interval: 0, rotate: 0 });
  });

  test('crowded labels tilt, then stand upright, and are cut when long', () => {
    expect(xLabel(stores, 700)).toEqual({ interval: 0, rotate: 45, width: 120, overflow: 'truncate' });
    expect(xLabel(hours, 500)).toEqual({ interval: 0, rotate: 90, width: 120, overflow: 'truncate' });
  });

  test('only when even upright labels would overlap does ECharts leave some out, never overlapping', () => {
    expect(xLabel(hours, 320)).toEqual({ rotate: 90, hideOverlap: true, width: 120, overflow: 'truncate' });
  });

  test('a ranking’s bars each keep their name while the names fit above one another', () => {
    const ranking = { xAxis: { type: 'value' }, yAxis: { type: 'category', data: stores } };
    expect(categoryLabels(ranking, { width: 390, height: 320 })).toEqual({ x: [undefined], y: [{ interval: 0 }] });
  });

  test('an axis’s own label settings win; value axes are left alone', () => {
    const option = { xAxis: [{ type: 'category', data: hours, axisLabel: { rotate: 30 } }], yAxis: { type: 'value' } };
    const laid = withCategoryLabels(option, categoryLabels(option, { width: 500, height: 320 }));
    expect(laid.xAxis).toEqual([{ type: 'category', data: hours, axisLabel: { interval: 0, rotate: 30, width: 120, overflow: 'truncate' } }]);
    expect(laid.yAxis).toEqual({ type: 'value' });
  });
});
