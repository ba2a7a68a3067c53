import { ResultCode, type CancellationBody, type PasswordUpdateBody } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { cancellationRequests, users } from '../../db/schema';
import { revokeUserSessions } from '../../lib/access';
import { addSeconds } from '../../lib/clock';
import type { AppContext, Session } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/secrets';
import { checkPassword, findAccount, recordLogin, throttleIp, type ClientMeta } from './sign-in';

/** Personal data of a cancelled account is deleted after this grace period (DESIGN §5). */
export const CANCELLATION_GRACE_DAYS = 30;

/**
 * spec §7 password change. Reachable from the sign-in screen (the old password proves who
 * you are) and from the user menu (then it must be the signed-in account). Success ends
 * every session of the account.
 */
export async function changePassword(ctx: AppContext, session: Session | null, body: PasswordUpdateBody, meta: ClientMeta) {
  if (session && session.username.toLowerCase() !== body.username.toLowerCase()) throw forbidden('auth.username-mismatch');
  await throttleIp(ctx, meta);
  const log = { kind: 'password-change' as const, username: body.username };
  const account = await checkPassword(ctx, await findAccount(ctx, body), body.oldPassword, 'auth.old-password-wrong', log, meta);
  if (body.newPassword === body.oldPassword) throw new AppError(ResultCode.badInput, 'auth.password-reused', { field: 'newPassword' });
  if (body.newPassword.toLowerCase() === account.username.toLowerCase()) {
    throw new AppError(ResultCode.badInput, 'auth.password-same-as-username', { field: 'newPassword' });
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, account.id));
    await revokeUserSessions(tx, now, account.id, 'password-changed');
  });
  await recordLogin(ctx, { ...log, result: 'success', userId: account.id, tenantId: account.tenantId }, meta);
}

/** Account cancellation: confirm the password, then disable, sign out everywhere and record. */
export async function cancelAccount(ctx: AppContext, session: Session, body: CancellationBody, meta: ClientMeta) {
  const account = await findAccount(ctx, { username: session.username });
  if (!account) throw notFound();
  const log = { kind: 'cancellation' as const, username: account.username };
  await checkPassword(ctx, account, body.password, 'auth.password-wrong', log, meta);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ status: 1, updatedAt: now }).where(eq(users.id, account.id));
    await revokeUserSessions(tx, now, account.id, 'account-cancelled');
    await tx.insert(cancellationRequests).values({
      userId: account.id,
      tenantId: account.tenantId,
      username: account.username,
      reason: body.reason ?? '',
      purgeAfter: addSeconds(now, CANCELLATION_GRACE_DAYS * 86400),
      createdAt: now,
    });
  });
  await recordLogin(ctx, { ...log, result: 'success', userId: account.id, tenantId: account.tenantId }, meta);
}
