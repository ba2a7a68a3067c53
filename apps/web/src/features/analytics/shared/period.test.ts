import { describe, expect, test } from 'vitest';
import { periodDates, periodOfParams, periodParams } from './period';

describe('periods and their comparison as parameters', () => {
  test('a period with its comparison travels as period[kind], period[date] and period[compare], and back', () => {
    const params = periodParams({ kind: 'week', date: '2026-03-04', compare: 'yearEarlier' });
    expect(params).toEqual({ 'period[kind]': 'week', 'period[date]': '2026-03-04', 'period[compare]': 'yearEarlier' });
    expect(periodOfParams(params)).toEqual({ kind: 'week', date: '2026-03-04', compare: 'yearEarlier' });
  });

  test('the last five minutes drop a year-earlier comparison; an unknown comparison is none', () => {
    expect(periodParams({ kind: 'last5min', compare: 'yearEarlier' })).toEqual({ 'period[kind]': 'last5min' });
    expect(periodOfParams({ 'period[kind]': 'last5min', 'period[compare]': 'yearEarlier' })).toEqual({ kind: 'last5min' });
    expect(periodOfParams({ 'period[kind]': 'day', 'period[compare]': 'tomorrow' })).toEqual({ kind: 'day' });
  });
});

describe("a period's dates as people read them", () => {
  const period = (from: string, to: string, bucket: 'minute' | 'hour' | 'day' | 'month') => ({ timezone: 'Europe/Amsterdam', from, to, bucket, buckets: [] });
  // Intl spaces a range with thin and narrow spaces: compared as plain spaces.
  const dates = (...args: Parameters<typeof periodDates>) => periodDates(...args).replace(/\s/g, ' ');

  test('a day, a week, a month and a year name their first and last day (or month)', () => {
    expect(dates(period('2026-03-03T00:00', '2026-03-04T00:00', 'hour'), 'en-US')).toBe('Mar 3, 2026');
    expect(dates(period('2026-02-23T00:00', '2026-03-02T00:00', 'day'), 'en-US')).toBe('Feb 23 – Mar 1, 2026');
    expect(dates(period('2026-02-01T00:00', '2026-03-01T00:00', 'day'), 'de-DE')).toBe('1.–28. Feb. 2026');
    expect(dates(period('2025-01-01T00:00', '2026-01-01T00:00', 'month'), 'en-US')).toBe('Jan – Dec 2025');
  });

  test('today so far and the last minutes name their times', () => {
    expect(dates(period('2026-03-03T00:00', '2026-03-03T14:35', 'hour'), 'en-GB')).toBe('3 Mar, 00:00–14:35');
  });
});
