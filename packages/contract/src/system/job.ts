import { z } from 'zod';
import { DateTime, Id, ListQuery, pageOf, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
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
export const JobSchedule = z.union([z.object({ everyMinutes: z.number().int() }), z.object({ dailyAt: z.string() })]).nullable();
export type JobSchedule = z.infer<typeof JobSchedule>;

export const Job = z.object({
  name: z.string(),
  schedule: JobSchedule,
  nextRunAt: DateTime.nullable(),
  /** The latest run that ended. */
  lastStartedAt: DateTime.nullable(),
  lastStatus: JobStatus.nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** A run is queued or going now: run now is refused until it ends. */
  busy: z.boolean(),
  /** Failed and timed-out runs in the history kept. */
  failures: z.number().int(),
  lastError: z.string(),
  lastErrorAt: DateTime.nullable(),
});
export type Job = z.infer<typeof Job>;

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

/** Jobs run for the whole platform, so only the platform's staff see and start them. */
export const jobApi = {
  page: endpoint.get('/api/system/job/page', {
    permission: 'system:job:query',
    platform: true,
    query: JobQuery,
    answer: pageOf(Job),
    summary: 'The jobs, with their last and next run',
  }),
  /** Answers the id of the queued run. */
  run: endpoint.post('/api/system/job/run', {
    permission: 'system:job:run',
    platform: true,
    body: JobRunNow,
    answer: Id,
    summary: 'Queue a run of a scheduled job now',
  }),
};
