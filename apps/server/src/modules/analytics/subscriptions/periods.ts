import type { ReportFrequency, ReportPeriod } from '@lightdesk/contract';
import { addDays, localClock } from '../queries/period';

/** The analytics period each report covers. */
export const PERIOD_KIND = { daily: 'day', weekly: 'week', monthly: 'month' } as const satisfies Record<ReportFrequency, string>;

/** Reports go out at this local time on the morning after their period closes. */
export const SEND_TIME = '07:00';

/**
 * How many owed periods one run sends at most, per subscription: after a long outage the latest
 * week of daily reports, month of weekly ones or quarter of monthly ones, not a mailbox flood.
 */
export const CATCH_UP_LIMIT: Record<ReportFrequency, number> = { daily: 7, weekly: 4, monthly: 3 };

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const monthStart = (date: string, months: number) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/** The period of a frequency holding a local date: the day, its Monday-to-Sunday week, its month. */
export function periodHolding(frequency: ReportFrequency, date: string): ReportPeriod {
  switch (frequency) {
    case 'daily':
      return { from: date, to: date };
    case 'weekly': {
      const monday = addDays(date, -((weekday(date) + 6) % 7));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'monthly':
      return { from: monthStart(date, 0), to: addDays(monthStart(date, 1), -1) };
  }
}

export const periodBefore = (frequency: ReportFrequency, period: ReportPeriod) => periodHolding(frequency, addDays(period.from, -1));

/** The latest period of a frequency that has closed by a local date: yesterday, last week, last month. */
export const latestClosed = (frequency: ReportFrequency, today: string) => periodBefore(frequency, periodHolding(frequency, today));

/**
 * The instant a local wall-clock time of a local date happens in a zone. The zone's offset is read
 * at the first guess and once more at the corrected one, which settles it across a change of offset.
 */
export function instantAt(date: string, time: string, timezone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let at = wall;
  for (let i = 0; i < 2; i++) {
    const seen = localClock(new Date(at), timezone);
    at += wall - Date.parse(`${seen.date}T${seen.time}:00Z`);
  }
  return new Date(at);
}

/** When a period's report is due in a zone: 07:00 on the day after its last day. */
export const sendTimeOf = (period: ReportPeriod, timezone: string) => instantAt(addDays(period.to, 1), SEND_TIME, timezone);

/** When a period has closed in a zone: the midnight after its last day. */
export const closeTimeOf = (period: ReportPeriod, timezone: string) => instantAt(addDays(period.to, 1), '00:00', timezone);

/**
 * The periods whose report is owed now, oldest first: due by `now` in the zone, due after
 * `owedFrom`, at most the catch-up limit of the latest. Which of them went out already is the
 * deliveries' business.
 */
export function owedPeriods(frequency: ReportFrequency, timezone: string, now: Date, owedFrom: Date): ReportPeriod[] {
  const owed: ReportPeriod[] = [];
  // The period holding today is still open; the one before may close before 07:00 has come.
  let period = latestClosed(frequency, localClock(now, timezone).date);
  for (let looked = 0; owed.length < CATCH_UP_LIMIT[frequency] && looked <= CATCH_UP_LIMIT[frequency]; looked++) {
    const due = sendTimeOf(period, timezone);
    if (due <= owedFrom) break;
    if (due <= now) owed.push(period);
    period = periodBefore(frequency, period);
  }
  return owed.reverse();
}
