import { analyticsApi, analyticsStoreApi, DictType, type TodayOverview } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, resolved, STORES } from '../shared/analytics-test-kit';
import { TodayPage } from './today-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const HOURS = ['2026-03-04T09:00', '2026-03-04T10:00'];
const ANSWER: TodayOverview = {
  period: resolved('hour', HOURS),
  flow: { today: [12, 40], lastWeek: [10, 33] },
  devices: [{ kind: 'luminaire', model: 'SP-12', online: 8, offline: 2 }],
  deviceInfo: [
    {
      storeDeviceId: 1,
      name: 'Spot window',
      kind: 'luminaire',
      model: 'SP-12',
      online: true,
      group: 'Window',
      onlineMs: 3_600_000 * 2 + 60_000 * 3,
      offlineMs: 0,
    },
    { storeDeviceId: 2, name: 'Spot back', kind: 'luminaire', model: 'SP-12', online: false, group: null, onlineMs: 0, offlineMs: 125_000 },
  ],
  topProducts: [{ storeDeviceId: 1, name: 'Sneaker wall', model: 'SP-12', rank: 1, persons: 80, dwellShort: 1, dwellMedium: 2, dwellLong: 3, dwellMs: 1 }],
  totals: { persons: 320, dwellShort: 1, dwellMedium: 2, dwellLong: 3, dwellMs: 3_900_000, averagePersons: 26.7, averageDwellMs: 12_200, customers: 145 },
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.today, ANSWER);
});

const render = () => renderWithProviders(<TodayPage />, { i18n: analyticsTestI18n(), route: '/today/index?storeId=4' });

describe('Today overview', () => {
  test("shows the store's totals of the day so far", async () => {
    signedInWith();
    render();
    const totals = await screen.findByTestId('today-totals');
    await waitFor(() => expect(within(totals).getByTestId('figure-customers')).toHaveTextContent('145'));
    expect(within(totals).getByTestId('figure-averagePersons')).toHaveTextContent('26.7');
    expect(within(totals).getByTestId('figure-dwell')).toHaveTextContent('1 h 5 min');
    expect(within(totals).getByTestId('figure-averageDwell')).toHaveTextContent('12.2 s');
    expect(server.sent(analyticsApi.today).at(-1)).toEqual({ storeId: 4 });
  });

  test('today against the same weekday last week, by hour', async () => {
    signedInWith();
    render();
    const flow = await screen.findByTestId('today-flow');
    await waitFor(() => expect(within(flow).getByRole('columnheader', { name: 'Same day last week' })).toBeInTheDocument());
    expect(within(flow).getByRole('cell', { name: '33' })).toBeInTheDocument();
  });

  test('the devices with their status and time online today', async () => {
    signedInWith();
    render();
    const info = await screen.findByTestId('today-device-info');
    expect(await within(info).findByText('Spot window')).toBeInTheDocument();
    expect(within(info).getByText('2 h 3 min')).toBeInTheDocument();
    expect(within(info).getByText('2 min 5 s')).toBeInTheDocument();
    expect(within(info).getByText('Offline')).toBeInTheDocument();
  });

  test('a device type reads as people name it, "Luminaire · Spotlight", not as its codes', async () => {
    signedInWith();
    act(() =>
      useDictStore.getState().setAll([{ dictType: DictType.firmwareType, value: 'spotlight', label: 'Spotlight', colorType: '', cssClass: '', sort: 1 }]),
    );
    const spotlight = { ...ANSWER.deviceInfo[0]!, model: 'spotlight' };
    server.answer(analyticsApi.today, { ...ANSWER, devices: [{ ...ANSWER.devices[0]!, model: 'spotlight' }], deviceInfo: [spotlight] });
    render();
    const info = await screen.findByTestId('today-device-info');
    expect(await within(info).findByText('Luminaire · Spotlight')).toBeInTheDocument();
    const chart = screen.getByTestId('today-devices');
    await waitFor(() => expect(within(chart).getByRole('cell', { name: 'Luminaire · Spotlight' })).toBeInTheDocument());
  });

  test('a store with nothing yet today shows the empty state', async () => {
    signedInWith();
    server.answer(analyticsApi.today, { ...ANSWER, flow: { today: [0, 0], lastWeek: [0, 0] }, devices: [], deviceInfo: [], topProducts: [] });
    render();
    await waitFor(() => expect(screen.getByTestId('today-flow')).toHaveAttribute('data-state', 'empty'));
    expect(screen.getByTestId('today-top')).toHaveAttribute('data-state', 'empty');
  });
});
