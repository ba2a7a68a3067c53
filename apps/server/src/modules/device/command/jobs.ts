import { defineJob } from '../../../lib/jobs';
import { readSetting } from '../../system';
import { timeOutJobs } from './delivery';

/** Deliveries no gateway acknowledged within the command timeout are shown timed out. */
export const commandTimeoutJob = defineJob({
  name: 'device/command-timeout',
  counts: ['timedOut'],
  schedule: { everyMinutes: 1 },
  run: async ({ ctx }) => ({ timedOut: await timeOutJobs(ctx, await readSetting(ctx.db, 'device.command.timeout-seconds')) }),
});
