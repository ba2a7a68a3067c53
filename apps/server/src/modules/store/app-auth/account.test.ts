import { appAccountApi, appStoreApi, appUserStatusUpdate } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient, testApp, type TestApp } from '../../../test/test-app';
import { appStore, testInstall } from '../../../test/app-users';
import { captureSms } from '../../../test/sms';
import { mailCatcher } from '../../../test/mail';
import { jobRuns } from '../../../lib/jobs';
import { appCancellationRequests, appSessions, appUsers, appVerificationCodes, feedback, mailOutbox, mobileDevices, storeMembers, stores } from '../schema';
import { loginLog, platformSettings } from '../../system/schema';
import { FIRST_DELAY_SECONDS } from '../../system/auth/password-guessing';

let t: TestApp;
let sms: ReturnType<typeof captureSms>;
beforeAll(async () => {
  // Trusting the test client as a proxy lets it name the client address (X-Forwarded-For).
  t = await testApp({ TRUSTED_PROXY: '127.0.0.1' });
  sms = captureSms(t);
});
afterAll(() => t.close());

const PASSWORD = 'correct horse';
async function register(account: { mobile: string } | { email: string }, nickname = 'Someone') {
  await t.api.send(appAccountApi.sendCode, account);
  const code = 'mobile' in account ? sms.lastCodeTo(account.mobile)! : '000000';
  const res = await t.api.send(appAccountApi.register, { ...account, password: PASSWORD, nickname, country: 'DE', code });
  expect(res.code).toBe(200);
  return res.data;
}
/** Runs the purge job now and waits for it (other jobs a moved clock made due may run first). */
async function purgeNow() {
  const runId = await t.jobs.runNow('store/app-account-purge', 'test');
  for (let ticks = 0; ticks < 20; ticks++) {
    await t.jobs.tick();
    const [run] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.id, runId));
    if (run!.status === 'queued' || run!.status === 'running') continue;
    expect(run!.status).toBe('succeeded');
    return run!.result;
  }
  throw new Error('the purge job did not run');
}
const login = (account: { mobile: string } | { email: string }, password = PASSWORD) =>
  t.api.send(appAccountApi.login, { ...account, password, ...testInstall() });

describe('registration', () => {
  test('the code is stored only as a hash; a wrong code registers nobody, and a used one is spent', async () => {
    const mobile = '+4915100000001';
    await t.api.send(appAccountApi.sendCode, { mobile });
    const code = sms.lastCodeTo(mobile)!;
    const [stored] = await t.ctx.db.select().from(appVerificationCodes).where(eq(appVerificationCodes.target, mobile));
    expect(stored!.codeHash).toMatch(/^\$argon2id\$/);
    const wrong = code === '111111' ? '222222' : '111111';
    const body = { mobile, password: PASSWORD, nickname: 'Dora', country: 'DE', code: wrong };
    expect(await t.api.send(appAccountApi.register, body)).toMatchObject({ code: 400, key: 'app.code-wrong', params: { field: 'code' } });
    expect(await t.ctx.db.select().from(appUsers).where(eq(appUsers.mobile, mobile))).toEqual([]);
    expect((await t.api.send(appAccountApi.register, { ...body, code })).code).toBe(200);
    expect((await t.api.send(appAccountApi.register, { ...body, code })).key).toBe('app.code-wrong');
  });

  test('without SMTP the mail is kept in the outbox with the code masked', async () => {
    const email = 'keep@example.com';
    expect((await t.api.send(appAccountApi.sendCode, { email: 'Keep@Example.com' })).code).toBe(200);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.text).toContain('******');
    expect(mail!.text).not.toMatch(/\d{6}/);
  });
});

test('a registration code reaches a real SMTP server and registers the address', async () => {
  const server = await mailCatcher();
  const mailing = await testApp({ SMTP_URL: server.url });
  try {
    const email = 'smtp@example.com';
    expect((await mailing.api.send(appAccountApi.sendCode, { email })).code).toBe(200);
    expect(server.received.map((m) => m.to)).toEqual(['smtp@example.com']);
    const code = server.received[0]!.text.match(/\b(\d{6})\b/)![1]!;
    const res = await mailing.api.send(appAccountApi.register, { email, password: PASSWORD, nickname: 'Mail', country: 'FR', code });
    expect(res.code).toBe(200);
    expect(await mailing.ctx.db.select().from(mailOutbox)).toEqual([]);
  } finally {
    await mailing.close();
    await server.close();
  }
});

describe('sign-in', () => {
  test('registers the phone once per install and updates it on the next sign-in', async () => {
    const id = await register({ mobile: '+4915100000010' });
    const install = testInstall({ installId: 'phone-a' });
    await t.api.send(appAccountApi.login, { mobile: '+4915100000010', password: PASSWORD, ...install });
    await t.api.send(appAccountApi.login, { mobile: '+4915100000010', password: PASSWORD, ...install, appVersion: '2.5.0' });
    const phones = await t.ctx.db.select().from(mobileDevices).where(eq(mobileDevices.appUserId, id));
    expect(phones).toMatchObject([{ installId: 'phone-a', platform: 'android', model: 'Pixel 8', appVersion: '2.5.0' }]);
  });

  test('logout ends only this session', async () => {
    await register({ mobile: '+4915100000030' });
    const a = new ApiClient(t.base, (await login({ mobile: '+4915100000030' })).data.token);
    const b = new ApiClient(t.base, (await login({ mobile: '+4915100000030' })).data.token);
    expect((await a.send(appAccountApi.logout)).code).toBe(200);
    expect((await a.send(appAccountApi.me)).code).toBe(401);
    expect((await b.send(appAccountApi.me)).code).toBe(200);
  });
});

describe('password guessing', () => {
  const MAX_FAILURES = 5; // the seeded security.login.max-failures
  const loginFrom = (address: string, account: { mobile: string }, password = PASSWORD) =>
    t.api.withHeaders({ 'x-forwarded-for': address }).send(appAccountApi.login, { ...account, password, ...testInstall() });

  test('wrong passwords from one address never stop the owner at another; the guesser waits a growing delay', async () => {
    const owner = { mobile: '+4915100000020' };
    await register(owner);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await loginFrom('203.0.113.30', owner, 'wrong password')).key).toBe('auth.bad-credentials');
    // The guesser is made to wait, even with the right password, and told for how long.
    expect(await loginFrom('203.0.113.30', owner)).toMatchObject({ code: 429, key: 'auth.throttled', params: { seconds: FIRST_DELAY_SECONDS } });
    expect((await loginFrom('198.51.100.30', owner)).code).toBe(200);
    t.clock.advance(FIRST_DELAY_SECONDS);
    expect((await loginFrom('203.0.113.30', owner, 'wrong password')).key).toBe('auth.bad-credentials');
    expect(await loginFrom('203.0.113.30', owner, 'wrong password')).toMatchObject({ code: 429, params: { seconds: 2 * FIRST_DELAY_SECONDS } });
    // A success from the guessing address itself starts its count afresh.
    t.clock.advance(2 * FIRST_DELAY_SECONDS);
    expect((await loginFrom('203.0.113.30', owner)).code).toBe(200);
    expect((await loginFrom('203.0.113.30', owner, 'wrong password')).key).toBe('auth.bad-credentials');
  });

  test('an unknown account gets the same answers as a known one', async () => {
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await loginFrom('203.0.113.31', { mobile: '+4915100000098' }, 'wrong password')).key).toBe('auth.bad-credentials');
    expect(await loginFrom('203.0.113.31', { mobile: '+4915100000098' })).toMatchObject({ code: 429, params: { seconds: FIRST_DELAY_SECONDS } });
  });

  test('withdrawing a cancellation counts as a guess at the same account', async () => {
    const owner = { mobile: '+4915100000021' };
    await register(owner);
    const withdraw = (password: string) =>
      t.api.withHeaders({ 'x-forwarded-for': '203.0.113.32' }).send(appAccountApi.withdrawCancellation, { ...owner, password });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await withdraw('wrong password')).key).toBe('auth.bad-credentials');
    expect(await withdraw(PASSWORD)).toMatchObject({ code: 429, key: 'auth.throttled' });
    expect(await loginFrom('203.0.113.32', owner)).toMatchObject({ code: 429, key: 'auth.throttled' });
  });

  test('of 15 wrong passwords sent at once for one account, 5 reach the password check and the rest wait', async () => {
    const owner = { mobile: '+4915100000022' };
    await register(owner);
    const answers = await Promise.all(Array.from({ length: 15 }, () => loginFrom('203.0.113.33', owner, 'wrong password')));
    const keys = answers.reduce<Record<string, number>>((n, a) => ({ ...n, [a.key!]: (n[a.key!] ?? 0) + 1 }), {});
    expect(keys).toEqual({ 'auth.bad-credentials': MAX_FAILURES, 'auth.throttled': 15 - MAX_FAILURES });
    const checked = await t.ctx.db
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.ip, '203.0.113.33'), eq(loginLog.result, 'bad-credentials')));
    expect(checked).toHaveLength(MAX_FAILURES);
    expect(checked[0]).toMatchObject({ kind: 'app-password', username: owner.mobile, userId: null, tenantId: null });
    expect((await loginFrom('198.51.100.33', owner)).code).toBe(200);
  });
});

test('the person changes their nickname and country', async () => {
  await register({ mobile: '+4915100000040' });
  const me = new ApiClient(t.base, (await login({ mobile: '+4915100000040' })).data.token);
  expect((await me.send(appAccountApi.updateMe, { nickname: 'Renamed', country: 'at' })).data).toMatchObject({ nickname: 'Renamed', country: 'AT' });
  expect((await me.send(appAccountApi.updateMe, { nickname: 'X', country: 'ZZ' })).params).toMatchObject({ field: 'country' });
  expect((await me.send(appAccountApi.me)).data).toMatchObject({ nickname: 'Renamed', country: 'AT' });
});

describe('cancellation', () => {
  test('disables the account at once, and the purge job deletes the personal data after the grace period', async () => {
    const id = await register({ mobile: '+4915100000050' }, 'Leaving');
    const heirId = await register({ mobile: '+4915100000051' }, 'Heir');
    const leaving = new ApiClient(t.base, (await login({ mobile: '+4915100000050' })).data.token);
    const heir = new ApiClient(t.base, (await login({ mobile: '+4915100000051' })).data.token);
    const store = await appStore(leaving);
    const { data } = await leaving.send(appStoreApi.invite, { meshId: store.meshId });
    await heir.send(appStoreApi.join, { code: data.code });
    await t.ctx.db.insert(feedback).values({ appUserId: id, type: 'other', content: 'Bye', contactEmail: 'leaving@example.com' });

    expect((await leaving.send(appAccountApi.cancel, { password: 'wrong password' })).key).toBe('auth.password-wrong');
    expect((await leaving.send(appAccountApi.cancel, { password: PASSWORD, reason: 'Moving' })).code).toBe(200);
    expect((await leaving.send(appAccountApi.me)).code).toBe(401);
    expect((await login({ mobile: '+4915100000050' })).key).toBe('app.cancellation-pending');
    const [request] = await t.ctx.db.select().from(appCancellationRequests).where(eq(appCancellationRequests.appUserId, id));
    expect(request!.purgeAfter.getTime() - request!.createdAt.getTime()).toBe(7 * 86400 * 1000);

    t.clock.advance(7 * 86400 - 60);
    expect(await purgeNow()).toEqual({ accounts: 0 });
    t.clock.advance(120);
    expect(await purgeNow()).toEqual({ accounts: 1 });

    const [row] = await t.ctx.db.select().from(appUsers).where(eq(appUsers.id, id));
    expect(row).toMatchObject({ email: '', mobile: '', nickname: '', status: 1, lastLoginIp: '' });
    expect(row!.purgedAt).not.toBeNull();
    expect(await t.ctx.db.select().from(appSessions).where(eq(appSessions.appUserId, id))).toEqual([]);
    expect(await t.ctx.db.select().from(mobileDevices).where(eq(mobileDevices.appUserId, id))).toEqual([]);
    // The sign-ins stay in the login log, no longer saying whose they were, from where or on what.
    expect(await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, '+4915100000050'))).toEqual([]);
    const signIns = await t.ctx.db
      .select()
      .from(loginLog)
      .where(eq(loginLog.username, `cancelled-app-user-${id}`));
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.every((row) => row.ip === '' && row.userAgent === '')).toBe(true);
    expect((await t.ctx.db.select().from(feedback).where(eq(feedback.appUserId, id)))[0]).toMatchObject({ contactEmail: '', content: 'Bye' });
    const [storeRow] = await t.ctx.db.select().from(stores).where(eq(stores.meshId, store.meshId));
    expect(await t.ctx.db.select().from(storeMembers).where(eq(storeMembers.storeId, storeRow!.id))).toMatchObject([{ appUserId: heirId, role: 'admin' }]);
    expect((await t.ctx.db.select().from(appCancellationRequests).where(eq(appCancellationRequests.id, request!.id)))[0]).toMatchObject({ reason: '' });
    expect(await purgeNow()).toEqual({ accounts: 0 });
  });
});

test('while the platform has registration closed, no code is sent and nobody registers', async () => {
  await t.ctx.db.update(platformSettings).set({ registrationOpen: false });
  try {
    const mobile = '+4915100000060';
    expect(await t.api.send(appAccountApi.sendCode, { mobile })).toMatchObject({ code: 555, key: 'app.registration-closed' });
    expect(sms.lastCodeTo(mobile)).toBeUndefined();
    const body = { mobile, password: PASSWORD, nickname: 'Late', country: 'DE', code: '123456' };
    expect((await t.api.send(appAccountApi.register, body)).key).toBe('app.registration-closed');
    expect(await t.ctx.db.select().from(appUsers).where(eq(appUsers.mobile, mobile))).toEqual([]);
  } finally {
    await t.ctx.db.update(platformSettings).set({ registrationOpen: true });
  }
});

test('within the grace period the person takes the cancellation back with their password, and is never purged', async () => {
  const mobile = '+4915100000070';
  const id = await register({ mobile }, 'Staying');
  const client = new ApiClient(t.base, (await login({ mobile })).data.token);
  expect((await t.api.send(appAccountApi.withdrawCancellation, { mobile, password: PASSWORD })).key).toBe('app.no-cancellation');
  await client.send(appAccountApi.cancel, { password: PASSWORD });

  expect((await t.api.send(appAccountApi.withdrawCancellation, { mobile, password: 'wrong password' })).key).toBe('auth.bad-credentials');
  expect((await t.api.send(appAccountApi.withdrawCancellation, { mobile: '+4915100000079', password: PASSWORD })).key).toBe('auth.bad-credentials');
  expect((await t.api.send(appAccountApi.withdrawCancellation, { mobile, password: PASSWORD })).code).toBe(200);
  expect((await login({ mobile })).code).toBe(200);
  expect((await t.api.send(appAccountApi.withdrawCancellation, { mobile, password: PASSWORD })).key).toBe('app.no-cancellation');

  t.clock.advance(30 * 86400);
  expect(await purgeNow()).toEqual({ accounts: 0 });
  expect((await t.ctx.db.select().from(appUsers).where(eq(appUsers.id, id)))[0]).toMatchObject({ nickname: 'Staying', mobile, status: 0, purgedAt: null });
  expect((await t.ctx.db.select().from(appCancellationRequests).where(eq(appCancellationRequests.appUserId, id)))[0]!.withdrawnAt).not.toBeNull();
});

test('an operator enabling the account again withdraws its cancellation', async () => {
  const mobile = '+4915100000080';
  const id = await register({ mobile }, 'Rescued');
  const client = new ApiClient(t.base, (await login({ mobile })).data.token);
  await client.send(appAccountApi.cancel, { password: PASSWORD });
  const admin = await t.signIn('admin');
  expect((await admin.send(appUserStatusUpdate, { id, status: 0 })).code).toBe(200);
  const [request] = await t.ctx.db.select().from(appCancellationRequests).where(eq(appCancellationRequests.appUserId, id));
  expect(request!.withdrawnAt).not.toBeNull();
  t.clock.advance(30 * 86400);
  expect(await purgeNow()).toEqual({ accounts: 0 });
  expect((await login({ mobile })).code).toBe(200);
});
