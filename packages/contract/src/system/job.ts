import { z } from 'zod';
import { DateTime, Id, ListQuery, Text, TextFilter } from '../common';
import { resourceEndpoints } from '../resource';

/**
 * Background jobs: scheduled ones (every N minutes, or daily at a UTC time) and queued ones
 * (run when the server queues them with data). Platform staff only; a job is named
 * `<area>/<job>`, which the console translates.
 */
export const JobStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'timed-out']);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobTrigger = z.enum(['schedule', 'manual', 'queue', 'retry']);
export type JobTrigger = z.infer<typeof JobTrigger>;

const JobName = Text(100).min(1);

export const JobQuery = ListQuery.extend({ name: TextFilter });
export type JobQuery = z.infer<typeof JobQuery>;

/** Null for a job that runs only when queued. */
export type JobSchedule = { everyMinutes: number } | { dailyAt: string } | null;

export interface Job {
  name: string;
  schedule: JobSchedule;
  nextRunAt: string | null;
  /** The latest run that ended. */
  lastStartedAt: string | null;
  lastStatus: JobStatus | null;
  lastDurationMs: number | null;
  /** A run is queued or going now: run now is refused until it ends. */
  busy: boolean;
  /** Failed and timed-out runs in the history kept. */
  failures: number;
  lastError: string;
  lastErrorAt: string | null;
}

export const JobRunQuery = ListQuery.extend({ name: JobName, status: JobStatus.optional() });
export type JobRunQuery = z.infer<typeof JobRunQuery>;

export const JobRun = z.object({
  id: Id,
  jobName: z.string(),
  trigger: JobTrigger,
  status: JobStatus,
  attempt: z.number().int(),
  runAt: DateTime,
  startedAt: DateTime.nullable(),
  finishedAt: DateTime.nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string(),
  /** What the run reported it did: counts by a name the console translates. */
  result: z.record(z.string(), z.number()).nullable(),
  /** The process that ran it. */
  worker: z.string(),
  /** The staff member who asked for a manual run. */
  requestedBy: z.string(),
});
export type JobRun = z.infer<typeof JobRun>;

/** A job's history: every run, newest first. */
export const jobRunApi = resourceEndpoints('/api/system/job-run', 'system:job', {
  name: 'job run',
  query: JobRunQuery,
  row: JobRun,
  platform: true,
  get: false,
});

export const JobRunNow = z.object({ name: JobName });
export type JobRunNow = z.infer<typeof JobRunNow>;
