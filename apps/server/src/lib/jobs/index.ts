import { and, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteInBatches } from './batch-delete';
import type { JobDefinition } from './runner';
import { jobRuns } from './schema';

export { deleteInBatches } from './batch-delete';
export { JobRunner, retryDelaySeconds, type JobDefinition, type JobRun, type Jobs, type RunnerOptions } from './runner';
export { describeSchedule, nextRunAfter, type Schedule } from './schedule';
export { JOB_STATUSES, JOB_TRIGGERS, jobRuns, jobs, type JobResult } from './schema';

/** A job declared in one place; the payload type reaches its `run`. */
export const defineJob = <P = undefined>(definition: JobDefinition<P>) => definition;

/** Deletes the history of runs that ended before `before`. */
export const pruneJobRuns = (db: Database, before: Date, signal?: AbortSignal) =>
  deleteInBatches(db, jobRuns, jobRuns.id, and(inArray(jobRuns.status, ['succeeded', 'failed', 'timed-out']), lt(jobRuns.finishedAt, before)), { signal });
