import { analyticsApi, type MappedStore } from '@lightdesk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, choosePeriod } from '../shared/analytics-test-kit';
import { PopularityMapPage } from './popularity-map-page';
import { WORLD } from './world';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const STORE: MappedStore = {
  storeId: 3,
  meshId: 'M3',
  name: 'Amsterdam Centraal',
  countryCode: 'NL',
  latitude: 52.37,
  longitude: 4.9,
  located: 'store',
  persons: 2500,
  comparedPersons: null,
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsApi.popularityMap, { stores: [STORE] });
});

const render = () => renderWithProviders(<PopularityMapPage />, { i18n: analyticsTestI18n(), route: '/statistics/popularity-map?kind=month&date=2026-02-10' });

describe('Popularity map', () => {
  test('the map is named and lists every store with its persons', async () => {
    signedInWith();
    render();
    expect(await screen.findByRole('img', { name: 'Stores on the map' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2,500' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: "The store's coordinates" })).toBeInTheDocument();
    expect(server.sent(analyticsApi.popularityMap).at(-1)).toEqual({ period: { kind: 'month', date: '2026-02-10' } });
  });

  test('a store opens its popularity for the same period', async () => {
    signedInWith();
    const { router } = render();
    await userEvent.click(await screen.findByRole('link', { name: 'Amsterdam Centraal' }));
    expect(router.state.location.pathname).toBe('/statistics/store-popularity');
    expect(router.state.location.search).toBe('?storeId=3&kind=month&date=2026-02-10');
  });

  test('the period picker sends period[kind]', async () => {
    signedInWith();
    render();
    await screen.findByRole('img', { name: 'Stores on the map' });
    await choosePeriod('Last 7 days');
    await waitFor(() => expect(server.sent(analyticsApi.popularityMap).at(-1)).toEqual({ period: { kind: 'lastWeek' } }));
  });

  test('no stores: the empty state', async () => {
    signedInWith();
    server.answer(analyticsApi.popularityMap, { stores: [] });
    render();
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
  });

  test('stores where no one was counted yet: the map says so instead of drawing equal dots unexplained', async () => {
    signedInWith();
    server.answer(analyticsApi.popularityMap, { stores: [{ ...STORE, persons: 0 }] });
    render();
    expect(await screen.findByText('No one has been counted at any store in this period yet.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Amsterdam Centraal' })).toBeInTheDocument();
  });

  test('the world ships with the console: countries as GeoJSON, no network', () => {
    expect(WORLD.type).toBe('FeatureCollection');
    expect(WORLD.features.length).toBeGreaterThan(150);
  });

  test('comparing: each store’s persons then and its change in the table, and its link keeps the comparison', async () => {
    signedInWith();
    server.answer(analyticsApi.popularityMap, { stores: [{ ...STORE, comparedPersons: 2000 }] });
    const { router } = renderWithProviders(<PopularityMapPage />, {
      i18n: analyticsTestI18n(),
      route: '/statistics/popularity-map?kind=month&date=2026-02-10&compare=yearEarlier',
    });
    await waitFor(() =>
      expect(server.sent(analyticsApi.popularityMap).at(-1)).toEqual({ period: { kind: 'month', date: '2026-02-10', compare: 'yearEarlier' } }),
    );
    expect(await screen.findByRole('columnheader', { name: 'Persons then' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2,000' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'up 25% against the same period a year earlier (2,000 then)' })).toHaveTextContent('▲ 25%');
    await userEvent.click(screen.getByRole('link', { name: 'Amsterdam Centraal' }));
    expect(router.state.location.search).toBe('?storeId=3&kind=month&date=2026-02-10&compare=yearEarlier');
  });
});
