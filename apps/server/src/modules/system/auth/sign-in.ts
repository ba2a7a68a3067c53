import { ResultCode, type LoginResult } from '@lightdesk/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { tenants, users } from '../schema';
import { judgePassword, recordLogin, type ClientMeta, type LoginKind } from './password-guessing';
import { createSession } from './staff-sessions';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';

export type Account = typeof users.$inferSelect & { tenant: typeof tenants.$inferSelect };

export async function findAccount(ctx: AppContext, where: { username: string } | { mobile: string }): Promise<Account | undefined> {
  const condition = 'username' in where ? sql`lower(${users.username}) = lower(${where.username})` : and(eq(users.mobile, where.mobile), ne(users.mobile, ''));
  const [row] = await ctx.db.select().from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(condition);
  return row ? { ...row.users, tenant: row.tenants } : undefined;
}

/**
 * Checks a staff member's password under the guard against guessing (`judgePassword`): an unknown
 * username gets the same refusal, after the same work, as a wrong password.
 */
export async function checkPassword(
  ctx: AppContext,
  account: Account | undefined,
  password: string,
  wrongKey: 'auth.bad-credentials' | 'auth.old-password-wrong' | 'auth.password-wrong',
  log: { kind: LoginKind; username: string },
  meta: ClientMeta,
  captchaSolved?: boolean,
): Promise<Account> {
  const guess = { ...log, userId: account?.id, tenantId: account?.tenantId };
  const right = await judgePassword(ctx, account?.passwordHash, password, guess, meta, captchaSolved);
  if (!right || !account) throw new AppError(ResultCode.badInput, wrongKey, { field: 'password' });
  return account;
}

/** Refuses disabled accounts and the staff of disabled or expired agents. */
export async function assertMaySignIn(ctx: AppContext, account: Account, log: { kind: LoginKind; username: string }, meta: ClientMeta) {
  const now = ctx.clock.now();
  const who = { ...log, userId: account.id, tenantId: account.tenantId };
  if (account.status !== 0) {
    await recordLogin(ctx, { ...who, result: 'disabled' }, meta);
    throw new AppError(ResultCode.forbidden, 'auth.disabled');
  }
  if (account.tenant.status !== 0 || (account.tenant.expiresAt && account.tenant.expiresAt <= now)) {
    await recordLogin(ctx, { ...who, result: 'tenant-disabled' }, meta);
    throw new AppError(ResultCode.forbidden, 'auth.tenant-disabled');
  }
}

/** Opens a session for an account that proved itself, and answers with its token and tenant. */
export async function openSession(ctx: AppContext, account: Account, kind: LoginKind, rememberMe: boolean, meta: ClientMeta): Promise<LoginResult> {
  const now = ctx.clock.now();
  await ctx.db.update(users).set({ lastLoginAt: now, lastLoginIp: meta.ip }).where(eq(users.id, account.id));
  const session = await createSession(ctx, account, { rememberMe, ...meta });
  await recordLogin(ctx, { kind, result: 'success', username: account.username, userId: account.id, tenantId: account.tenantId }, meta);
  return {
    accessToken: session.token,
    expiresAt: session.expiresAt.toISOString(),
    idleTimeout: session.idleTimeout,
    userId: account.id,
    tenantId: account.tenantId,
    tenantCode: account.tenant.code,
    tenantType: account.tenant.type,
  };
}
