import { analyticsApi, analyticsStoreApi, type WalkIns } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { analyticsTestI18n, choosePeriod, resolved, STORES } from '../shared/analytics-test-kit';
import { walkInsQuery } from './api';
import { WalkInsPage } from './walk-ins-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const ANSWER: WalkIns = {
  period: resolved('day', ['2026-03-02', '2026-03-03']),
  totals: { walkIns: 1520, exits: 1490 },
  series: [
    { walkIns: 700, exits: 690 },
    { walkIns: 820, exits: 800 },
  ],
  comparison: null,
};

beforeEach(() => {
  server.reset();
  server.answer(analyticsStoreApi.stores, STORES);
  server.answer(analyticsApi.walkIns, ANSWER);
});

const render = () => renderWithProviders(<WalkInsPage />, { i18n: analyticsTestI18n(), route: '/counting/walk-in?storeId=3&kind=week&date=2026-03-04' });

describe('Walk-in counts', () => {
  test('totals, a chart and a table of walk-ins and exits per day', async () => {
    signedInWith();
    render();
    await waitFor(() => expect(screen.getByTestId('figure-walkIns')).toHaveTextContent('1,520'));
    const table = screen.getByTestId('walk-ins-table');
    expect(within(table).getByText('Mar 3')).toBeInTheDocument();
    expect(within(table).getByText('820')).toBeInTheDocument();
    expect(within(screen.getByTestId('walk-ins-chart')).getByRole('img', { name: 'Walk-ins and exits' })).toBeInTheDocument();
    expect(server.sent(analyticsApi.walkIns).at(-1)).toEqual({ storeId: 3, period: { kind: 'week', date: '2026-03-04' } });
  });

  test('a month keeps the chosen date; the quick range today drops it and refreshes every 30 s', async () => {
    signedInWith();
    render();
    await within(await screen.findByTestId('walk-ins-table')).findByText('820');
    await choosePeriod('Month');
    await waitFor(() => expect(server.sent(analyticsApi.walkIns).at(-1)?.period).toEqual({ kind: 'month', date: '2026-03-04' }));
    await choosePeriod('Today so far');
    await waitFor(() => expect(server.sent(analyticsApi.walkIns).at(-1)?.period).toEqual({ kind: 'realtime' }));
    expect(walkInsQuery({ storeId: 3, period: { kind: 'realtime' } }).refetchInterval).toBe(30_000);
    expect(walkInsQuery({ storeId: 3, period: { kind: 'month' } }).refetchInterval).toBe(false);
  });

  test('export for those who may export', async () => {
    signedInWith(['counting:walk-in:query', 'counting:walk-in:export']);
    const first = render();
    await within(await screen.findByTestId('walk-ins-table')).findByText('820');
    expect(screen.getByTestId('list-export')).toBeInTheDocument();
    first.unmount();
    signedInWith(['counting:walk-in:query']);
    render();
    await within(await screen.findByTestId('walk-ins-table')).findByText('820');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  test('nobody counted: the empty state', async () => {
    signedInWith();
    server.answer(analyticsApi.walkIns, {
      ...ANSWER,
      totals: { walkIns: 0, exits: 0 },
      series: [
        { walkIns: 0, exits: 0 },
        { walkIns: 0, exits: 0 },
      ],
    });
    render();
    await waitFor(() => expect(screen.getByTestId('walk-ins-chart')).toHaveAttribute('data-state', 'empty'));
  });

  test('against the week before: each total and day with its change, and the week before drawn beside', async () => {
    signedInWith();
    server.answer(analyticsApi.walkIns, {
      ...ANSWER,
      comparison: {
        period: { timezone: 'Europe/Amsterdam', from: '2026-02-23T00:00', to: '2026-03-02T00:00', bucket: 'day', buckets: ['2026-02-23', '2026-02-24'] },
        totals: { walkIns: 1900, exits: 1490 },
        series: [
          { walkIns: 1000, exits: 700 },
          { walkIns: 900, exits: 790 },
        ],
      },
    });
    renderWithProviders(<WalkInsPage />, { i18n: analyticsTestI18n(), route: '/counting/walk-in?storeId=3&kind=week&date=2026-03-04&compare=previous' });
    const walkIns = await screen.findByTestId('figure-walkIns');
    expect(await within(walkIns).findByRole('img', { name: 'down 20% against the previous period (1,900 then)' })).toHaveTextContent('▼ 20%');
    expect(within(screen.getByTestId('figure-exits')).getByTestId('change')).toHaveTextContent('0%');
    const days = within(screen.getByTestId('walk-ins-table')).getAllByRole('row').slice(1);
    expect(
      days.map((day) =>
        within(day)
          .getAllByTestId('change')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['▼ 30%', '▼ 1.4%'],
      ['▼ 8.9%', '▲ 1.3%'],
    ]);
    const chart = screen.getByTestId('walk-ins-chart');
    expect(within(chart).getByRole('columnheader', { name: /^Walk-ins \(Feb 23\s–\sMar 1, 2026\)$/ })).toBeInTheDocument();
    expect(within(chart).getByRole('cell', { name: '1000' })).toBeInTheDocument();
    expect(server.sent(analyticsApi.walkIns).at(-1)).toEqual({ storeId: 3, period: { kind: 'week', date: '2026-03-04', compare: 'previous' } });
  });
});
