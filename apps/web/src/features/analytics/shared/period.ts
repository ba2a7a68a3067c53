import { COMPARISONS, PERIOD_KINDS, type Bucket, type Comparison, type Period, type PeriodKind, type ResolvedPeriod } from '@lightdesk/contract';

export const CALENDAR_KINDS = ['day', 'week', 'month', 'year'] as const satisfies readonly PeriodKind[];
export const QUICK_RANGES = ['realtime', 'last5min', 'lastWeek', 'lastMonth'] as const satisfies readonly PeriodKind[];
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const isCalendarKind = (kind: PeriodKind): kind is CalendarKind => (CALENDAR_KINDS as readonly string[]).includes(kind);
export const isPeriodKind = (text: string | undefined): text is PeriodKind => !!text && (PERIOD_KINDS as readonly string[]).includes(text);

export const DEFAULT_PERIOD: Period = { kind: 'day' };

/** Minutes are kept two days: the last five minutes have nothing a year earlier to meet. */
export const comparable = (kind: PeriodKind, compare: Comparison) => !(kind === 'last5min' && compare === 'yearEarlier');

/** A comparison read from an address or a list's parameters: one the period can have, or none. */
export function comparisonOf(kind: PeriodKind, text: unknown): Comparison | undefined {
  const compare = (COMPARISONS as readonly unknown[]).includes(text) ? (text as Comparison) : undefined;
  return compare && comparable(kind, compare) ? compare : undefined;
}

/** A period of this kind, on its date where the kind has one, set against the comparison where it can be. */
export function periodOf(kind: PeriodKind, date: string | undefined, compare: Comparison | undefined): Period {
  return {
    kind,
    ...(date && isCalendarKind(kind) && { date }),
    ...(compare && comparable(kind, compare) && { compare }),
  };
}

/** Ranges that end now move while someone watches: their figures are fetched again every 30 s. */
export const LIVE_REFRESH_MS = 30_000;
export const refetchFor = (period: Period): number | false => (period.kind === 'realtime' || period.kind === 'last5min' ? LIVE_REFRESH_MS : false);

/** A period as the flat bracketed parameters an export or a list's fixed filters carry (`period[kind]`, `period[compare]`). */
export function periodParams(period: Period): Record<string, string> {
  const { kind, date, compare } = periodOf(period.kind, period.date, period.compare);
  return { 'period[kind]': kind, ...(date && { 'period[date]': date }), ...(compare && { 'period[compare]': compare }) };
}

/** The period back from its bracketed parameters. */
export function periodOfParams(params: Record<string, unknown>): Period {
  const kind = params['period[kind]'];
  const date = params['period[date]'];
  if (typeof kind !== 'string' || !isPeriodKind(kind)) return DEFAULT_PERIOD;
  return periodOf(kind, typeof date === 'string' ? date : undefined, comparisonOf(kind, params['period[compare]']));
}

/** A bucket's local start label (`2026-03-04T09:00`, `2026-03-04`, `2026-03`) as people read it, in the store's wall-clock time. */
export function bucketLabel(label: string, bucket: Bucket, language: string): string {
  if (bucket === 'minute' || bucket === 'hour') return label.slice(11, 16);
  const [year, month = 1, day = 1] = label.split('-').map(Number);
  // The label is already the store's local date: format it as such, in UTC so no zone shifts it.
  const at = new Date(Date.UTC(year!, month - 1, day));
  const options: Intl.DateTimeFormatOptions = bucket === 'day' ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(at);
}

/** A local wall-clock label (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`) as a Date whose UTC fields are that wall clock. */
const wallClock = (label: string) => new Date(`${label.length === 10 ? `${label}T00:00` : label}:00Z`);
const atMidnight = (label: string) => label.length === 10 || label.endsWith('T00:00');

/**
 * A resolved period's dates as people read them, in the store's wall-clock time: "Feb 1 – 28, 2026",
 * "Jan – Dec 2025", "Mar 4, 00:00 – 14:35". Whole days name their first and last day.
 */
export function periodDates(period: ResolvedPeriod, language: string): string {
  const from = wallClock(period.from);
  const to = wallClock(period.to);
  const wholeDays = atMidnight(period.from) && atMidnight(period.to) && to > from;
  const options: Intl.DateTimeFormatOptions = !wholeDays
    ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : period.bucket === 'month'
      ? { year: 'numeric', month: 'short' }
      : { year: 'numeric', month: 'short', day: 'numeric' };
  const last = wholeDays ? new Date(to.getTime() - 86_400_000) : to;
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  return from.getTime() === last.getTime() ? format.format(from) : format.formatRange(from, last);
}

/** Now on the wall clock of `timezone`, as a bucket label reads it (`YYYY-MM-DDTHH:mm`). */
export function wallClockNow(timezone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/**
 * Which of a period's buckets start after the store's now: nothing can have been counted in them
 * yet. Labels and the wall clock read alike, so a bucket is ahead when its label sorts after the
 * wall clock cut to the label's length (`2026-12` after `2026-11`, `T12:00` after `T11:23`).
 */
export function bucketsAhead(period: Pick<ResolvedPeriod, 'timezone' | 'buckets'>, now: Date): boolean[] {
  const clock = wallClockNow(period.timezone, now);
  return period.buckets.map((label) => label > clock.slice(0, label.length));
}
