import { analyticsApi, analyticsStoreApi, type PeopleAlert, type PeopleNow, type ZoneSeries } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, choosePeriod, resolved, STORES } from '../shared/analytics-test-kit';
import { ZonesPage } from './zones-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const PERIOD = resolved('hour', ['2026-03-04T09:00', '2026-03-04T10:00']);
const ZONE = { storeDeviceId: 9, name: 'Fitting rooms', rotation: 90, maxPeople: 6, minPeople: 1, people: 4, at: '2026-03-04T09:59:00Z', state: 'ok' as const };
const ZONES: ZoneSeries = {
  period: PERIOD,
  zones: [
    {
      ...ZONE,
      series: [
        { max: 5, min: 0 },
        { max: 7, min: 2 },
      ],
    },
  ],
  comparison: null,
};
const ALERT: PeopleAlert = {
  id: 1,
  storeId: 3,
  storeName: 'Amsterdam Centraal',
  storeDeviceId: null,
  zoneName: null,
  kind: 'above-max',
  people: 61,
  limit: 50,
  at: '2026-03-04T09:30:00Z',
  endedAt: null,
};
const NOW: PeopleNow = { period: PERIOD, occupancy: 10, limits: { maxPeople: 50, minPeople: null }, state: 'ok', today: [], zones: [ZONE] };

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.zones, ZONES);
  server.answer(analyticsApi.alerts, { list: [ALERT], total: 1 });
  server.answer(analyticsApi.peopleNow, NOW);
});

const render = () => renderWithProviders(<ZonesPage />, { i18n: analyticsTestI18n(), route: '/counting/zone?storeId=3' });

describe('People zones', () => {
  test("each zone's limits, people now and its most and fewest people", async () => {
    signedInWith();
    render();
    const zone = await screen.findByTestId('zone-panel');
    expect(within(zone).getByText('max 6 · min 1')).toBeInTheDocument();
    expect(within(zone).getByText('90°')).toBeInTheDocument();
    expect(within(zone).getByRole('img', { name: 'People in Fitting rooms: most and fewest' })).toBeInTheDocument();
    expect(within(zone).getByRole('cell', { name: '7' })).toBeInTheDocument();
  });

  test('the alerts of the store, the whole store named as such', async () => {
    signedInWith();
    render();
    expect(await screen.findByText('Whole store')).toBeInTheDocument();
    expect(screen.getByText('Ongoing')).toBeInTheDocument();
    expect(server.sent(analyticsApi.alerts).at(-1)).toEqual({ storeId: 3, page: 1, limit: 20 });
  });

  test('the period picker sends period[kind]', async () => {
    signedInWith();
    render();
    await screen.findByTestId('zone-panel');
    await choosePeriod('Year');
    await waitFor(() => expect(server.sent(analyticsApi.zones).at(-1)).toMatchObject({ storeId: 3, period: { kind: 'year' } }));
  });

  test('editing a zone sends its rotation and limits; an empty limit is none', async () => {
    signedInWith(['counting:zone:query', 'counting:zone:update']);
    render();
    await userEvent.click(await screen.findByTestId('zone-edit'));
    const dialog = await screen.findByTestId('zone-form');
    await userEvent.click(within(dialog).getByText('180°'));
    await userEvent.clear(within(dialog).getByLabelText('Minimum people'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(analyticsApi.updateZone)).toEqual([{ storeDeviceId: '9', rotation: 180, maxPeople: 6, minPeople: null }]));
  });

  test('a minimum above the maximum is refused before sending', async () => {
    signedInWith(['counting:zone:query', 'counting:zone:update']);
    render();
    await userEvent.click(await screen.findByTestId('zone-edit'));
    const dialog = await screen.findByTestId('zone-form');
    await userEvent.clear(within(dialog).getByLabelText('Minimum people'));
    await userEvent.type(within(dialog).getByLabelText('Minimum people'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The minimum cannot be above the maximum')).toBeInTheDocument();
    expect(server.sent(analyticsApi.updateZone)).toEqual([]);
  });

  test("the store's limits start from the current ones", async () => {
    signedInWith(['counting:zone:query', 'counting:zone:update', 'counting:store:query']);
    render();
    await userEvent.click(await screen.findByTestId('store-limits-edit'));
    const dialog = await screen.findByTestId('store-limits-form');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Maximum people').value).toBe('50');
    await userEvent.type(within(dialog).getByLabelText('Minimum people'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(analyticsApi.updateStoreLimits)).toEqual([{ storeId: '3', maxPeople: 50, minPeople: 2 }]));
  });

  test('no edit buttons without the update permission', async () => {
    signedInWith(['counting:zone:query']);
    render();
    await screen.findByTestId('zone-panel');
    expect(screen.queryByTestId('zone-edit')).toBeNull();
    expect(screen.queryByTestId('store-limits-edit')).toBeNull();
  });

  test('a store without zones says so', async () => {
    signedInWith();
    server.answer(analyticsApi.zones, { period: PERIOD, zones: [], comparison: null });
    render();
    expect(await screen.findByText('This store has no people-counting zones.')).toBeInTheDocument();
  });

  test("comparing: the zone's most and fewest people with their change, and the comparison's band beside", async () => {
    signedInWith();
    server.answer(analyticsApi.zones, {
      ...ZONES,
      comparison: {
        period: {
          timezone: 'Europe/Amsterdam',
          from: '2026-03-03T00:00',
          to: '2026-03-04T00:00',
          bucket: 'hour',
          buckets: ['2026-03-03T09:00', '2026-03-03T10:00'],
        },
        zones: [
          {
            storeDeviceId: 9,
            series: [
              { max: 14, min: 1 },
              { max: null, min: null },
            ],
          },
        ],
      },
    });
    renderWithProviders(<ZonesPage />, { i18n: analyticsTestI18n(), route: '/counting/zone?storeId=3&compare=previous' });
    const zone = await screen.findByTestId('zone-panel');
    expect(
      await within(within(zone).getByTestId('figure-most')).findByRole('img', { name: 'down 50% against the previous period (14 then)' }),
    ).toBeInTheDocument();
    expect(within(within(zone).getByTestId('figure-fewest')).getByTestId('change')).toHaveTextContent('▼ 100%');
    expect(within(zone).getByRole('columnheader', { name: 'Most people seen (Mar 3, 2026)' })).toBeInTheDocument();
    expect(within(zone).getByRole('cell', { name: '14' })).toBeInTheDocument();
  });
});
