import { ResultCode, type LoginResult } from '@lightdesk/contract';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { loginLog, tenants, users } from '../../db/schema';
import { createSession } from '../../lib/access';
import { addSeconds } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError, tooMany } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/secrets';

/** spec/issue: 5 failed attempts lock an account for 15 minutes. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** Failed attempts one IP may make in the window before it is throttled. */
export const IP_FAILURE_LIMIT = 30;
export const IP_WINDOW_MINUTES = 15;

export type LoginKind = (typeof loginLog.$inferInsert)['kind'];
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export const FAILED_RESULTS = ['bad-credentials', 'captcha', 'sms-code'];

export async function recordLogin(
  ctx: AppContext,
  entry: { kind: LoginKind; result: string; username: string; userId?: number | null; tenantId?: number | null },
  meta: ClientMeta,
) {
  await ctx.db.insert(loginLog).values({
    kind: entry.kind,
    result: entry.result,
    username: entry.username.slice(0, 100),
    userId: entry.userId ?? null,
    tenantId: entry.tenantId ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
    createdAt: ctx.clock.now(),
  });
}

/** Refuses an IP that failed too often lately, whatever accounts it tried. */
export async function throttleIp(ctx: AppContext, meta: ClientMeta) {
  const since = addSeconds(ctx.clock.now(), -IP_WINDOW_MINUTES * 60);
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginLog)
    .where(and(eq(loginLog.ip, meta.ip), gt(loginLog.createdAt, since), inArray(loginLog.result, FAILED_RESULTS)));
  if ((row?.n ?? 0) >= IP_FAILURE_LIMIT) throw tooMany('auth.throttled');
}

export type Account = typeof users.$inferSelect & { tenant: typeof tenants.$inferSelect };

export async function findAccount(ctx: AppContext, where: { username: string } | { mobile: string }): Promise<Account | undefined> {
  const condition = 'username' in where ? sql`lower(${users.username}) = lower(${where.username})` : and(eq(users.mobile, where.mobile), ne(users.mobile, ''));
  const [row] = await ctx.db.select().from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(condition);
  return row ? { ...row.users, tenant: row.tenants } : undefined;
}

const lockedMinutesLeft = (account: Account, now: Date) =>
  account.lockedUntil && account.lockedUntil > now ? Math.ceil((account.lockedUntil.getTime() - now.getTime()) / 60000) : 0;

/**
 * Checks a password against an account with lock-out: a locked account is refused before
 * its password is looked at; the fifth failure in a row locks it.
 */
export async function checkPassword(
  ctx: AppContext,
  account: Account | undefined,
  password: string,
  wrongKey: 'auth.bad-credentials' | 'auth.old-password-wrong' | 'auth.password-wrong',
  log: { kind: LoginKind; username: string },
  meta: ClientMeta,
): Promise<Account> {
  const now = ctx.clock.now();
  if (!account) {
    await verifyPassword(await dummyPasswordHash, password);
    await recordLogin(ctx, { ...log, result: 'bad-credentials' }, meta);
    throw new AppError(ResultCode.badInput, wrongKey, { field: 'password' });
  }
  const who = { ...log, userId: account.id, tenantId: account.tenantId };
  const minutes = lockedMinutesLeft(account, now);
  if (minutes > 0) {
    await recordLogin(ctx, { ...who, result: 'locked' }, meta);
    throw tooMany('auth.locked', { minutes });
  }
  if (await verifyPassword(account.passwordHash, password)) return account;

  // A lock that has run out starts a fresh count.
  const failures = (account.lockedUntil ? 0 : account.failedLogins) + 1;
  const locks = failures >= LOCK_AFTER_FAILURES;
  await ctx.db
    .update(users)
    .set(locks ? { failedLogins: 0, lockedUntil: addSeconds(now, LOCK_MINUTES * 60) } : { failedLogins: failures, lockedUntil: null })
    .where(eq(users.id, account.id));
  await recordLogin(ctx, { ...who, result: 'bad-credentials' }, meta);
  if (locks) throw tooMany('auth.locked', { minutes: LOCK_MINUTES });
  throw new AppError(ResultCode.badInput, wrongKey, { field: 'password' });
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

/** Opens a session for an account that proved itself, and answers what spec §7's login returns. */
export async function openSession(ctx: AppContext, account: Account, kind: LoginKind, rememberMe: boolean, meta: ClientMeta): Promise<LoginResult> {
  const now = ctx.clock.now();
  await ctx.db.update(users).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now, lastLoginIp: meta.ip }).where(eq(users.id, account.id));
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
