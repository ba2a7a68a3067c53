import { PERIOD_KINDS, type Bucket, type Period, type PeriodKind } from '@lightdesk/contract';

export const CALENDAR_KINDS = ['day', 'week', 'month', 'year'] as const satisfies readonly PeriodKind[];
export const QUICK_RANGES = ['realtime', 'last5min', 'lastWeek', 'lastMonth'] as const satisfies readonly PeriodKind[];
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const isCalendarKind = (kind: PeriodKind): kind is CalendarKind => (CALENDAR_KINDS as readonly string[]).includes(kind);
export const isPeriodKind = (text: string | undefined): text is PeriodKind => !!text && (PERIOD_KINDS as readonly string[]).includes(text);

export const DEFAULT_PERIOD: Period = { kind: 'day' };

/** Ranges that end now move while someone watches: their figures are fetched again every 30 s. */
export const LIVE_REFRESH_MS = 30_000;
export const refetchFor = (period: Period): number | false => (period.kind === 'realtime' || period.kind === 'last5min' ? LIVE_REFRESH_MS : false);

/** A period as the flat bracketed parameters an export or a list's fixed filters carry (`period[kind]`). */
export function periodParams(period: Period): Record<string, string> {
  return period.date && isCalendarKind(period.kind) ? { 'period[kind]': period.kind, 'period[date]': period.date } : { 'period[kind]': period.kind };
}

/** The period back from its bracketed parameters. */
export function periodOfParams(params: Record<string, unknown>): Period {
  const kind = params['period[kind]'];
  const date = params['period[date]'];
  if (typeof kind !== 'string' || !isPeriodKind(kind)) return DEFAULT_PERIOD;
  return typeof date === 'string' && isCalendarKind(kind) ? { kind, date } : { kind };
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
