import { Id, JobQuery, jobRunApi, JobRunNow } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { jobRuns } from '../../../lib/jobs';
import { resourceRoutes } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { jobPage } from './service';

const runColumns = {
  id: jobRuns.id,
  jobName: jobRuns.jobName,
  trigger: jobRuns.trigger,
  status: jobRuns.status,
  attempt: jobRuns.attempt,
  runAt: jobRuns.runAt,
  startedAt: jobRuns.startedAt,
  finishedAt: jobRuns.finishedAt,
  durationMs: jobRuns.durationMs,
  error: jobRuns.error,
  result: jobRuns.result,
  worker: jobRuns.worker,
  requestedBy: jobRuns.requestedBy,
};

/** Jobs run for the whole platform, so only the platform's staff see and start them. */
export default defineRoutes((r, ctx) => {
  r.get(
    '/api/system/job/page',
    { permission: 'system:job:query', platform: true, query: JobQuery, summary: 'The jobs, with their last and next run' },
    ({ query }) => jobPage(ctx, query),
  );

  r.post(
    '/api/system/job/run',
    { permission: 'system:job:run', platform: true, body: JobRunNow, response: Id, summary: 'Queue a run of a scheduled job now' },
    ({ session, body }) => ctx.jobs.runNow(body.name, session.username),
  );

  // A job's history: every run, newest first.
  resourceRoutes(r, ctx, {
    api: jobRunApi,
    tenancy: { platform: true },
    table: jobRuns,
    id: jobRuns.id,
    columns: runColumns,
    filters: (q) => [eq(jobRuns.jobName, q.name), q.status ? eq(jobRuns.status, q.status) : undefined],
    sortable: { id: jobRuns.id, startedAt: jobRuns.startedAt, durationMs: jobRuns.durationMs },
    defaultSort: [desc(jobRuns.id)],
  });
});
