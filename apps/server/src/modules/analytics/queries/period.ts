import type { Bucket, Period, ResolvedPeriod } from '@lightdesk/contract';

export const DAY_MS = 86_400_000;

/** The store's wall-clock date and time at an instant: `YYYY-MM-DD` and `HH:mm`. */
export function localClock(at: Date, timezone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Calendar arithmetic on plain dates (no zone involved). */
const asDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOf(asDay(date) + days * DAY_MS);
const daysBetween = (from: string, to: string) => Math.round((asDay(to) - asDay(from)) / DAY_MS);
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * A period resolved for one store: local wall-clock bounds, the bucket size and every bucket's
 * label. Day-sized buckets are local dates; hour buckets local wall-clock hours; the last five
 * minutes are the only range measured in real minutes (`fromInstant`).
 */
export interface StorePeriod extends ResolvedPeriod {
  /** First and last local date the period touches (inclusive). */
  firstDate: string;
  lastDate: string;
  /** For `last5min`: the instant the range starts. */
  fromInstant?: Date;
}

const hourLabels = (date: string, hours: number) => Array.from({ length: hours }, (_, h) => `${date}T${String(h).padStart(2, '0')}:00`);
const dayLabels = (from: string, days: number) => Array.from({ length: days }, (_, d) => addDays(from, d));

export function resolvePeriod(period: Period, timezone: string, now: Date): StorePeriod {
  return resolveOn(period, timezone, localClock(now, timezone), lastMinutesFrom(now));
}

/** The start of the last five minutes at an instant: the current minute and the four before it. */
const lastMinutesFrom = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 4 * 60_000);

/** A period resolved as if the store's clock read `today`; the last five minutes start at `fromInstant`. */
function resolveOn(period: Period, timezone: string, today: { date: string; time: string }, fromInstant: Date): StorePeriod {
  const date = period.date ?? today.date;
  const days = (first: string, count: number, bucket: Bucket = 'day'): StorePeriod => {
    const last = addDays(first, count - 1);
    return { timezone, from: `${first}T00:00`, to: `${addDays(last, 1)}T00:00`, bucket, buckets: dayLabels(first, count), firstDate: first, lastDate: last };
  };
  switch (period.kind) {
    case 'day':
      return {
        timezone,
        from: `${date}T00:00`,
        to: `${addDays(date, 1)}T00:00`,
        bucket: 'hour',
        buckets: hourLabels(date, 24),
        firstDate: date,
        lastDate: date,
      };
    case 'realtime': {
      const hours = Number(today.time.slice(0, 2)) + 1;
      return {
        timezone,
        from: `${today.date}T00:00`,
        to: `${today.date}T${today.time}`,
        bucket: 'hour',
        buckets: hourLabels(today.date, hours),
        firstDate: today.date,
        lastDate: today.date,
      };
    }
    case 'week': {
      // Weeks start on Monday.
      const weekday = (new Date(asDay(date)).getUTCDay() + 6) % 7;
      return days(addDays(date, -weekday), 7);
    }
    case 'month': {
      const first = firstOfMonth(date);
      return days(first, daysBetween(first, nextMonth(first)));
    }
    case 'lastWeek':
      return days(addDays(today.date, -6), 7);
    case 'lastMonth':
      return days(addDays(today.date, -29), 30);
    case 'year': {
      const year = date.slice(0, 4);
      return {
        timezone,
        from: `${year}-01-01T00:00`,
        to: `${Number(year) + 1}-01-01T00:00`,
        bucket: 'month',
        buckets: Array.from({ length: 12 }, (_, m) => `${year}-${String(m + 1).padStart(2, '0')}`),
        firstDate: `${year}-01-01`,
        lastDate: `${year}-12-31`,
      };
    }
    case 'last5min': {
      const buckets = Array.from({ length: 5 }, (_, i) => {
        const clock = localClock(new Date(fromInstant.getTime() + i * 60_000), timezone);
        return `${clock.date}T${clock.time}`;
      });
      const last = localClock(new Date(fromInstant.getTime() + 5 * 60_000), timezone);
      return {
        timezone,
        from: buckets[0]!,
        to: `${last.date}T${last.time}`,
        bucket: 'minute',
        buckets,
        firstDate: buckets[0]!.slice(0, 10),
        lastDate: buckets[4]!.slice(0, 10),
        fromInstant,
      };
    }
  }
}

/** 52 weeks: a year earlier on the same weekday. */
const WEEKS_OF_A_YEAR_IN_DAYS = 364;

const shiftMonths = (date: string, months: number) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/**
 * The period a period is set against (`period.compare`), resolved for the same store; null when
 * no comparison is asked. The quick ranges move back as a whole, keeping the time of day, so today
 * so far meets the comparison day up to the same hour.
 */
export function comparisonPeriod(period: Period, timezone: string, now: Date): StorePeriod | null {
  if (!period.compare) return null;
  const today = localClock(now, timezone);
  const date = period.date ?? today.date;
  const yearEarlier = period.compare === 'yearEarlier';
  const own = { kind: period.kind };
  const onDate = (shifted: string) => resolveOn({ ...own, date: shifted }, timezone, today, lastMinutesFrom(now));
  const backBy = (days: number) => resolveOn(own, timezone, { date: addDays(today.date, -days), time: today.time }, lastMinutesFrom(now));
  switch (period.kind) {
    case 'day':
      return onDate(addDays(date, yearEarlier ? -WEEKS_OF_A_YEAR_IN_DAYS : -1));
    case 'week':
      return onDate(addDays(date, yearEarlier ? -WEEKS_OF_A_YEAR_IN_DAYS : -7));
    case 'month':
      return onDate(shiftMonths(date, yearEarlier ? -12 : -1));
    case 'year':
      return onDate(shiftMonths(date, -12));
    case 'realtime':
      return backBy(yearEarlier ? WEEKS_OF_A_YEAR_IN_DAYS : 1);
    case 'lastWeek':
      return backBy(yearEarlier ? WEEKS_OF_A_YEAR_IN_DAYS : 7);
    case 'lastMonth':
      return backBy(yearEarlier ? WEEKS_OF_A_YEAR_IN_DAYS : 30);
    case 'last5min':
      // The contract refuses a year-earlier comparison of minutes: none are kept that long.
      return resolveOn(own, timezone, today, new Date(lastMinutesFrom(now).getTime() - 5 * 60_000));
  }
}

/** Which bucket label a local hour (`YYYY-MM-DDTHH:…`) or local date falls in, for a bucket size. */
export function bucketOf(bucket: Bucket, local: string): string {
  if (bucket === 'hour') return `${local.slice(0, 13)}:00`;
  if (bucket === 'day') return local.slice(0, 10);
  if (bucket === 'month') return local.slice(0, 7);
  return local.slice(0, 16);
}

/** What a caller is told of a resolved period. */
export const resolvedOf = ({ firstDate: _first, lastDate: _last, fromInstant: _from, ...resolved }: StorePeriod): ResolvedPeriod => resolved;
