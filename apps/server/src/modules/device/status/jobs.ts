import { sql } from 'drizzle-orm';
import { defineJob } from '../../../lib/jobs';
import { readPlatformSettings, readSetting } from '../../system';
import { dropReportsBefore, ensureReportPartitions } from '../ingest/partitions';
import { markSilentOffline } from './liveness';

const DAY_MS = 86_400_000;

/** Devices silent for longer than the offline timeout go offline. */
export const offlineSweepJob = defineJob({
  name: 'device/offline-sweep',
  counts: ['offline'],
  schedule: { everyMinutes: 1 },
  run: async ({ ctx }) => {
    const now = ctx.clock.now();
    const timeout = await readSetting(ctx.db, 'device.offline-timeout-seconds');
    return { offline: await markSilentOffline(ctx.db, new Date(now.getTime() - timeout * 1000), now) };
  },
});

/**
 * Raw reports older than the platform's retention period are removed (whole days at once), spent
 * nonces forgotten, and the coming days' report partitions made ahead of the reports.
 */
export const reportRetentionJob = defineJob({
  name: 'device/report-retention',
  counts: ['reports'],
  schedule: { dailyAt: '03:15' },
  run: async ({ ctx, signal }) => {
    const now = ctx.clock.now();
    const { dataRetentionDays } = await readPlatformSettings(ctx.db);
    const reports = await dropReportsBefore(ctx.db, new Date(now.getTime() - dataRetentionDays * DAY_MS), signal);
    await ctx.db.execute(sql`delete from device_nonces where expires_at < ${now.toISOString()}::timestamptz`);
    await ensureReportPartitions(
      ctx.db,
      [0, 1, 2].map((d) => now.getTime() + d * DAY_MS),
    );
    return { reports };
  },
});
