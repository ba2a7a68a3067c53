import { analyticsApi, analyticsStoreApi, type Heatmap } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, resolved, STORES } from '../shared/analytics-test-kit';
import { currentHeatmapQuery } from './api';
import { CurrentHeatmapPage } from './current-heatmap-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const ANSWER: Heatmap = {
  period: resolved('minute', ['2026-03-04T09:55']),
  columns: 3,
  rows: 2,
  cells: [0, 1, 2, 3, 4, 15],
  max: 15,
  sensors: [
    { storeDeviceId: 5, name: 'Ceiling sensor A', aligned: true },
    { storeDeviceId: 6, name: 'Ceiling sensor B', aligned: false },
  ],
  comparison: null,
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.currentHeatmap, ANSWER);
});

const render = () => renderWithProviders(<CurrentHeatmapPage />, { i18n: analyticsTestI18n(), route: '/counting/current-heatmap?storeId=3' });

describe('Current heatmap', () => {
  test('the grid as a named chart, its cells as a table row by row', async () => {
    signedInWith();
    render();
    expect(await screen.findByRole('img', { name: 'Where people were in the last 5 minutes' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Where people were in the last 5 minutes' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['RowColumn 1Column 2Column 3', '1012', '23415']);
    expect(server.sent(analyticsApi.currentHeatmap).at(-1)).toEqual({ storeId: 3 });
  });

  test('the heatmap sensors and whether each is placed on the plan', async () => {
    signedInWith();
    render();
    const sensors = await screen.findByTestId('heatmap-sensors');
    expect(within(sensors).getByText('Not placed on the plan')).toBeInTheDocument();
  });

  test('refreshed every 30 s', () => {
    expect(currentHeatmapQuery(3).refetchInterval).toBe(30_000);
  });

  test('nobody in the last five minutes: the empty state', async () => {
    signedInWith();
    server.answer(analyticsApi.currentHeatmap, { ...ANSWER, cells: [0, 0, 0, 0, 0, 0], max: 0 });
    render();
    await waitFor(() => expect(screen.getByTestId('current-heatmap-grid')).toHaveAttribute('data-state', 'empty'));
  });
});
