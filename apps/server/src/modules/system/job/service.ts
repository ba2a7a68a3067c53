import { ResultCode, type Job, type JobQuery } from '@lightdesk/contract';
import { and, desc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { jobRuns, jobs } from '../../../lib/jobs';

const FAILED = ['failed', 'timed-out'] as const;

/** The sort keys of the job list and how they compare (nulls last). */
const SORTABLE: Record<string, (job: Job) => string | number | null> = {
  name: (j) => j.name,
  nextRunAt: (j) => j.nextRunAt,
  lastStartedAt: (j) => j.lastStartedAt,
  lastDurationMs: (j) => j.lastDurationMs,
  failures: (j) => j.failures,
};

function sortJobs(list: Job[], q: JobQuery): Job[] {
  if (!q.sortBy) return list.sort((a, b) => a.name.localeCompare(b.name));
  const key = Object.hasOwn(SORTABLE, q.sortBy) ? SORTABLE[q.sortBy] : undefined;
  if (!key) throw new AppError(ResultCode.badInput, 'common.sort-not-allowed', { field: 'sortBy' });
  const sign = q.sortOrder === 'desc' ? -1 : 1;
  return list.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return a.name.localeCompare(b.name);
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The jobs this server declares, each with its schedule, next run, latest ended run, failures
 * and latest error. Few jobs exist, so the page is cut from the whole list.
 */
export async function jobPage(ctx: AppContext, q: JobQuery) {
  const needle = q.name?.toLowerCase();
  const definitions = ctx.jobs.definitions.filter((d) => !needle || d.name.toLowerCase().includes(needle));
  const names = definitions.map((d) => d.name);
  if (names.length === 0) return { list: [], total: 0 };
  const byName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name, r]));
  const [scheduled, lastEnded, lastFailed, counts] = await Promise.all([
    ctx.db.select({ name: jobs.name, nextRunAt: jobs.nextRunAt }).from(jobs).where(inArray(jobs.name, names)).then(byName),
    ctx.db
      .selectDistinctOn([jobRuns.jobName], { name: jobRuns.jobName, startedAt: jobRuns.startedAt, status: jobRuns.status, durationMs: jobRuns.durationMs })
      .from(jobRuns)
      .where(and(inArray(jobRuns.jobName, names), isNotNull(jobRuns.finishedAt)))
      .orderBy(jobRuns.jobName, desc(jobRuns.id))
      .then(byName),
    ctx.db
      .selectDistinctOn([jobRuns.jobName], { name: jobRuns.jobName, error: jobRuns.error, at: jobRuns.finishedAt })
      .from(jobRuns)
      .where(and(inArray(jobRuns.jobName, names), inArray(jobRuns.status, FAILED)))
      .orderBy(jobRuns.jobName, desc(jobRuns.id))
      .then(byName),
    ctx.db
      .select({
        name: jobRuns.jobName,
        failures: sql<number>`(count(*) filter (where ${inArray(jobRuns.status, FAILED)}))::int`,
        busy: sql<number>`(count(*) filter (where ${inArray(jobRuns.status, ['queued', 'running'])}))::int`,
      })
      .from(jobRuns)
      .where(inArray(jobRuns.jobName, names))
      .groupBy(jobRuns.jobName)
      .then(byName),
  ]);
  const list: Job[] = definitions.map((d) => {
    const ended = lastEnded.get(d.name);
    const failed = lastFailed.get(d.name);
    return {
      name: d.name,
      schedule: d.schedule ?? null,
      nextRunAt: iso(scheduled.get(d.name)?.nextRunAt),
      lastStartedAt: iso(ended?.startedAt),
      lastStatus: ended?.status ?? null,
      lastDurationMs: ended?.durationMs ?? null,
      busy: (counts.get(d.name)?.busy ?? 0) > 0,
      failures: counts.get(d.name)?.failures ?? 0,
      lastError: failed?.error ?? '',
      lastErrorAt: iso(failed?.at),
    };
  });
  const sorted = sortJobs(list, q);
  return { list: sorted.slice((q.page - 1) * q.limit, q.page * q.limit), total: sorted.length };
}
