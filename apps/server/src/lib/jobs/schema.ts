import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Counts a run reports, by a name the console translates (`accounts`, `login-log`, …). */
export type JobResult = Record<string, number>;

/** The jobs the code declares, one row each: where a schedule keeps its next due time. */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  /** The schedule as declared (e.g. `every 15 min`, `daily 03:30 UTC`); empty for jobs that run only when queued. */
  schedule: text('schedule').notNull().default(''),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const JOB_TRIGGERS = ['schedule', 'manual', 'queue', 'retry'] as const;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'timed-out'] as const;

/** Every run of a job, queued, running or finished: the queue and the history in one table. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    jobName: text('job_name').notNull(),
    trigger: text('trigger', { enum: JOB_TRIGGERS }).notNull(),
    payload: jsonb('payload'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** 1 for the first try; a retry carries the next number. */
    attempt: integer('attempt').notNull().default(1),
    /** Not before this time. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** A run still `running` after this is taken as stuck (its process died or hangs) and recorded as timed out. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    error: text('error').notNull().default(''),
    /** What a successful run reports it did: counts by name, e.g. `{ "login-log": 120 }`. */
    result: jsonb('result').$type<JobResult>(),
    /** The process that ran it (host and pid), to tell runners apart in the history. */
    worker: text('worker').notNull().default(''),
    /** The staff member who asked for a manual run. */
    requestedBy: text('requested_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_runs_due_idx').on(t.status, t.runAt), index('job_runs_job_idx').on(t.jobName, t.id)],
);
