import { z } from 'zod';
import { CalendarDate } from '../common';

/**
 * The time an analytics screen looks at. Periods are the store's own: a `day` is the store's
 * local calendar day holding `date`, a `week` its local Monday-to-Sunday week, a `month` and a
 * `year` its local calendar month and year. The quick ranges end now: `realtime` is the store's
 * day so far, `last5min` the last five minutes, `lastWeek` and `lastMonth` the last 7 and 30
 * local days up to today. Travels as nested GET parameters: `period[kind]=month&period[date]=2026-11-01`.
 */
export const PERIOD_KINDS = ['day', 'week', 'month', 'year', 'realtime', 'last5min', 'lastWeek', 'lastMonth'] as const;
export const PeriodKind = z.enum(PERIOD_KINDS);
export type PeriodKind = z.infer<typeof PeriodKind>;

/** A calendar date in the store's zone, `YYYY-MM-DD`. */
export const LocalDate = CalendarDate;

/**
 * What a period is set against. `previous` is the period just before it (the day before, the week
 * before, the month before, the year before; the quick ranges shifted back by their own length;
 * today so far against yesterday up to the same time). `yearEarlier` is the same period a year
 * before: a day or a week 52 weeks earlier, so a Saturday meets a Saturday; a month or a year the
 * same month or the year before; the quick ranges 52 weeks earlier. Minutes are kept two days, so
 * the last five minutes have no year-earlier counterpart.
 */
export const COMPARISONS = ['previous', 'yearEarlier'] as const;
export const Comparison = z.enum(COMPARISONS);
export type Comparison = z.infer<typeof Comparison>;

export const Period = z
  .object({
    kind: PeriodKind,
    /** Any date inside the period (day, week, month, year); the store's today when absent. Ignored by the quick ranges. */
    date: LocalDate.optional(),
    /** The period to set this one against; none when absent. */
    compare: Comparison.optional(),
  })
  .refine((p) => !(p.kind === 'last5min' && p.compare === 'yearEarlier'), { path: ['compare'], message: 'form.noYearEarlierMinutes' });
export type Period = z.infer<typeof Period>;

/** How finely a period's series is cut: minutes for the last five minutes, hours for a day, days for a week or month, months for a year. */
export const BUCKETS = ['minute', 'hour', 'day', 'month'] as const;
export const Bucket = z.enum(BUCKETS);
export type Bucket = z.infer<typeof Bucket>;

/** A period as the server resolved it for one store, in the store's wall-clock time. */
export const ResolvedPeriod = z.object({
  timezone: z.string(),
  /** Local wall-clock start, inclusive (`YYYY-MM-DDTHH:mm`). */
  from: z.string(),
  /** Local wall-clock end, exclusive. */
  to: z.string(),
  bucket: Bucket,
  /** Every bucket's local start label, in order (`YYYY-MM-DDTHH:mm` for minutes and hours, `YYYY-MM-DD` for days, `YYYY-MM` for months). */
  buckets: z.array(z.string()),
});
export type ResolvedPeriod = z.infer<typeof ResolvedPeriod>;
