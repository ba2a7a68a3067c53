import { authApi } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cancellationRequests, sessions, users } from '../schema';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const changePassword = (client: TestApp['api'], username: string, oldPassword: string, newPassword: string) =>
  client.send(authApi.updatePassword, { username, oldPassword, newPassword });

describe('password change', () => {
  test('a wrong current password is refused and changes nothing', async () => {
    expect(await changePassword(t.api, 'operator', 'wrong-one', 'Brand-new-pass1')).toMatchObject({ code: 400, key: 'auth.old-password-wrong' });
    expect((await t.login('operator')).code).toBe(200);
  });

  test('the new password must be long enough, new, and not the username', async () => {
    expect(await changePassword(t.api, 'operator', TEST_PASSWORD, 'short')).toMatchObject({ code: 400, params: { field: 'newPassword' } });
    expect(await changePassword(t.api, 'operator', TEST_PASSWORD, TEST_PASSWORD)).toMatchObject({ key: 'auth.password-reused' });
    expect(await changePassword(t.api, 'operator', TEST_PASSWORD, 'OPERATOR')).toMatchObject({ code: 400 });
    expect(await changePassword(t.api, 'operator', TEST_PASSWORD, 'operator')).toMatchObject({ key: 'auth.password-same-as-username' });
  });

  test("another account's password cannot be changed without its current password", async () => {
    const agent = await t.signIn('agent');
    expect(await changePassword(agent, 'operator', 'not-the-password-1', 'Brand-new-pass1')).toMatchObject({ code: 400, key: 'auth.old-password-wrong' });
  });

  test('success ends every session of that account; the new password signs in, the old does not', async () => {
    const first = await t.signIn('operator');
    const second = await t.signIn('operator');
    const other = await t.signIn('admin');
    expect((await changePassword(first, 'operator', TEST_PASSWORD, 'Brand-new-pass1')).code).toBe(200);
    expect((await first.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect((await second.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect((await other.get('/api/system/auth/get-permission-info')).code).toBe(200);
    expect((await t.login('operator')).code).toBe(400);
    expect((await t.login('operator', 'Brand-new-pass1')).code).toBe(200);
  });
});

describe('account cancellation', () => {
  test('a wrong password is refused and the account stays', async () => {
    const agent = await t.signIn('agent');
    expect(await agent.post('/api/system/auth/cancel-account', { password: 'nope' })).toMatchObject({ code: 400, key: 'auth.password-wrong' });
    expect((await agent.get('/api/system/auth/get-permission-info')).code).toBe(200);
  });

  test('needs a session', async () => {
    expect((await t.api.post('/api/system/auth/cancel-account', { password: TEST_PASSWORD })).code).toBe(401);
  });

  test('disables the account, ends its sessions and records the request', async () => {
    const agent = await t.signIn('agent');
    const elsewhere = await t.signIn('agent');
    const res = await agent.send(authApi.cancelAccount, { password: TEST_PASSWORD, reason: 'Closing the shop' });
    expect(res).toMatchObject({ code: 200, data: { key: 'auth.cancellation-recorded' } });
    expect((await elsewhere.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect(await t.login('agent')).toMatchObject({ code: 403, key: 'auth.disabled' });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    const [request] = await t.ctx.db.select().from(cancellationRequests).where(eq(cancellationRequests.userId, user!.id));
    expect(request).toMatchObject({ username: 'agent', reason: 'Closing the shop' });
    // The grace period of the parameter settings (7 days unless changed), the same as app users'.
    expect(request!.purgeAfter.getTime() - request!.createdAt.getTime()).toBe(7 * 86400_000);
    const open = (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user!.id))).filter((s) => !s.revokedAt);
    expect(open).toHaveLength(0);
  });
});
