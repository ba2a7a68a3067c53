import { analyticsApi, analyticsStoreApi, type StorePopularity } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, choosePeriod, resolved, STORES } from '../shared/analytics-test-kit';
import { StorePopularityPage } from './store-popularity-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const presence = (persons: number, dwellMs: number) => ({ persons, dwellShort: 1, dwellMedium: 2, dwellLong: 3, dwellMs });
const ANSWER: StorePopularity = {
  period: resolved('hour', ['2026-03-04T09:00', '2026-03-04T10:00']),
  totals: presence(1234, 1234 * 65_000),
  trend: [presence(500, 0), presence(734, 0)],
  products: [{ ...presence(420, 420 * 4_200), storeDeviceId: 11, name: 'Spot A12', model: 'SP-12', rank: 1 }],
};
const EMPTY: StorePopularity = { period: resolved('hour', []), totals: presence(0, 0), trend: [], products: [] };

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.storePopularity, ANSWER);
  server.answer(analyticsApi.productTrend, { period: ANSWER.period, product: ANSWER.products[0]!, trend: ANSWER.trend });
});

const render = (route = '/statistics/store-popularity?storeId=3') => renderWithProviders(<StorePopularityPage />, { i18n: analyticsTestI18n(), route });

describe('Store popularity', () => {
  test("shows the store's totals and top products for the period in the address", async () => {
    signedInWith();
    render('/statistics/store-popularity?storeId=3&kind=month&date=2026-03-01');
    const totals = await screen.findByTestId('popularity-totals');
    await waitFor(() => expect(within(totals).getByTestId('figure-persons')).toHaveTextContent('1,234'));
    expect(within(totals).getByTestId('figure-average')).toHaveTextContent('1 min 5 s');
    expect(within(screen.getByTestId('popularity-products')).getByText('SP-12')).toBeInTheDocument();
    expect(within(screen.getByTestId('popularity-products')).getByText('4.2 s')).toBeInTheDocument();
    expect(server.sent(analyticsApi.storePopularity).at(-1)).toEqual({ storeId: 3, period: { kind: 'month', date: '2026-03-01' }, top: 20 });
  });

  test('the trend is a chart with its figures as a table, by hour', async () => {
    signedInWith();
    render();
    const trend = await screen.findByTestId('popularity-trend');
    await waitFor(() => expect(within(trend).getByRole('img', { name: 'Persons over the period' })).toBeInTheDocument());
    expect(within(trend).getByRole('cell', { name: '10:00' })).toBeInTheDocument();
    expect(within(trend).getByRole('cell', { name: '734' })).toBeInTheDocument();
  });

  test('choosing a week in the period picker asks for period[kind]=week', async () => {
    signedInWith();
    const { router } = render();
    await screen.findByText('SP-12');
    await choosePeriod('Week');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period.kind).toBe('week'));
    expect(router.state.location.search).toContain('kind=week');
    await choosePeriod('Last 5 minutes');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'last5min' }));
  });

  test('the export is offered only to those who may export', async () => {
    signedInWith(['statistics:store-popularity:query', 'statistics:store-popularity:export']);
    const first = render();
    await screen.findByText('SP-12');
    expect(screen.getByTestId('list-export')).toBeInTheDocument();
    first.unmount();
    signedInWith(['statistics:store-popularity:query']);
    render();
    await screen.findByText('SP-12');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  test("a product's name opens its trend in a drawer", async () => {
    signedInWith();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Spot A12' }));
    const drawer = await screen.findByTestId('product-trend');
    expect(await within(drawer).findByRole('img', { name: 'Spot A12 over the period' })).toBeInTheDocument();
    await waitFor(() => expect(server.sent(analyticsApi.productTrend).at(-1)).toEqual({ storeId: 3, period: { kind: 'day' }, storeDeviceId: 11 }));
  });

  test('with nobody counted the charts say there is no data', async () => {
    signedInWith();
    server.answer(analyticsApi.storePopularity, EMPTY);
    render();
    await waitFor(() => expect(screen.getByTestId('popularity-trend')).toHaveAttribute('data-state', 'empty'));
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
  });

  test('without a store in the address the first store is shown, and the address is left as it is', async () => {
    signedInWith();
    const { router } = render('/statistics/store-popularity');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.storeId).toBe(3));
    expect(router.state.location.search).not.toContain('storeId');
  });
});
