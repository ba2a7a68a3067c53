/**
 * How busy a store is, for the simulation: opening hours and a daily and weekly rhythm in the
 * store's own time zone. Plausible rather than exact: quiet mornings, a lunch bump, a busier
 * late afternoon, busier Saturdays, short Sundays.
 */

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The store's local weekday (0 = Sunday) and hour as a fraction (13.5 = half past one). */
export function localTime(at: Date, timezone: string): { weekday: number; hour: number; date: string } {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    weekday: weekdayIndex[parts.weekday!] ?? 0,
    hour: Number(parts.hour) + Number(parts.minute) / 60,
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

/** Opening hours by weekday: Sunday short, the other days 9 to 21. */
export const openingHours = (weekday: number): [open: number, close: number] => (weekday === 0 ? [11, 17] : [9, 21]);

/** Visitors walking in per minute at that local time; 0 while closed. */
export function visitorsPerMinute(at: Date, timezone: string, storeSize = 1): number {
  const { weekday, hour } = localTime(at, timezone);
  const [open, close] = openingHours(weekday);
  if (hour < open || hour >= close) return 0;
  const bump = (centre: number, width: number, height: number) => height * Math.exp(-((hour - centre) ** 2) / (2 * width ** 2));
  const day = 0.35 + bump(12.5, 1, 0.5) + bump(17, 1.6, 0.9);
  const week = [0.8, 0.75, 0.8, 0.85, 1, 1.2, 1.5][weekday]!;
  return 1.6 * day * week * storeSize;
}
