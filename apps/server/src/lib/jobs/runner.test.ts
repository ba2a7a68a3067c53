import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { testApp, type TestApp } from '../../test/test-app';
import { JobRunner, jobRuns, jobs, nextRunAfter, type JobDefinition, type RunnerOptions } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const runnerOf = (definitions: JobDefinition[], options: RunnerOptions = {}, db = t.ctx.db) => new JobRunner({ ...t.ctx, db }, definitions, options);
const runsOf = (name: string) => t.ctx.db.select().from(jobRuns).where(eq(jobRuns.jobName, name)).orderBy(asc(jobRuns.id));
const minutes = (n: number) => n * 60;

describe('schedules', () => {
  test('an interval keeps its cadence after a pause; a daily time is the next one in UTC', () => {
    const at = (iso: string) => new Date(iso);
    expect(nextRunAfter({ everyMinutes: 15 }, at('2026-01-01T10:00:00Z'))).toEqual(at('2026-01-01T10:15:00Z'));
    // Down from 10:15 to 11:02: one run now, then back on the quarter hours.
    expect(nextRunAfter({ everyMinutes: 15 }, at('2026-01-01T11:02:00Z'), at('2026-01-01T10:15:00Z'))).toEqual(at('2026-01-01T11:15:00Z'));
    expect(nextRunAfter({ dailyAt: '03:30' }, at('2026-01-01T02:00:00Z'))).toEqual(at('2026-01-01T03:30:00Z'));
    expect(nextRunAfter({ dailyAt: '03:30' }, at('2026-01-01T03:30:00Z'))).toEqual(at('2026-01-02T03:30:00Z'));
    expect(() => runnerOf([{ name: 'test/bad', schedule: { dailyAt: '25:00' }, run: async () => {} }])).toThrow(/HH:MM/);
  });

  test('a scheduled job runs when due and not before, once per slot, with its run recorded', async () => {
    let runs = 0;
    const runner = runnerOf([{ name: 'test/every-10', schedule: { everyMinutes: 10 }, run: async () => void runs++ }]);
    await runner.tick();
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'test/every-10'));
    expect(job).toMatchObject({ schedule: 'every 10 min' });
    t.clock.advance(minutes(10) - 10);
    await runner.tick();
    expect(runs).toBe(0);
    t.clock.advance(11);
    await runner.tick();
    await runner.tick();
    expect(runs).toBe(1);
    const [run] = await runsOf('test/every-10');
    expect(run).toMatchObject({ trigger: 'schedule', status: 'succeeded', attempt: 1, error: '' });
    expect(run!.runAt).toEqual(job!.nextRunAt);
    expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(run!.startedAt!.getTime());
    expect(run!.durationMs).toBe(run!.finishedAt!.getTime() - run!.startedAt!.getTime());
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'test/every-10'));
    expect(after!.nextRunAt!.getTime()).toBe(job!.nextRunAt!.getTime() + minutes(10) * 1000);
  });

  test('a daily job waits for its time of day', async () => {
    let runs = 0;
    const inFiveMinutes = new Date(t.clock.now().getTime() + minutes(5) * 1000);
    const dailyAt = inFiveMinutes.toISOString().slice(11, 16);
    const runner = runnerOf([{ name: 'test/daily', schedule: { dailyAt }, run: async () => void runs++ }]);
    await runner.tick();
    t.clock.advance(minutes(3));
    await runner.tick();
    expect(runs).toBe(0);
    t.clock.advance(minutes(3));
    await runner.tick();
    expect(runs).toBe(1);
  });

  test('a slot whose previous run is still queued is skipped, not piled up', async () => {
    const name = 'test/piling';
    const runner = runnerOf([{ name, schedule: { everyMinutes: 1 }, run: async () => {} }]);
    await runner.tick();
    // A runner that only schedules: this one never runs anything (no concurrency).
    const scheduler = runnerOf([{ name, schedule: { everyMinutes: 1 }, run: async () => {} }], { concurrency: 0 });
    for (let i = 0; i < 3; i++) {
      t.clock.advance(61);
      await scheduler.tick();
    }
    expect((await runsOf(name)).map((r) => r.status)).toEqual(['queued']);
  });
});

describe('failures', () => {
  test('a failing job is retried with a doubling delay, every attempt recorded, and given up after its last try', async () => {
    const name = 'test/flaky';
    let calls = 0;
    const runner = runnerOf([
      {
        name,
        maxAttempts: 3,
        retryDelaySeconds: 60,
        run: async () => {
          calls++;
          throw new Error(`remote store unreachable (${calls})`);
        },
      },
    ]);
    await runner.enqueue(name, { storeId: 7 });
    await runner.tick();
    let runs = await runsOf(name);
    expect(runs.map((r) => [r.attempt, r.status, r.trigger])).toEqual([
      [1, 'failed', 'queue'],
      [2, 'queued', 'retry'],
    ]);
    expect(runs[0]!.error).toBe('remote store unreachable (1)');
    expect(runs[1]!.runAt.getTime()).toBe(runs[0]!.finishedAt!.getTime() + 60_000);
    expect(runs[1]!.payload).toEqual({ storeId: 7 });

    t.clock.advance(58);
    await runner.tick();
    expect(calls).toBe(1);
    t.clock.advance(3);
    await runner.tick();
    expect(calls).toBe(2);
    runs = await runsOf(name);
    expect(runs[2]!.runAt.getTime()).toBe(runs[1]!.finishedAt!.getTime() + 120_000);

    t.clock.advance(121);
    await runner.tick();
    t.clock.advance(3600);
    await runner.tick();
    runs = await runsOf(name);
    expect(calls).toBe(3);
    expect(runs.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
    expect(runs[2]!.error).toBe('remote store unreachable (3)');
  });

  test('a run that outlives its timeout is told to stop and recorded as timed out', async () => {
    const name = 'test/slow';
    let aborted = false;
    const runner = runnerOf([
      {
        name,
        timeoutSeconds: 1,
        maxAttempts: 1,
        run: ({ signal }) =>
          new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            });
          }),
      },
    ]);
    await runner.enqueue(name);
    await runner.tick();
    expect(aborted).toBe(true);
    const [run] = await runsOf(name);
    expect(run).toMatchObject({ status: 'timed-out', error: 'Timed out after 1 s' });
  });

  test('a run left running by a process that died is timed out at its deadline and retried', async () => {
    const name = 'test/orphan';
    const runner = runnerOf([{ name, timeoutSeconds: 300, run: async () => {} }]);
    const startedAt = t.clock.now();
    await t.ctx.db.insert(jobRuns).values({
      jobName: name,
      trigger: 'queue',
      status: 'running',
      runAt: startedAt,
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 300_000),
      timeoutSeconds: 300,
      worker: 'gone-host:1234',
    });
    await runner.tick();
    expect((await runsOf(name)).map((r) => r.status)).toEqual(['running']);
    t.clock.advance(301);
    await runner.tick();
    const runs = await runsOf(name);
    expect(runs.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'timed-out'],
      [2, 'queued'],
    ]);
    expect(runs[0]!.error).toContain('gone-host:1234');
  });
});

describe('queue and manual runs', () => {
  test('a queued job receives its payload, and waits for its time when it has one', async () => {
    const seen: unknown[] = [];
    const name = 'test/queued';
    const runner = runnerOf([{ name, run: async ({ payload }) => void seen.push(payload) }]);
    await runner.enqueue(name, { mobile: '13800000001' });
    await runner.enqueue(name, { later: true }, { runAt: new Date(t.clock.now().getTime() + 60_000) });
    await runner.tick();
    expect(seen).toEqual([{ mobile: '13800000001' }]);
    t.clock.advance(61);
    await runner.tick();
    expect(seen).toEqual([{ mobile: '13800000001' }, { later: true }]);
    await expect(runner.enqueue('test/nobody-declared-this')).rejects.toThrow(/No job/);
  });

  test('run now queues one run at once and refuses a second while it waits', async () => {
    const name = 'test/manual';
    const runner = runnerOf([{ name, schedule: { dailyAt: '04:00' }, run: async () => {} }]);
    await runner.runNow(name, 'admin');
    await expect(runner.runNow(name, 'admin')).rejects.toMatchObject({ key: 'system.job.busy' });
    await runner.tick();
    expect((await runsOf(name)).map((r) => [r.trigger, r.status, r.requestedBy])).toEqual([['manual', 'succeeded', 'admin']]);
    await runner.runNow(name, 'admin');
  });

  test('stopping lets the run in flight finish and takes no new one', async () => {
    const name = 'test/stop';
    let finished = 0;
    const runner = runnerOf([{ name, run: () => new Promise<void>((resolve) => setTimeout(() => resolve(void finished++), 200)) }], {
      concurrency: 1,
      pollMs: 20,
    });
    await runner.enqueue(name);
    await runner.enqueue(name);
    await runner.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.stop();
    expect(finished).toBe(1);
    expect((await runsOf(name)).map((r) => r.status)).toEqual(['succeeded', 'queued']);
  });
});

describe('several runners on one database', () => {
  let second: DatabaseHandle | undefined;
  afterAll(() => second?.close());

  test('two runners run a due scheduled job exactly once, and each queued run once', async () => {
    const counts = new Map<string, number>();
    const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    const definitions: JobDefinition[] = [
      { name: 'test/shared-schedule', schedule: { everyMinutes: 5 }, run: () => new Promise((r) => setTimeout(() => r(void count('schedule')), 100)) },
      { name: 'test/shared-queue', run: async ({ runId }) => void count(`run ${runId}`) },
    ];
    const a = runnerOf(definitions, { concurrency: 4 });
    await a.tick();
    // On PostgreSQL the second runner has a connection pool of its own, as another process
    // would; PGlite has only the one connection.
    if (t.database.kind === 'postgres') {
      const [row] = await t.ctx.db
        .select({ name: sql<string>`current_database()` })
        .from(jobs)
        .limit(1);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      second = await openDatabase({ url: url.toString() });
    }
    const b = runnerOf(definitions, { concurrency: 4 }, second?.db ?? t.ctx.db);
    await b.tick();
    for (let i = 0; i < 20; i++) await a.enqueue('test/shared-queue', { i });
    t.clock.advance(minutes(5) + 1);
    for (let round = 0; round < 6; round++) await Promise.all([a.tick(), b.tick()]);

    expect(counts.get('schedule')).toBe(1);
    const queued = [...counts].filter(([key]) => key.startsWith('run '));
    expect(queued).toHaveLength(20);
    expect(queued.every(([, n]) => n === 1)).toBe(true);
    const runs = await t.ctx.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, 'test/shared-schedule')));
    expect(runs.map((r) => r.status)).toEqual(['succeeded']);
    if (second) {
      // Both processes took part.
      const workers = new Set((await runsOf('test/shared-queue')).map((r) => r.worker));
      expect(workers.size).toBe(2);
    }
  });
});
