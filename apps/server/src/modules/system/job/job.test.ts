import { jobApi, type JobRun, type Page, type PermissionInfo, type QueryOf } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobRuns } from '../../../lib/jobs';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  // What a started runner does first: record the declared jobs and their next runs.
  await t.jobs.tick();
});
afterAll(() => t.close());

const jobPage = (c: ApiClient, q: QueryOf<typeof jobApi.page> = {}) => c.send(jobApi.page, q);
const runPage = (c: ApiClient, q: Record<string, string | number>) => c.get<Page<JobRun>>('/api/system/job-run/page', q);
const jobNamed = async (name: string) => (await jobPage(admin)).data.list.find((j) => j.name === name)!;

describe('job list', () => {
  test('lists the declared jobs with their schedule and next run, none run yet', async () => {
    const res = await jobPage(admin);
    expect(res.code).toBe(200);
    // Every job the areas declare, by name.
    const declared = t.jobs.definitions.map((d) => d.name).sort();
    expect(declared).toEqual(expect.arrayContaining(['store/app-account-purge', 'system/account-purge', 'system/log-retention', 'device/offline-sweep']));
    expect(res.data.list.map((j) => j.name)).toEqual(declared);
    expect(res.data.list.find((j) => j.name === 'system/log-retention')).toMatchObject({
      schedule: { dailyAt: '03:30' },
      lastStartedAt: null,
      lastStatus: null,
      busy: false,
      failures: 0,
      lastError: '',
    });
    for (const job of res.data.list.filter((j) => j.schedule)) expect(new Date(job.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    expect((await jobPage(admin, { name: 'LOG-RETENTION' })).data.list.map((j) => j.name)).toEqual(['system/log-retention']);
    expect((await jobPage(admin, { sortBy: 'nextRunAt', sortOrder: 'desc', limit: 1 })).data).toMatchObject({ total: declared.length, list: [{}] });
    expect(await jobPage(admin, { sortBy: 'payload' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
  });

  test('the menu offers the Jobs screen to the platform administrator', async () => {
    const info = await admin.get<PermissionInfo>('/api/system/auth/get-permission-info');
    const system = info.data.menus.find((m) => m.path === '/system')!;
    expect(system.children?.find((m) => m.component === 'system/job/index')).toMatchObject({ componentName: 'SystemJob' });
  });
});

describe('run now', () => {
  test('queues one run, refuses a second while it waits, and the history shows who asked and what it did', async () => {
    const res = await admin.send(jobApi.run, { name: 'system/log-retention' });
    expect(res.code).toBe(200);
    expect(await jobNamed('system/log-retention')).toMatchObject({ busy: true });
    expect(await admin.post('/api/system/job/run', { name: 'system/log-retention' })).toMatchObject({ code: 555, key: 'system.job.busy' });

    await t.jobs.tick();
    const job = await jobNamed('system/log-retention');
    expect(job).toMatchObject({ busy: false, lastStatus: 'succeeded', failures: 0 });
    expect(job.lastDurationMs).toBeGreaterThanOrEqual(0);
    const runs = await runPage(admin, { name: 'system/log-retention' });
    expect(runs.data.list).toHaveLength(1);
    expect(runs.data.list[0]).toMatchObject({ id: res.data, trigger: 'manual', status: 'succeeded', attempt: 1, requestedBy: 'admin', error: '' });
    expect(runs.data.list[0]!.result).toMatchObject({ 'login-log': 0 });
  });

  test('failures are counted and the latest error is shown', async () => {
    const at = t.clock.now();
    await t.ctx.db.insert(jobRuns).values([
      {
        jobName: 'system/account-purge',
        trigger: 'schedule',
        status: 'failed',
        runAt: at,
        startedAt: at,
        finishedAt: at,
        durationMs: 12,
        timeoutSeconds: 600,
        error: 'first',
      },
      {
        jobName: 'system/account-purge',
        trigger: 'retry',
        status: 'timed-out',
        attempt: 2,
        runAt: at,
        startedAt: at,
        finishedAt: at,
        timeoutSeconds: 600,
        error: 'second',
      },
    ]);
    expect(await jobNamed('system/account-purge')).toMatchObject({ failures: 2, lastError: 'second', lastStatus: 'timed-out' });
    const failed = await runPage(admin, { name: 'system/account-purge', status: 'failed' });
    expect(failed.data.list.map((r) => r.error)).toEqual(['first']);
  });

  test('bad input answers 400 naming the field; an unknown job is not found', async () => {
    expect(await admin.post('/api/system/job/run', { name: '' })).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await admin.post('/api/system/job/run', { name: 'system/nothing' })).toMatchObject({ code: 404 });
    expect(await runPage(admin, {})).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await runPage(admin, { name: 'system/log-retention', status: 'lost' })).toMatchObject({ code: 400, params: { field: 'status' } });
  });
});

test("only the platform's staff with the permissions see and start jobs", async () => {
  const operator = await t.signIn('operator');
  expect((await jobPage(operator)).code).toBe(403);
  expect((await operator.post('/api/system/job/run', { name: 'system/log-retention' })).code).toBe(403);
  await t.grant('agent', ['system:job:query', 'system:job:run']);
  const agent = await t.signIn('agent');
  expect(await jobPage(agent)).toMatchObject({ code: 403, key: 'auth.platform-only' });
  expect(await agent.post('/api/system/job/run', { name: 'system/log-retention' })).toMatchObject({ code: 403, key: 'auth.platform-only' });
  expect(await runPage(agent, { name: 'system/log-retention' })).toMatchObject({ code: 403, key: 'auth.platform-only' });
});
