import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cancellationRequests, configs, loginLog, operateLog, sessions, smsOutbox, userPosts, userRoles, users } from '../schema';
import { jobRuns } from '../../../lib/jobs';
import { sweepFiles } from '../../../test/files';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { purgedUsername } from './account';

/** The grace period the test sets in the parameter settings, unlike the default (7) so the test shows it is read. */
const GRACE_DAYS = 12;

let t: TestApp;
let operatorId: number;
let avatar: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-purge-'));
beforeAll(async () => {
  t = await testApp({ DATA_DIR: dataDir });
  const [operator] = await t.ctx.db.select().from(users).where(eq(users.username, 'operator'));
  operatorId = operator!.id;
  const picture = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);
  avatar = (await t.ctx.files.storage.put(Readable.from([picture]), { maxBytes: 10_000, types: ['jpg'] })).key;
  await t.ctx.db.update(users).set({ email: 'olivia@example.com', remark: 'Night shift', avatar }).where(eq(users.id, operatorId));
  await t.ctx.db
    .update(configs)
    .set({ value: String(GRACE_DAYS) })
    .where(eq(configs.key, 'app.cancellation.grace-days'));
  await t.ctx.db.insert(smsOutbox).values({ mobile: operator!.mobile, template: 'login-code', content: 'Your code: 123456' });
  // A failed attempt, a sign-in and a change: rows in both logs that name the operator.
  await t.login('operator', 'wrong-password');
  const signedIn = await t.signIn('operator');
  await signedIn.post('/api/system/auth/cancel-account', { password: TEST_PASSWORD, reason: 'Moving abroad' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Asks for a run of the purge job now and waits for it; answers what the run reported. */
async function purgeNow() {
  const runId = await t.jobs.runNow('system/account-purge', 'test');
  await t.jobs.tick();
  const [run] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.id, runId));
  expect(run!.status).toBe('succeeded');
  return run!.result;
}
const operatorRow = async () => (await t.ctx.db.select().from(users).where(eq(users.id, operatorId)))[0]!;

describe('purge of cancelled accounts', () => {
  test('the purge is due after the grace period of the parameter settings, shared with app users', async () => {
    const [record] = await t.ctx.db.select().from(cancellationRequests).where(eq(cancellationRequests.userId, operatorId));
    expect(record!.purgeAfter.getTime() - record!.createdAt.getTime()).toBe(GRACE_DAYS * 86_400_000);
  });

  test('nothing is purged before the grace period is over', async () => {
    t.clock.advance(GRACE_DAYS * 86400 - 60);
    expect(await purgeNow()).toEqual({ accounts: 0 });
    expect(await operatorRow()).toMatchObject({ username: 'operator', email: 'olivia@example.com', mobile: '13800000001', avatar });
  });

  test('after it, the personal data is gone, the cancellation record stays and nobody can sign in as the account', async () => {
    t.clock.advance(120);
    expect(await purgeNow()).toEqual({ accounts: 1 });
    const alias = purgedUsername(operatorId);
    expect(await operatorRow()).toMatchObject({
      username: alias,
      nickname: '',
      email: '',
      mobile: '',
      remark: '',
      avatar: '',
      deptId: null,
      lastLoginIp: '',
      lastLoginAt: null,
      status: 1,
    });
    // Nothing else shows the picture: the file sweep deletes it.
    await sweepFiles(t);
    expect(await t.ctx.files.storage.stat(avatar)).toBeNull();
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, operatorId))).toEqual([]);
    expect(await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, operatorId))).toEqual([]);
    expect(await t.ctx.db.select().from(userPosts).where(eq(userPosts.userId, operatorId))).toEqual([]);
    expect(await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, '13800000001'))).toEqual([]);

    const logins = await t.ctx.db
      .select()
      .from(loginLog)
      .where(or(eq(loginLog.userId, operatorId), eq(loginLog.username, 'operator')));
    expect(logins.length).toBeGreaterThanOrEqual(3);
    expect(logins.every((r) => r.username === alias && r.ip === '' && r.userAgent === '')).toBe(true);
    const operations = await t.ctx.db.select().from(operateLog).where(eq(operateLog.userId, operatorId));
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.every((r) => r.username === alias && r.ip === '')).toBe(true);

    const [record] = await t.ctx.db.select().from(cancellationRequests).where(eq(cancellationRequests.userId, operatorId));
    expect(record).toMatchObject({ username: alias, reason: '' });
    expect(record!.purgedAt).toBeInstanceOf(Date);
    expect(await t.login('operator')).toMatchObject({ code: 400 });
    expect(await t.login(alias, TEST_PASSWORD)).not.toMatchObject({ code: 200 });
  });

  test('a purged account is not purged again, and an account enabled again within the grace period is kept', async () => {
    const agent = await t.signIn('agent');
    await agent.post('/api/system/auth/cancel-account', { password: TEST_PASSWORD });
    // An administrator enables it again: the cancellation is withdrawn.
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.username, 'agent'));
    t.clock.advance((GRACE_DAYS + 1) * 86400);
    expect(await purgeNow()).toEqual({ accounts: 0 });
    expect((await t.login('agent')).code).toBe(200);
  });
});
