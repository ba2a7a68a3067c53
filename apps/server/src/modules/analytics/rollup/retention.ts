import { sql } from 'drizzle-orm';
import { defineJob } from '../../../lib/jobs';
import { rowsOf } from '../../../lib/sql';
import { readSetting } from '../../system';

const DAY_MS = 86_400_000;
/** The real-time views read minutes of today at most: two days cover every store's today. */
const MINUTES_KEPT_MS = 2 * DAY_MS;

/**
 * Rollups outlive the raw reports (those follow the platform's data retention): hourly and daily
 * analytics are kept for the `analytics.rollup-retention-days` parameter, the per-minute ones
 * two days. Local dates are compared loosely (a day either side does not matter at this scale).
 */
export const rollupRetentionJob = defineJob({
  name: 'analytics/rollup-retention',
  counts: ['hourly', 'daily', 'minutes', 'alerts'],
  schedule: { dailyAt: '03:45' },
  run: async ({ ctx }) => {
    const now = ctx.clock.now().getTime();
    const days = await readSetting(ctx.db, 'analytics.rollup-retention-days');
    const before = new Date(now - days * DAY_MS).toISOString();
    // Counted by what the Jobs screen names (the job's `counts`), not by table.
    const removed = { hourly: 0, daily: 0, minutes: 0, alerts: 0 };
    const purge = async (count: keyof typeof removed, table: string, column: string, cutoff: string) => {
      const [row] = await rowsOf<{ n: number }>(
        ctx.db,
        sql`with gone as (delete from ${sql.identifier(table)} where ${sql.identifier(column)} < ${cutoff}::timestamptz returning 1) select count(*)::int as n from gone`,
      );
      removed[count] += Number(row?.n ?? 0);
    };
    for (const table of ['analytics_device_hourly', 'analytics_store_hourly', 'analytics_zone_hourly', 'analytics_heatmap_hourly'])
      await purge('hourly', table, 'local_hour', before);
    for (const table of ['analytics_device_daily', 'analytics_store_daily', 'analytics_heatmap_daily']) await purge('daily', table, 'local_date', before);
    await purge('alerts', 'analytics_people_alerts', 'at', before);
    await purge('minutes', 'analytics_store_minutely', 'minute', new Date(now - MINUTES_KEPT_MS).toISOString());
    return removed;
  },
});
