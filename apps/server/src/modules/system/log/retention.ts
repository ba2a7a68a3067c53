import { lt } from 'drizzle-orm';
import { loginLog, operateLog, smsOutbox } from '../schema';
import { readPlatformSettings } from '../config/settings';
import type { AppContext } from '../../../lib/context';
import { defineJob, deleteInBatches, pruneJobRuns, type JobResult } from '../../../lib/jobs';

const DAY_MS = 86_400_000;

/**
 * Deletes log rows older than the platform's retention setting (Platform settings → data
 * retention): sign-in attempts, operations, sent SMS and the history of job runs. It deletes in
 * batches, so neither a first run over years of rows nor PGlite's single connection stalls the
 * console while it works.
 */
export async function applyLogRetention(ctx: AppContext, signal?: AbortSignal): Promise<JobResult> {
  const { dataRetentionDays } = await readPlatformSettings(ctx.db);
  const before = new Date(ctx.clock.now().getTime() - dataRetentionDays * DAY_MS);
  const options = { signal, batchSize: 500 };
  return {
    'login-log': await deleteInBatches(ctx.db, loginLog, loginLog.id, lt(loginLog.createdAt, before), options),
    'operate-log': await deleteInBatches(ctx.db, operateLog, operateLog.id, lt(operateLog.createdAt, before), options),
    'sms-log': await deleteInBatches(ctx.db, smsOutbox, smsOutbox.id, lt(smsOutbox.createdAt, before), options),
    'job-runs': await pruneJobRuns(ctx.db, before, signal),
  };
}

export const logRetentionJob = defineJob({
  name: 'system/log-retention',
  counts: ['login-log', 'operate-log', 'sms-log', 'job-runs'],
  schedule: { dailyAt: '03:30' },
  run: ({ ctx, signal }) => applyLogRetention(ctx, signal),
});
