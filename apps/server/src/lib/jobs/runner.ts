import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AppContext } from '../context';
import { notFound, refusal } from '../errors';
import { checkSchedule, describeSchedule, nextRunAfter, type Schedule } from './schedule';
import { jobRuns, jobs, type JobResult } from './schema';

/** What a job's code receives for one run. */
export interface JobRun<P> {
  ctx: AppContext;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
  runId: number;
  /** Aborted when the run passes its timeout or the server stops: long jobs check it between batches. */
  signal: AbortSignal;
}

/** A job an area declares: scheduled (`schedule`), or run when something enqueues it with a payload. */
export interface JobDefinition<P = unknown> {
  /** `<area>/<job>`, e.g. `system/log-retention`; the web translates it. */
  name: string;
  schedule?: Schedule;
  /** A run taking longer is recorded as timed out and retried; 10 minutes unless set. */
  timeoutSeconds?: number;
  /** Tries in all, the first included; 3 unless set. */
  maxAttempts?: number;
  /** Wait before the first retry, doubled for each further one (at most an hour); 60 s unless set. */
  retryDelaySeconds?: number;
  /**
   * The names of the counts `run` reports (`accounts`, `login-log`, …): the Jobs screen's history
   * translates each, and a test holds every language to them.
   */
  counts?: readonly string[];
  /**
   * Does the work; the counts it returns are kept in the history as what the run did. A method,
   * so a job of a concrete payload type fits a list of JobDefinition<unknown>.
   */
  run(job: JobRun<P>): Promise<JobResult | void>;
}

/** What the server's code may do with jobs: see them, queue one, run a scheduled one now. */
export interface Jobs {
  readonly definitions: readonly JobDefinition[];
  /** Queues one run of a job with a payload; any runner of the deployment picks it up once. */
  enqueue(name: string, payload?: unknown, options?: { runAt?: Date }): Promise<number>;
  /** Queues a run of a scheduled job at once; refused while one is already queued or running. */
  runNow(name: string, requestedBy: string): Promise<number>;
}

export interface RunnerOptions {
  /** How often the runner looks for due work; 5 s unless set. */
  pollMs?: number;
  /** Runs at once in this process; 2 unless set. */
  concurrency?: number;
  /** On stop, how long runs in flight may finish before they are told to abort; 10 s unless set. */
  stopGraceMs?: number;
}

const DEFAULTS = { timeoutSeconds: 600, maxAttempts: 3, retryDelaySeconds: 60 };
const MAX_RETRY_DELAY_SECONDS = 3600;
/** Longest error kept in the history. */
const TEXT_LENGTH = 2000;

type RunRow = typeof jobRuns.$inferSelect;
type RunEnd = { outcome: 'succeeded'; result: JobResult | null } | { outcome: 'failed' | 'timed-out'; error: string };

class RunTimedOut extends Error {
  constructor(seconds: number) {
    super(`Timed out after ${seconds} s`);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, TEXT_LENGTH) || 'Failed';

/** Resolves true when the promise settles within `ms`, false when the time runs out first. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** The wait before retry number `attempt + 1`: the job's delay, doubled per earlier retry. */
export const retryDelaySeconds = (definition: JobDefinition, attempt: number) =>
  Math.min(MAX_RETRY_DELAY_SECONDS, (definition.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds) * 2 ** (attempt - 1));

/**
 * Runs the declared jobs on the application's database, PGlite or a PostgreSQL server shared by
 * several processes. The queue and the history are one table; a process claims a due run with
 * `FOR UPDATE SKIP LOCKED`, so each run happens once however many processes poll. Times come
 * from the application's clock, so tests move them. docs/jobs.md explains the choices.
 */
export class JobRunner implements Jobs {
  readonly definitions: readonly JobDefinition[];
  private readonly byName: ReadonlyMap<string, JobDefinition>;
  private readonly ctx: AppContext;
  private readonly worker = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly stopGraceMs: number;
  private readonly active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private synced: Promise<void> | undefined;
  private looping = false;
  private stopping = false;
  private polling: Promise<void> | undefined;
  private wakeAgain = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(services: Omit<AppContext, 'jobs'>, definitions: readonly JobDefinition[], options: RunnerOptions = {}) {
    const names = new Set<string>();
    for (const d of definitions) {
      if (names.has(d.name)) throw new Error(`Two jobs are named ${d.name}`);
      names.add(d.name);
      if (d.schedule) checkSchedule(d.schedule);
    }
    this.definitions = definitions;
    this.byName = new Map(definitions.map((d) => [d.name, d]));
    this.ctx = { ...services, jobs: this };
    this.pollMs = options.pollMs ?? 5000;
    this.concurrency = options.concurrency ?? 2;
    this.stopGraceMs = options.stopGraceMs ?? 10_000;
  }

  private get db(): Database {
    return this.ctx.db;
  }
  private get names() {
    return [...this.byName.keys()];
  }

  /** Records the declared jobs; a job whose schedule changed gets a new next run. */
  private sync(): Promise<void> {
    this.synced ??= (async () => {
      const now = this.ctx.clock.now();
      for (const d of this.definitions) {
        const schedule = d.schedule ? describeSchedule(d.schedule) : '';
        await this.db
          .insert(jobs)
          .values({ name: d.name, schedule, nextRunAt: d.schedule ? nextRunAfter(d.schedule, now) : null, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: jobs.name,
            set: {
              schedule: sql`excluded.schedule`,
              nextRunAt: sql`case when ${jobs.schedule} = excluded.schedule then ${jobs.nextRunAt} else excluded.next_run_at end`,
              updatedAt: now,
            },
          });
      }
    })().catch((error: unknown) => {
      this.synced = undefined;
      throw error;
    });
    return this.synced;
  }

  /** Starts polling; call after the migrations. */
  async start(): Promise<void> {
    await this.sync();
    this.looping = true;
    this.pollSoon(0);
  }

  /**
   * Takes no more runs, lets those in flight finish for the grace period, then aborts them and
   * waits a little more. A run still going after that stays `running` and is recorded as timed
   * out by whichever runner sees its deadline pass. Call before the database closes.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.looping = false;
    clearTimeout(this.timer);
    await this.polling;
    const settled = Promise.allSettled([...this.active.values()].map((r) => r.done));
    if (await within(settled, this.stopGraceMs)) return;
    for (const run of this.active.values()) run.controller.abort(new Error('The server stopped during the run'));
    await within(settled, 5000);
  }

  /**
   * Passes — stuck runs, due schedules, due runs — until one starts nothing, waiting for the
   * runs each started: everything due now has run. Tests drive the runner with it.
   */
  async tick(): Promise<void> {
    for (let started = await this.pass(); started.length > 0; started = await this.pass()) await Promise.all(started);
  }

  async enqueue(name: string, payload?: unknown, options: { runAt?: Date } = {}): Promise<number> {
    const definition = this.byName.get(name);
    if (!definition) throw new Error(`No job is named ${name}`);
    const [row] = await this.db
      .insert(jobRuns)
      .values({ ...this.newRun(definition, 'queue', options.runAt ?? this.ctx.clock.now()), payload: payload ?? null })
      .returning({ id: jobRuns.id });
    this.wake();
    return row!.id;
  }

  async runNow(name: string, requestedBy: string): Promise<number> {
    const definition = this.byName.get(name);
    if (!definition) throw notFound();
    // A job that needs a payload has nothing to run without one.
    if (!definition.schedule) throw refusal('system.job.queue-only');
    await this.sync();
    const id = await this.db.transaction(async (tx) => {
      // The job's row serialises this with the scheduler, so the two never queue it twice.
      await tx.select({ name: jobs.name }).from(jobs).where(eq(jobs.name, name)).for('update');
      if (await this.busy(tx, name)) throw refusal('system.job.busy');
      const [row] = await tx
        .insert(jobRuns)
        .values({ ...this.newRun(definition, 'manual', this.ctx.clock.now()), requestedBy })
        .returning({ id: jobRuns.id });
      return row!.id;
    });
    this.wake();
    return id;
  }

  private newRun(definition: JobDefinition, trigger: RunRow['trigger'], runAt: Date) {
    return { jobName: definition.name, trigger, runAt, timeoutSeconds: definition.timeoutSeconds ?? DEFAULTS.timeoutSeconds, createdAt: this.ctx.clock.now() };
  }

  private async busy(tx: Database, name: string): Promise<boolean> {
    const rows = await tx
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, name), inArray(jobRuns.status, ['queued', 'running'])))
      .limit(1);
    return rows.length > 0;
  }

  private pollSoon(ms: number) {
    if (!this.looping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poll(), ms);
  }

  /** New work for this process: look at once rather than at the next poll. */
  private wake() {
    if (this.polling) this.wakeAgain = true;
    else this.pollSoon(0);
  }

  private poll() {
    if (this.polling || !this.looping) return;
    this.polling = this.pass()
      .then(
        () => undefined,
        (err: unknown) => this.ctx.log.error({ err }, 'job runner: a pass failed'),
      )
      .finally(() => {
        this.polling = undefined;
        this.pollSoon(this.wakeAgain ? 0 : this.pollMs);
        this.wakeAgain = false;
      });
  }

  /** Returns the runs it started, without waiting for them. */
  private async pass(): Promise<Promise<void>[]> {
    if (this.definitions.length === 0) return [];
    await this.sync();
    await this.timeOutStuckRuns();
    await this.queueDueSchedules();
    const started: Promise<void>[] = [];
    while (!this.stopping && this.active.size < this.concurrency) {
      const run = await this.claim();
      if (!run) break;
      started.push(this.execute(run));
    }
    return started;
  }

  /** Runs whose process died or hangs past their deadline are recorded as timed out (and retried). */
  private async timeOutStuckRuns() {
    const now = this.ctx.clock.now();
    await this.db.transaction(async (tx) => {
      const stuck = await tx
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.status, 'running'), lt(jobRuns.deadlineAt, now), inArray(jobRuns.jobName, this.names)))
        .for('update', { skipLocked: true });
      for (const run of stuck) await this.finish(tx, run, { outcome: 'timed-out', error: `No end recorded by its deadline (worker ${run.worker})` }, now);
    });
  }

  private async queueDueSchedules() {
    const scheduled = this.definitions.filter((d) => d.schedule).map((d) => d.name);
    if (scheduled.length === 0) return;
    const now = this.ctx.clock.now();
    await this.db.transaction(async (tx) => {
      // Another runner holding a job's row is queueing it right now: skip, not wait.
      const due = await tx
        .select()
        .from(jobs)
        .where(and(inArray(jobs.name, scheduled), lte(jobs.nextRunAt, now)))
        .for('update', { skipLocked: true });
      for (const row of due) {
        const definition = this.byName.get(row.name)!;
        // A run of this job still waiting or going: this slot is skipped rather than piled up.
        if (!(await this.busy(tx, row.name))) await tx.insert(jobRuns).values(this.newRun(definition, 'schedule', row.nextRunAt!));
        await tx
          .update(jobs)
          .set({ nextRunAt: nextRunAfter(definition.schedule!, now, row.nextRunAt!), updatedAt: now })
          .where(eq(jobs.name, row.name));
      }
    });
  }

  /** Takes the oldest due run no other runner holds, in one statement. */
  private async claim(): Promise<RunRow | undefined> {
    const now = this.ctx.clock.now();
    const next = this.db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.status, 'queued'), lte(jobRuns.runAt, now), inArray(jobRuns.jobName, this.names)))
      .orderBy(asc(jobRuns.runAt), asc(jobRuns.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [run] = await this.db
      .update(jobRuns)
      .set({
        status: 'running',
        startedAt: now,
        deadlineAt: sql`${now.toISOString()}::timestamptz + ${jobRuns.timeoutSeconds} * interval '1 second'`,
        worker: this.worker,
      })
      .where(sql`${jobRuns.id} = (${next})`)
      .returning();
    return run;
  }

  private execute(run: RunRow): Promise<void> {
    const definition = this.byName.get(run.jobName)!;
    const controller = new AbortController();
    const done = (async () => {
      let end: RunEnd;
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            const reason = new RunTimedOut(run.timeoutSeconds);
            // Rejected first: a job that gives up on the abort must not count as a success.
            reject(reason);
            controller.abort(reason);
          }, run.timeoutSeconds * 1000);
        });
        const job = definition.run({ ctx: this.ctx, payload: run.payload, attempt: run.attempt, runId: run.id, signal: controller.signal });
        end = { outcome: 'succeeded', result: (await Promise.race([job, timeout])) ?? null };
      } catch (e) {
        end = { outcome: e instanceof RunTimedOut ? 'timed-out' : 'failed', error: messageOf(e) };
        this.ctx.log.warn({ err: e, job: run.jobName, runId: run.id, attempt: run.attempt }, 'job run failed');
      } finally {
        clearTimeout(timer);
      }
      try {
        await this.db.transaction((tx) => this.finish(tx, run, end, this.ctx.clock.now()));
      } catch (err) {
        this.ctx.log.error({ err, job: run.jobName, runId: run.id }, 'job runner: could not record the end of a run');
      }
    })().finally(() => {
      this.active.delete(run.id);
      this.wake();
    });
    this.active.set(run.id, { controller, done });
    return done;
  }

  /** Records a run's end once (a late second report changes nothing) and queues the retry a failure earns. */
  private async finish(tx: Database, run: RunRow, end: RunEnd, now: Date) {
    const startedAt = run.startedAt ?? now;
    const { outcome, ...recorded } = end;
    const [ended] = await tx
      .update(jobRuns)
      .set({
        ...recorded,
        status: outcome,
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - startedAt.getTime()),
      })
      .where(and(eq(jobRuns.id, run.id), eq(jobRuns.status, 'running')))
      .returning({ id: jobRuns.id });
    const definition = this.byName.get(run.jobName)!;
    if (!ended || outcome === 'succeeded' || run.attempt >= (definition.maxAttempts ?? DEFAULTS.maxAttempts)) return;
    await tx.insert(jobRuns).values({
      ...this.newRun(definition, 'retry', new Date(now.getTime() + retryDelaySeconds(definition, run.attempt) * 1000)),
      payload: run.payload,
      attempt: run.attempt + 1,
      requestedBy: run.requestedBy,
    });
  }
}
