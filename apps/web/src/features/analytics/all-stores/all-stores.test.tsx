import { analyticsApi, type RankedStore, type StoreComparison } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import type * as Http from '../../../lib/http';
import { analyticsTestI18n, chooseComparison, choosePeriod, resolved } from '../shared/analytics-test-kit';
import { AllStoresPage } from './all-stores-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));
// The ranking's file download, recorded: what it asks for is what the export holds.
const download = vi.hoisted(() => vi.fn(() => new Promise<Blob>(() => undefined)));
vi.mock('../../../lib/http', async (original) => ({ ...(await original<typeof Http>()), downloadExport: download }));

const ranked = (rank: number, storeId: number, name: string, persons: number): RankedStore => ({
  rank,
  storeId,
  meshId: `M${storeId}`,
  name,
  countryCode: 'NL',
  timezone: 'Europe/Amsterdam',
  persons,
  dwellMs: persons * 10_000,
  openDays: 6,
  personsPerOpenDay: persons / 6,
  comparedPersons: null,
  change: null,
});
const ROWS = [ranked(1, 3, 'Amsterdam Centraal', 9000), ranked(2, 4, 'Utrecht Hoog Catharijne', 4500)];
const COMPARISON: StoreComparison = {
  stores: ROWS.map(({ rank: _rank, comparedPersons: _then, change: _change, ...s }) => ({
    ...s,
    period: resolved('day', ['2026-03-02', '2026-03-03']),
    trend: [10, 20],
    comparison: null,
  })),
};
/** Against the week before: Amsterdam half as many then, Utrecht a tenth more then. */
const ROWS_THEN = [
  { ...ROWS[0]!, comparedPersons: 6000, change: 0.5 },
  { ...ROWS[1]!, comparedPersons: 5000, change: -0.1 },
];
const WEEK_BEFORE = {
  timezone: 'Europe/Amsterdam',
  from: '2026-02-23T00:00',
  to: '2026-03-02T00:00',
  bucket: 'day' as const,
  buckets: ['2026-02-23', '2026-02-24'],
};
const COMPARISON_THEN: StoreComparison = {
  stores: COMPARISON.stores.map((s) => ({ ...s, comparison: { period: WEEK_BEFORE, persons: 6000, openDays: 6, personsPerOpenDay: 1000, trend: [5, 7] } })),
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsApi.storeRanking, { list: ROWS, total: 2 });
  server.answer(analyticsApi.storeComparison, COMPARISON);
});

const render = (route = '/statistics/all-stores') => renderWithProviders(<AllStoresPage />, { i18n: analyticsTestI18n(), route });

describe('All-stores popularity', () => {
  test('ranks the stores for the period, with a chart of the page', async () => {
    signedInWith();
    render('/statistics/all-stores?kind=year&date=2025-06-01');
    expect((await screen.findAllByText('Utrecht Hoog Catharijne')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('9,000').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('ranking-chart')).getByRole('img', { name: 'Persons of the stores on this page' })).toBeInTheDocument();
    expect(server.sent(analyticsApi.storeRanking).at(-1)).toEqual({ page: 1, limit: 20, period: { kind: 'year', date: '2025-06-01' } });
  });

  test('the period picker sends period[kind] with the ranking and its export', async () => {
    signedInWith(['statistics:all-stores:query', 'statistics:all-stores:export']);
    render();
    await screen.findAllByText('Amsterdam Centraal');
    await choosePeriod('Last 30 days');
    await waitFor(() => expect(server.sent(analyticsApi.storeRanking).at(-1)?.period).toEqual({ kind: 'lastMonth' }));
    expect(screen.getByTestId('list-export')).toBeInTheDocument();
  });

  test("the ranking's page is kept in the address beside the period, and a new period starts again at page 1", async () => {
    signedInWith();
    server.answer(analyticsApi.storeRanking, { list: ROWS, total: 45 });
    // A link or a reload with a page of the ranking opens that page, for that period.
    const { router } = render('/statistics/all-stores?kind=month&date=2026-03-01&page=2');
    await waitFor(() => expect(server.sent(analyticsApi.storeRanking).at(-1)).toEqual({ page: 2, limit: 20, period: { kind: 'month', date: '2026-03-01' } }));

    await screen.findAllByText('Amsterdam Centraal');
    expect(router.state.location.search).toBe('?kind=month&date=2026-03-01&page=2');
    await userEvent.click(await screen.findByTestId('pagination-next'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3'));
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('month');

    // The period and the page are written at once: neither undoes the other.
    await choosePeriod('Last 30 days');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=lastMonth'));
    await waitFor(() => expect(server.sent(analyticsApi.storeRanking).at(-1)).toEqual({ page: 1, limit: 20, period: { kind: 'lastMonth' } }));
  });

  test('no export button without the export permission', async () => {
    signedInWith(['statistics:all-stores:query']);
    render();
    await screen.findAllByText('Amsterdam Centraal');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  test('ticking stores compares them per open day', async () => {
    signedInWith();
    render();
    expect(await screen.findByText('Tick up to 10 stores in the ranking to compare them.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Compare Amsterdam Centraal' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare Utrecht Hoog Catharijne' }));
    await waitFor(() => expect(server.sent(analyticsApi.storeComparison).at(-1)).toEqual({ period: { kind: 'day' }, storeIds: [3, 4] }));
    const comparison = await screen.findByTestId('comparison');
    expect(await within(comparison).findByText('1,500')).toBeInTheDocument();
    expect(within(comparison).getByRole('img', { name: 'Persons of the compared stores' })).toBeInTheDocument();
  });

  test('no stores: the chart of the page says there is no data', async () => {
    signedInWith();
    server.answer(analyticsApi.storeRanking, { list: [], total: 0 });
    render();
    await waitFor(() => expect(screen.getByTestId('ranking-chart')).toHaveAttribute('data-state', 'empty'));
  });

  test('comparing adds each store’s persons then and its change; the Change column sorts by change, and the export follows', async () => {
    signedInWith(['statistics:all-stores:query', 'statistics:all-stores:export']);
    server.answer(analyticsApi.storeRanking, (q) => ({ list: q.order === 'change' ? ROWS_THEN : [...ROWS_THEN].reverse(), total: 2 }));
    const { router } = render('/statistics/all-stores?kind=week&date=2026-03-04');
    await screen.findAllByText('Amsterdam Centraal');
    expect(screen.queryByRole('columnheader', { name: /Change/ })).toBeNull();

    await chooseComparison('Previous period');
    await waitFor(() =>
      expect(server.sent(analyticsApi.storeRanking).at(-1)).toEqual({ page: 1, limit: 20, period: { kind: 'week', date: '2026-03-04', compare: 'previous' } }),
    );
    // A column of the ranking, and a series of its chart.
    expect(await screen.findAllByRole('columnheader', { name: 'Persons then' })).toHaveLength(2);
    expect(within(screen.getByTestId('ranking-chart')).getByRole('columnheader', { name: 'Persons then' })).toBeInTheDocument();
    const amsterdam = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Amsterdam Centraal') && r.textContent.includes('6,000'))!;
    expect(within(amsterdam).getByRole('img', { name: 'up 50% against the previous period (6,000 then)' })).toHaveTextContent('▲ 50%');
    const utrecht = screen.getAllByRole('row').find((r) => r.textContent?.includes('Utrecht Hoog Catharijne') && r.textContent.includes('5,000'))!;
    expect(within(utrecht).getByTestId('change')).toHaveTextContent('▼ 10%');

    await userEvent.click(screen.getByRole('columnheader', { name: /Change/ }));
    await waitFor(() => expect(server.sent(analyticsApi.storeRanking).at(-1)).toMatchObject({ order: 'change', period: { compare: 'previous' } }));
    expect(screen.getByRole('columnheader', { name: /Change/ })).toHaveAttribute('aria-sort', 'descending');
    expect(new URLSearchParams(router.state.location.search).get('sortBy')).toBe('change');

    await userEvent.click(screen.getByTestId('list-export'));
    expect(download).toHaveBeenCalledWith(
      analyticsApi.exportStoreRanking,
      { 'period[kind]': 'week', 'period[date]': '2026-03-04', 'period[compare]': 'previous', order: 'change' },
      expect.any(Function),
    );
  });

  test('stores compared side by side show their change and their comparison lines', async () => {
    signedInWith();
    server.answer(analyticsApi.storeComparison, COMPARISON_THEN);
    render('/statistics/all-stores?kind=week&date=2026-03-04&compare=previous');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Compare Amsterdam Centraal' }));
    await waitFor(() => expect(server.sent(analyticsApi.storeComparison).at(-1)?.period).toEqual({ kind: 'week', date: '2026-03-04', compare: 'previous' }));
    const comparison = await screen.findByTestId('comparison');
    expect(await within(comparison).findByRole('img', { name: 'up 50% against the previous period (6,000 then)' })).toBeInTheDocument();
    expect(within(comparison).getByRole('columnheader', { name: /^Amsterdam Centraal \(Feb 23\s–\sMar 1, 2026\)$/ })).toBeInTheDocument();
  });
});
