import { eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loginLog, operateLog, smsOutbox } from '../schema';
import { writePlatformSettings, readPlatformSettings } from '../config/settings';
import { jobRuns } from '../../../lib/jobs';
import { testApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY_MS);

test('log rows older than the retention setting are deleted in batches; younger rows stay', async () => {
  await writePlatformSettings(t.ctx.db, { ...(await readPlatformSettings(t.ctx.db)), dataRetentionDays: 30 }, t.clock.now());
  const old = daysAgo(31);
  const recent = daysAgo(29);
  // More old sign-in attempts than one batch holds.
  await t.ctx.db
    .insert(loginLog)
    .values(Array.from({ length: 1200 }, (_, i) => ({ username: `old-${i}`, kind: 'password' as const, result: 'bad-credentials', createdAt: old })));
  await t.ctx.db.insert(loginLog).values({ username: 'recent', kind: 'password', result: 'success', createdAt: recent });
  const operation = { module: 'system/post', action: 'create', method: 'POST', path: '/api/system/post/create', resultCode: 200, durationMs: 3 };
  await t.ctx.db.insert(operateLog).values([
    { ...operation, username: 'old', createdAt: old },
    { ...operation, username: 'recent', createdAt: recent },
  ]);
  await t.ctx.db.insert(smsOutbox).values([
    { mobile: '13900000001', template: 'notice', content: 'old', createdAt: old },
    { mobile: '13900000002', template: 'notice', content: 'recent', createdAt: recent },
  ]);

  const runId = await t.jobs.runNow('system/log-retention', 'admin');
  await t.jobs.tick();
  const [run] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.id, runId));
  expect(run).toMatchObject({ status: 'succeeded', result: { 'login-log': 1200, 'operate-log': 1, 'sms-log': 1, 'job-runs': 0 } });

  const before = daysAgo(30);
  for (const table of [loginLog, operateLog, smsOutbox]) expect(await t.ctx.db.select().from(table).where(lt(table.createdAt, before))).toEqual([]);
  expect(await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, 'recent'))).toHaveLength(1);
  expect(await t.ctx.db.select().from(operateLog).where(eq(operateLog.username, 'recent'))).toHaveLength(1);
  expect(await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.content, 'recent'))).toHaveLength(1);
});

test('the history of job runs follows the same setting', async () => {
  t.clock.advance(31 * 86400);
  const runId = await t.jobs.runNow('system/log-retention', 'admin');
  await t.jobs.tick();
  const runs = await t.ctx.db
    .select()
    .from(jobRuns)
    .where(inArray(jobRuns.jobName, ['system/log-retention']));
  // The run of the first test ended 31 days ago: gone. This one stays.
  expect(runs.map((r) => r.id)).toEqual([runId]);
  expect(runs[0]!.result).toMatchObject({ 'job-runs': 1 });
});
