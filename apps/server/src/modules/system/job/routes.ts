import { jobApi, jobRunApi } from '@lightdesk/contract';
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
  r.endpoint(jobApi.page, ({ query }) => jobPage(ctx, query));
  r.endpoint(jobApi.run, ({ session, body }) => ctx.jobs.runNow(body.name, session.username));

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
