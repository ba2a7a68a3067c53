import { analyticsApi, analyticsStoreApi, type PeopleNow } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, resolved, STORES } from '../shared/analytics-test-kit';
import { peopleNowQuery } from './api';
import { CountingStorePage } from './counting-store-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const ANSWER: PeopleNow = {
  period: resolved('hour', ['2026-03-04T09:00', '2026-03-04T10:00']),
  occupancy: 57,
  limits: { maxPeople: 50, minPeople: null },
  state: 'above',
  today: [
    { walkIns: 30, exits: 5, occupancy: 25 },
    { walkIns: 40, exits: 8, occupancy: 57 },
  ],
  zones: [{ storeDeviceId: 9, name: 'Fitting rooms', rotation: 90, maxPeople: 6, minPeople: 1, people: 4, at: '2026-03-04T09:59:00Z', state: 'ok' }],
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.peopleNow, ANSWER);
});

const render = () => renderWithProviders(<CountingStorePage />, { i18n: analyticsTestI18n(), route: '/counting/store?storeId=3' });

describe('Store people', () => {
  test('people now, and whether that is within the store limits', async () => {
    signedInWith();
    render();
    const now = await screen.findByTestId('people-now');
    await waitFor(() => expect(now).toHaveTextContent('57'));
    expect(within(now).getByText('Above maximum')).toBeInTheDocument();
    expect(within(now).getByText('max 50')).toBeInTheDocument();
    expect(server.sent(analyticsApi.peopleNow).at(-1)).toEqual({ storeId: 3 });
  });

  test("today's walk-ins, exits and people inside by hour, and the zones", async () => {
    signedInWith();
    render();
    const today = await screen.findByTestId('counting-today');
    await waitFor(() => expect(within(today).getByRole('columnheader', { name: 'People inside' })).toBeInTheDocument());
    expect(within(screen.getByTestId('counting-zones')).getByText('Fitting rooms')).toBeInTheDocument();
    expect(within(screen.getByTestId('counting-zones')).getByText('max 6 · min 1')).toBeInTheDocument();
  });

  test('people now is fetched again every 30 s', () => {
    expect(peopleNowQuery(3).refetchInterval).toBe(30_000);
  });

  test('a day without counts shows the empty state', async () => {
    signedInWith();
    server.answer(analyticsApi.peopleNow, { ...ANSWER, occupancy: 0, today: [], zones: [] });
    render();
    await waitFor(() => expect(screen.getByTestId('counting-today')).toHaveAttribute('data-state', 'empty'));
  });
});
