import { analyticsApi, analyticsStoreApi, type StorePopularity } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, chooseComparison, choosePeriod, resolved, STORES } from '../shared/analytics-test-kit';
import { StorePopularityPage } from './store-popularity-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const presence = (persons: number, dwellMs: number) => ({ persons, dwellShort: 1, dwellMedium: 2, dwellLong: 3, dwellMs });
const ANSWER: StorePopularity = {
  period: resolved('hour', ['2026-03-04T09:00', '2026-03-04T10:00']),
  totals: presence(1234, 1234 * 65_000),
  trend: [presence(500, 0), presence(734, 0)],
  products: [{ ...presence(420, 420 * 4_200), storeDeviceId: 11, name: 'Spot A12', model: 'SP-12', rank: 1, compared: null }],
  comparison: null,
};
const EMPTY: StorePopularity = { period: resolved('hour', []), totals: presence(0, 0), trend: [], products: [], comparison: null };

/** The same store the day before: fewer people, no long stays, and a third bucket the chart must cut. */
const THE_DAY_BEFORE: StorePopularity['comparison'] = {
  period: {
    timezone: 'Europe/Amsterdam',
    from: '2026-03-03T00:00',
    to: '2026-03-04T00:00',
    bucket: 'hour',
    buckets: ['2026-03-03T09:00', '2026-03-03T10:00', '2026-03-03T11:00'],
  },
  totals: { persons: 1000, dwellShort: 2, dwellMedium: 2, dwellLong: 0, dwellMs: 1000 * 65_000 },
  trend: [presence(400, 0), presence(600, 0), presence(999, 0)],
};
const COMPARED: StorePopularity = {
  ...ANSWER,
  comparison: THE_DAY_BEFORE,
  products: [{ ...ANSWER.products[0]!, compared: { persons: 0, dwellShort: 0, dwellMedium: 4, dwellLong: 3, dwellMs: 0 } }],
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.storePopularity, ANSWER);
  server.answer(analyticsApi.productTrend, { period: ANSWER.period, product: ANSWER.products[0]!, trend: ANSWER.trend, comparison: null });
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

  test('choosing a comparison sends period[compare], keeps it in the address and across periods, and "None" drops it', async () => {
    signedInWith();
    const { router } = render('/statistics/store-popularity?storeId=3&kind=week&date=2026-03-04');
    await screen.findByText('SP-12');
    expect(screen.queryAllByTestId('change')).toEqual([]);
    await chooseComparison('Previous period');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'week', date: '2026-03-04', compare: 'previous' }));
    expect(new URLSearchParams(router.state.location.search).get('compare')).toBe('previous');
    await choosePeriod('Month');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'month', date: '2026-03-04', compare: 'previous' }));
    await chooseComparison('A year earlier');
    await waitFor(() =>
      expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'month', date: '2026-03-04', compare: 'yearEarlier' }),
    );
    await chooseComparison('None');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'month', date: '2026-03-04' }));
    expect(router.state.location.search).not.toContain('compare');
  });

  test('the last five minutes have no year-earlier comparison: the choice is off, and a link asking for one is read without it', async () => {
    signedInWith();
    render('/statistics/store-popularity?storeId=3&kind=day&compare=yearEarlier');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'day', compare: 'yearEarlier' }));
    await choosePeriod('Last 5 minutes');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'last5min' }));
    expect(within(screen.getByTestId('compare-picker')).getByRole('radio', { name: 'A year earlier' })).toBeDisabled();
    await chooseComparison('Previous period');
    await waitFor(() => expect(server.sent(analyticsApi.storePopularity).at(-1)?.period).toEqual({ kind: 'last5min', compare: 'previous' }));
  });

  test('each figure shows its change against the day before: sign, percentage, "new", and the figure then on hover', async () => {
    signedInWith();
    server.answer(analyticsApi.storePopularity, COMPARED);
    render('/statistics/store-popularity?storeId=3&compare=previous');
    const persons = await screen.findByTestId('figure-persons');
    const up = await within(persons).findByRole('img', { name: 'up 23.4% against the previous period (1,000 then)' });
    expect(up).toHaveTextContent('▲ 23.4%');
    expect(up).toHaveAttribute('data-direction', 'up');
    expect(within(screen.getByTestId('figure-short')).getByTestId('change')).toHaveTextContent('▼ 50%');
    expect(within(screen.getByTestId('figure-medium')).getByRole('img', { name: 'unchanged against the previous period (2 then)' })).toHaveTextContent('0%');
    expect(within(screen.getByTestId('figure-long')).getByTestId('change')).toHaveTextContent('new');
    expect(
      within(screen.getByTestId('figure-average')).getByRole('img', { name: 'unchanged against the previous period (1 min 5 s then)' }),
    ).toBeInTheDocument();
    await userEvent.hover(up);
    expect(await screen.findByText('Previous period (Mar 3, 2026): 1,000')).toBeInTheDocument();

    // Each product's figures against its own the day before: where nobody was then, they are new.
    const product = within(screen.getByTestId('popularity-products')).getAllByRole('row')[1]!;
    expect(
      within(product)
        .getAllByTestId('change')
        .map((c) => c.textContent),
    ).toEqual(['new', 'new', '▼ 50%', '0%', 'new']);
  });

  test("the trend draws the day before as a second line, bucket by bucket, named by its date and cut to the day's buckets", async () => {
    signedInWith();
    server.answer(analyticsApi.storePopularity, COMPARED);
    render('/statistics/store-popularity?storeId=3&compare=previous');
    const trend = await screen.findByTestId('popularity-trend');
    const then = await within(trend).findByRole('columnheader', { name: 'Persons (Mar 3, 2026)' });
    const column = within(trend).getAllByRole('columnheader').indexOf(then);
    const rows = within(trend).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[column]?.textContent)).toEqual(['400', '600']);
    expect(within(trend).getByRole('columnheader', { name: 'Stayed over 60 s (Mar 3, 2026)' })).toBeInTheDocument();
  });
});
