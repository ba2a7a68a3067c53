import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test } from 'vitest';
import { analyticsTestI18n } from './analytics-test-kit';
import { Change, changeOf, type Against } from './change';

const PREVIOUS_WEEK: Against = {
  compare: 'previous',
  period: { timezone: 'Europe/Amsterdam', from: '2026-02-23T00:00', to: '2026-03-02T00:00', bucket: 'day', buckets: [] },
};

const show = (value: number, compared: number | null, against: Against | undefined) =>
  render(
    <I18nextProvider i18n={analyticsTestI18n()}>
      <Change value={value} compared={compared} against={against} />
    </I18nextProvider>,
  );

describe('Change', () => {
  test('a rise: ▲ and the percentage, said in words, the figure then and its dates on hover', async () => {
    show(1125, 1000, PREVIOUS_WEEK);
    const change = screen.getByRole('img', { name: 'up 12.5% against the previous period (1,000 then)' });
    expect(change).toHaveTextContent('▲ 12.5%');
    expect(change).toHaveClass('ld-change-up');
    await userEvent.hover(change);
    expect(await screen.findByText('Previous period (Feb 23 – Mar 1, 2026): 1,000')).toBeInTheDocument();
  });

  test('a fall: ▼ and the percentage, against the same period a year earlier', () => {
    show(750, 1000, { compare: 'yearEarlier' });
    const change = screen.getByRole('img', { name: 'down 25% against the same period a year earlier (1,000 then)' });
    expect(change).toHaveTextContent('▼ 25%');
    expect(change).toHaveClass('ld-change-down');
  });

  test('nobody then: "new" when someone came now, "—" when nobody did either', () => {
    show(40, 0, PREVIOUS_WEEK);
    expect(screen.getByRole('img', { name: 'new: none in the previous period' })).toHaveTextContent('new');
    show(0, 0, PREVIOUS_WEEK);
    expect(screen.getByRole('img', { name: 'none now or in the previous period' })).toHaveTextContent('—');
  });

  test('without a comparison, or without the figure then, nothing is shown', () => {
    show(40, 20, undefined);
    show(40, null, PREVIOUS_WEEK);
    expect(screen.queryByTestId('change')).toBeNull();
  });

  test('the direction of a change', () => {
    expect(changeOf(110, 100)).toEqual({ direction: 'up', fraction: 0.1 });
    expect(changeOf(90, 100)).toEqual({ direction: 'down', fraction: -0.1 });
    expect(changeOf(100_001, 100_000).direction).toBe('same');
    expect(changeOf(3, 0)).toEqual({ direction: 'new' });
    expect(changeOf(0, 0)).toEqual({ direction: 'none' });
  });
});
