import { analyticsApi, analyticsStoreApi, type FloorPlan, type Heatmap } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, choosePeriod, resolved, STORES } from '../shared/analytics-test-kit';
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
});
