/**
 * When a scheduled job is due: every N minutes, or once a day at a time of day. Times of day
 * are UTC, so every process of a deployment agrees whatever its machine's time zone.
 */
export type Schedule = { everyMinutes: number } | { dailyAt: string };

const DAY_MS = 86_400_000;

function dailyMinutes(at: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!m) throw new Error(`dailyAt must be HH:MM (24 h, UTC), got "${at}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Refuses a schedule the code got wrong, at start-up rather than at the first run. */
export function checkSchedule(schedule: Schedule): void {
  if ('everyMinutes' in schedule) {
    if (!Number.isInteger(schedule.everyMinutes) || schedule.everyMinutes < 1) throw new Error(`everyMinutes must be a whole number ≥ 1`);
  } else dailyMinutes(schedule.dailyAt);
}

/** The schedule in words, as stored beside the job and shown in the history. */
export const describeSchedule = (schedule: Schedule) => ('everyMinutes' in schedule ? `every ${schedule.everyMinutes} min` : `daily ${schedule.dailyAt} UTC`);

/**
 * The first due time after `now`. For an interval, `previous` (the due time just served) keeps
 * the cadence: a process that was down for a while runs once and then falls back into step,
 * instead of catching up every missed slot.
 */
export function nextRunAfter(schedule: Schedule, now: Date, previous?: Date): Date {
  if ('everyMinutes' in schedule) {
    const step = schedule.everyMinutes * 60_000;
    if (!previous) return new Date(now.getTime() + step);
    const slots = Math.floor((now.getTime() - previous.getTime()) / step) + 1;
    return new Date(previous.getTime() + Math.max(1, slots) * step);
  }
  const minutes = dailyMinutes(schedule.dailyAt);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS + minutes * 60_000;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}
