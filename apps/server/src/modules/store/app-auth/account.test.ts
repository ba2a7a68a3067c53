import { appAccountApi, appStoreApi, appUserStatusUpdate } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient, testApp, type TestApp } from '../../../test/test-app';
import { appStore, captureSms, testInstall } from '../../../test/app-users';
import { jobRuns } from '../../../lib/jobs';
import { appCancellationRequests, appSessions, appUsers, appVerificationCodes, feedback, mailOutbox, mobileDevices, storeMembers, stores } from '../schema';
import { platformSettings } from '../../system/schema';
import { LOCK_AFTER_FAILURES, LOCK_SECONDS } from './account';

let t: TestApp;
let sms: ReturnType<typeof captureSms>;
beforeAll(async () => {
  t = await testApp();
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
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const mailing = await testApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  try {
    const email = 'smtp@example.com';
    expect((await mailing.api.send(appAccountApi.sendCode, { email })).code).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: smtp@example.com');
    const code = received[0]!.match(/\b(\d{6})\b/)![1]!;
    const res = await mailing.api.send(appAccountApi.register, { email, password: PASSWORD, nickname: 'Mail', country: 'FR', code });
    expect(res.code).toBe(200);
    expect(await mailing.ctx.db.select().from(mailOutbox)).toEqual([]);
  } finally {
    await mailing.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
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

  test('repeated failures lock the account for a while; an unknown account is answered alike', async () => {
    await register({ mobile: '+4915100000020' });
    for (const mobile of ['+4915100000020', '+4915100000099']) {
      for (let i = 0; i < LOCK_AFTER_FAILURES; i++) expect((await login({ mobile }, 'wrong password')).key).toBe('auth.bad-credentials');
      expect(await login({ mobile }, mobile === '+4915100000020' ? PASSWORD : 'anything')).toMatchObject({ code: 429, key: 'auth.throttled' });
    }
    t.clock.advance(LOCK_SECONDS);
    expect((await login({ mobile: '+4915100000020' })).code).toBe(200);
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
