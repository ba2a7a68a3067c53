import { ResultCode, type CancellationBody, type PasswordUpdateBody } from '@lightdesk/contract';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { cancellationRequests, depts, loginLog, operateLog, sessions, smsCodes, smsOutbox, userPosts, userRoles, users } from '../schema';
import { revokeUserSessions } from './staff-sessions';
import { readSetting } from '../config/settings';
import { addSeconds } from '../../../lib/clock';
import type { AppContext, Session } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { defineJob } from '../../../lib/jobs';
import { hashPassword } from '../../../lib/secrets';
import { recordLogin, throttleAddress, throttleGuessing, type ClientMeta } from './password-guessing';
import { checkPassword, findAccount } from './sign-in';

/** What a purged account is called from then on: unique, and saying nothing about the person. */
export const purgedUsername = (userId: number) => `cancelled-${userId}`;
/** Not a password hash: no password verifies against it, so the purged account can never sign in. */
const NO_PASSWORD = 'purged';

/**
 * Password change, from the sign-in screen and from the user menu alike: the old password
 * proves who is asking, so the route needs no session. Success ends every session of the account.
 */
export async function changePassword(ctx: AppContext, body: PasswordUpdateBody, meta: ClientMeta) {
  await throttleAddress(ctx, meta);
  const log = { kind: 'password-change' as const, username: body.username };
  // The same growing delays as sign-in (the form has no captcha): it would otherwise serve to guess passwords.
  await throttleGuessing(ctx, body.username, log, meta);
  const account = await checkPassword(ctx, await findAccount(ctx, body), body.oldPassword, 'auth.old-password-wrong', log, meta);
  if (body.newPassword === body.oldPassword) throw new AppError(ResultCode.badInput, 'auth.password-reused', { field: 'newPassword' });
  if (body.newPassword.toLowerCase() === account.username.toLowerCase()) {
    throw new AppError(ResultCode.badInput, 'auth.password-same-as-username', { field: 'newPassword' });
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, account.id));
    await revokeUserSessions(tx, now, account.id, 'password-changed');
  });
  await recordLogin(ctx, { ...log, result: 'success', userId: account.id, tenantId: account.tenantId }, meta);
}

/** Account cancellation: confirm the password, then disable, sign out everywhere and record. */
export async function cancelAccount(ctx: AppContext, session: Session, body: CancellationBody, meta: ClientMeta) {
  const account = await findAccount(ctx, { username: session.username });
  if (!account) throw notFound();
  const log = { kind: 'cancellation' as const, username: account.username };
  await throttleGuessing(ctx, account.username, log, meta);
  await checkPassword(ctx, account, body.password, 'auth.password-wrong', log, meta);
  // The same grace period as app users' (a parameter setting); personal data goes after it (docs/administration.md).
  const graceDays = await readSetting(ctx.db, 'app.cancellation.grace-days');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ status: 1, updatedAt: now }).where(eq(users.id, account.id));
    await revokeUserSessions(tx, now, account.id, 'account-cancelled');
    await tx.insert(cancellationRequests).values({
      userId: account.id,
      tenantId: account.tenantId,
      username: account.username,
      reason: body.reason ?? '',
      purgeAfter: addSeconds(now, graceDays * 86400),
      createdAt: now,
    });
  });
  await recordLogin(ctx, { ...log, result: 'success', userId: account.id, tenantId: account.tenantId }, meta);
}

/**
 * Deletes the personal data of accounts whose cancellation grace period is over. The account row
 * stays, disabled and renamed, because the cancellation request and the logs refer to it; its
 * contact details, sessions, roles and posts go (the avatar's file with the storage sweep, unless
 * something else shows the same picture), and the logs keep what was done but no longer
 * the name, address or browser of who did it. An account an administrator enabled again within
 * the grace period has withdrawn its cancellation and is left as it is.
 */
export async function purgeCancelledAccounts(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ requestId: cancellationRequests.id, userId: users.id, username: users.username, mobile: users.mobile })
    .from(cancellationRequests)
    .innerJoin(users, eq(users.id, cancellationRequests.userId))
    .where(and(isNull(cancellationRequests.purgedAt), lte(cancellationRequests.purgeAfter, now), eq(users.status, 1)));
  for (const account of due) {
    signal?.throwIfAborted();
    const alias = purgedUsername(account.userId);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          username: alias,
          passwordHash: NO_PASSWORD,
          nickname: '',
          avatar: '',
          email: '',
          mobile: '',
          sex: 0,
          remark: '',
          deptId: null,
          lastLoginAt: null,
          lastLoginIp: '',
          updatedAt: now,
        })
        .where(eq(users.id, account.userId));
      await tx.delete(sessions).where(eq(sessions.userId, account.userId));
      await tx.delete(userRoles).where(eq(userRoles.userId, account.userId));
      await tx.delete(userPosts).where(eq(userPosts.userId, account.userId));
      await tx.update(depts).set({ leaderUserId: null }).where(eq(depts.leaderUserId, account.userId));
      await tx
        .update(loginLog)
        .set({ username: alias, ip: '', userAgent: '' })
        .where(or(eq(loginLog.userId, account.userId), eq(loginLog.username, account.username)));
      await tx.update(operateLog).set({ username: alias, ip: '', userAgent: '' }).where(eq(operateLog.userId, account.userId));
      if (account.mobile) {
        await tx.delete(smsCodes).where(eq(smsCodes.mobile, account.mobile));
        await tx.delete(smsOutbox).where(eq(smsOutbox.mobile, account.mobile));
      }
      await tx.update(cancellationRequests).set({ username: alias, reason: '', purgedAt: now }).where(eq(cancellationRequests.id, account.requestId));
    });
  }
  return due.length;
}

export const accountPurgeJob = defineJob({
  name: 'system/account-purge',
  counts: ['accounts'],
  schedule: { dailyAt: '02:30' },
  run: async ({ ctx, signal }) => ({ accounts: await purgeCancelledAccounts(ctx, signal) }),
});
