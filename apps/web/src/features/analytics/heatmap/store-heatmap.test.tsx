import { analyticsApi, analyticsStoreApi, type FloorPlan, type Heatmap } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, chooseComparison, choosePeriod, resolved, STORES } from '../shared/analytics-test-kit';
import { heatColour } from './heatmap-layer';
import { StoreHeatmapPage } from './store-heatmap-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const PLAN: FloorPlan = {
  url: '/open/files/abc?expires=1&signature=s',
  contentType: 'image/png',
  width: 1200,
  height: 800,
  uploadedAt: '2026-01-02T03:04:05.000Z',
  sensors: [
    {
      storeDeviceId: 31,
      uuid: 'hm-31',
      name: 'Heatmap entrance',
      placed: true,
      x: 0.25,
      y: 0.5,
      rotation: 90,
      scale: 0.2,
      updatedAt: '2026-01-03T00:00:00.000Z',
    },
    { storeDeviceId: 32, uuid: 'hm-32', name: 'Heatmap shelves', placed: false, x: null, y: null, rotation: null, scale: null, updatedAt: null },
  ],
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);

/** People over the plan: a 4 × 2 grid, the busiest cell 12. */
const HEATMAP: Heatmap = {
  period: resolved('hour', ['2026-03-04T00:00']),
  columns: 4,
  rows: 2,
  cells: [0, 3, 12, 0, 1, 0, 0, 6],
  max: 12,
  sensors: [{ storeDeviceId: 31, name: 'Heatmap entrance', aligned: true }],
  comparison: null,
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.heatmap, HEATMAP);
  signedInWith(['heatmap:store:query', 'heatmap:store:upload']);
});

const render = (route = '/storeHeatmap?storeId=3') => renderWithProviders(<StoreHeatmapPage />, { i18n: analyticsTestI18n(), route });

describe('Store heatmap', () => {
  test('the first store’s people over its plan: the layer sized to the grid, its legend, markers for aligned sensors and each sensor’s alignment', async () => {
    server.answer(analyticsStoreApi.floorPlan, PLAN);
    render('/storeHeatmap');
    expect(screen.getByTestId('align-tip')).toHaveTextContent('align each heatmap sensor on it in the app');
    const plan = await screen.findByTestId('floor-plan');
    expect(within(plan).getByRole('img', { name: 'Floor plan of the store' })).toHaveAttribute('src', PLAN.url);
    const layer = await within(plan).findByRole('img', { name: 'Heatmap over the floor plan, busiest spot 12 people' });
    expect(layer).toHaveAttribute('width', '4');
    expect(layer).toHaveAttribute('height', '2');
    expect(screen.getByTestId('heat-legend')).toHaveTextContent('Busiest spot: 12 people');
    const markers = within(plan).getAllByTestId('sensor-marker');
    expect(markers).toHaveLength(1);
    expect(markers[0]).toHaveStyle({ left: '25%', top: '50%', width: '20%' });
    const rows = within(screen.getByTestId('sensor-list')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Heatmap entrancehm-31Aligned', 'Heatmap shelveshm-32Not aligned yet']);
    // Path parameters travel in the URL, so the fake reads them back as text.
    expect(server.sent(analyticsStoreApi.floorPlan)).toEqual([{ storeId: '3' }]);
    expect(server.sent(analyticsApi.heatmap)).toEqual([{ storeId: 3, period: { kind: 'day' } }]);
  });

  test('the period and the layer’s opacity are the person’s to choose', async () => {
    server.answer(analyticsStoreApi.floorPlan, PLAN);
    render();
    const layer = await screen.findByTestId('heatmap-layer');
    expect(layer).toHaveStyle({ opacity: '0.7' });
    fireEvent.keyDown(within(screen.getByTestId('heatmap-opacity')).getByRole('slider'), { key: 'ArrowLeft', keyCode: 37 });
    await waitFor(() => expect(layer).toHaveStyle({ opacity: '0.6' }));
    await choosePeriod('Last 7 days');
    await waitFor(() => expect(server.sent(analyticsApi.heatmap).at(-1)).toEqual({ storeId: 3, period: { kind: 'lastWeek' } }));
  });

  test('counts take the scale’s colours, from the palest to the busiest red', () => {
    expect(heatColour(0)).toEqual([0xe6, 0xf4, 0xff]);
    expect(heatColour(1)).toEqual([0xcf, 0x13, 0x22]);
    expect(heatColour(0.5)).toEqual([0xfa, 0xdb, 0x14]);
    expect(heatColour(7)).toEqual(heatColour(1));
  });

  test('a store without a plan says so and shows its sensors’ grids side by side; an upload shows the new plan', async () => {
    server.answer(analyticsStoreApi.floorPlan, null);
    server.answer(analyticsStoreApi.uploadFloorPlan, { ...PLAN, sensors: [] });
    render('/storeHeatmap?storeId=4');
    expect(await screen.findByTestId('no-floor-plan')).toHaveTextContent('This store has no floor plan yet');
    expect(await screen.findByRole('table', { name: 'Each sensor’s grid (no floor plan yet)' })).toBeInTheDocument();
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File([PNG], 'plan.png', { type: 'image/png' }));
    expect(await screen.findByTestId('floor-plan')).toBeInTheDocument();
    expect(server.sent(analyticsStoreApi.uploadFloorPlan)).toEqual([{ storeId: '4', file: expect.anything() as unknown }]);
  });

  test('without the upload permission there is no upload', async () => {
    signedInWith(['heatmap:store:query']);
    server.answer(analyticsStoreApi.floorPlan, PLAN);
    render();
    await screen.findByTestId('floor-plan');
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  test('comparing: the total’s change, and the heatmap then on the same colour scale as now', async () => {
    server.answer(analyticsStoreApi.floorPlan, PLAN);
    server.answer(analyticsApi.heatmap, (q) =>
      q.period.compare
        ? {
            ...HEATMAP,
            period: { ...HEATMAP.period, from: '2026-03-04T00:00', to: '2026-03-05T00:00' },
            comparison: {
              period: { ...HEATMAP.period, from: '2026-03-03T00:00', to: '2026-03-04T00:00', buckets: ['2026-03-03T00:00'] },
              cells: [0, 8, 6, 0, 0, 0, 0, 0],
              max: 8,
            },
          }
        : HEATMAP,
    );
    render();
    await screen.findByTestId('heatmap-layer');
    expect(screen.queryByTestId('heatmap-shown')).toBeNull();

    await chooseComparison('Previous period');
    await waitFor(() => expect(server.sent(analyticsApi.heatmap).at(-1)).toEqual({ storeId: 3, period: { kind: 'day', compare: 'previous' } }));
    // 22 people now against 14 the day before.
    expect(await screen.findByRole('img', { name: 'up 57.1% against the previous period (14 then)' })).toBeInTheDocument();
    const shown = screen.getByTestId('heatmap-shown');
    await userEvent.click(within(shown).getByText('Then (Mar 3, 2026)'));
    // One colour scale for both: then's busiest spot (8) is drawn as 8 of now's 12, not as the busiest colour.
    const then = screen.getByRole('img', { name: 'Heatmap over the floor plan, busiest spot 8 people' });
    expect(then).toHaveAttribute('data-scale', '12');
    expect(screen.getByTestId('heat-legend')).toHaveTextContent('Busiest spot: 8 people');
    await userEvent.click(within(shown).getByText('Now (Mar 4, 2026)'));
    expect(screen.getByRole('img', { name: 'Heatmap over the floor plan, busiest spot 12 people' })).toHaveAttribute('data-scale', '12');
  });
});
