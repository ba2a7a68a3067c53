import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import EChartCanvas from './echart-canvas';

// What happened, in order: parts registered, charts made, options set.
const steps = vi.hoisted(() => [] as string[]);

vi.mock('echarts/core', () => ({
  use: () => undefined,
  registerMap: (name: string) => steps.push(`map ${name}`),
  init: () => {
    steps.push('init');
    return {
      setOption: () => steps.push('setOption'),
      resize: () => undefined,
      dispose: () => steps.push('dispose'),
      on: () => undefined,
      off: () => undefined,
    };
  },
}));
vi.mock('./echart-parts', () => ({
  registerGeo: () => steps.push('geo'),
  registerHeatmap: () => steps.push('heatmap'),
}));

const COLORS = { primary: '#1677ff', text: '#000', secondaryText: '#666', split: '#eee', background: '#fff' };

beforeEach(() => {
  steps.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

describe('EChartCanvas', () => {
  // ECharts copies its layout and colouring steps when a chart is made: parts registered later
  // would leave a map without its points and a heatmap in one colour.
  test('a heatmap is made only after its colour scale is registered', async () => {
    render(<EChartCanvas option={{ visualMap: { min: 0, max: 9 }, series: [{ type: 'heatmap', data: [[0, 0, 9]] }] }} colors={COLORS} height={200} />);
    await waitFor(() => expect(steps).toContain('setOption'));
    expect(steps).toEqual(['heatmap', 'init', 'setOption']);
  });

  test('a map is made only after its geography and its map are registered', async () => {
    const maps = [{ name: 'test-world', load: () => Promise.resolve({ type: 'FeatureCollection', features: [] }) }];
    render(
      <EChartCanvas
        option={{ geo: { map: 'test-world' }, series: [{ type: 'effectScatter', coordinateSystem: 'geo', data: [] }] }}
        colors={COLORS}
        height={200}
        maps={maps}
      />,
    );
    await waitFor(() => expect(steps).toContain('setOption'));
    expect(steps).toEqual(['geo', 'map test-world', 'init', 'setOption']);
  });
});
