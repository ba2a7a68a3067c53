import { describe, expect, test } from 'vitest';
import { bucketsAhead, periodDates, periodOfParams, periodParams } from './period';

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

describe('buckets still ahead of the store’s now', () => {
  // 23:30 UTC on 29 November is already 30 November in Shanghai, and still the 29th in New York.
  const NOW = new Date('2026-11-29T23:30:00Z');
  const november = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

  test('a month: the days after the store’s today, in the store’s own zone', () => {
    expect(bucketsAhead({ timezone: 'Asia/Shanghai', buckets: november }, NOW).indexOf(true)).toBe(-1);
    expect(bucketsAhead({ timezone: 'America/New_York', buckets: november }, NOW).indexOf(true)).toBe(29);
  });

  test('a year: the months after this one', () => {
    const year = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    expect(bucketsAhead({ timezone: 'Europe/Amsterdam', buckets: year }, NOW)).toEqual([...Array<boolean>(11).fill(false), true]);
  });

  test('a day: the hour now is counting, the next is ahead', () => {
    const hours = ['2026-11-29T17:00', '2026-11-29T18:00', '2026-11-29T19:00'];
    expect(bucketsAhead({ timezone: 'America/New_York', buckets: hours }, NOW)).toEqual([false, false, true]);
  });

  test('a past period has nothing ahead', () => {
    expect(bucketsAhead({ timezone: 'UTC', buckets: ['2025-01', '2025-12'] }, NOW)).toEqual([false, false]);
  });
});
