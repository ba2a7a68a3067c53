import { ResultCode, type LoginResult } from '@lightdesk/contract';
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loginLog, tenants, users } from '../schema';
import { captchaRequired } from './captcha';
import { createSession } from './staff-sessions';
import { readSetting } from '../config/settings';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { AppError, tooMany } from '../../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../../lib/secrets';

/** Failed attempts one client address may make, whatever the usernames, before it is throttled. */
export const ADDRESS_FAILURE_LIMIT = 30;
export const ADDRESS_WINDOW_MINUTES = 15;
/**
 * Once a username has failed `security.login.max-failures` times from one address, each further
 * attempt from there waits this long after the last failure, doubling with every failure up to
 * the cap. A success from that address starts afresh; failures older than a day are forgotten.
 */
export const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FAILURE_MEMORY_HOURS = 24;

export type LoginKind = (typeof loginLog.$inferInsert)['kind'];
export interface ClientMeta {
  ip: string;
  userAgent: string;
}
export const metaOf = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

export const FAILED_RESULTS = ['bad-credentials', 'captcha', 'sms-code', 'social-failed', 'not-linked'];

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

const SIGN_IN_LOCK = sql`hashtext('lightdesk.sign-in')`;

/**
 * Gives an attempt its verdict holding a lock on its client address, whichever server it reached:
 * the attempts from one address are judged one after another, each counting the failures the
 * others recorded, so attempts sent together cannot all slip under a limit read before any of
 * them was counted. The lock is held for a few statements, never while a password is hashed.
 * What `judge` records is committed before the refusal it answers is thrown.
 */
async function judgedAtAddress(ctx: AppContext, meta: ClientMeta, judge: (ctx: AppContext) => Promise<AppError | undefined>) {
  const refusal = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK}, hashtext(${meta.ip}))`);
    return judge({ ...ctx, db: tx });
  });
  if (refusal) throw refusal;
}

/** The refusal of an address that failed too often lately, whatever accounts it tried, until its oldest counted failure is old enough. */
async function addressRefusal(ctx: AppContext, meta: ClientMeta): Promise<AppError | undefined> {
  const now = ctx.clock.now();
  const windowSeconds = ADDRESS_WINDOW_MINUTES * 60;
  const [oldestCounted] = await ctx.db
    .select({ at: loginLog.createdAt })
    .from(loginLog)
    .where(and(eq(loginLog.ip, meta.ip), gt(loginLog.createdAt, addSeconds(now, -windowSeconds)), inArray(loginLog.result, FAILED_RESULTS)))
    .orderBy(desc(loginLog.createdAt))
    .offset(ADDRESS_FAILURE_LIMIT - 1)
    .limit(1);
  return oldestCounted && tooMany('auth.throttled', { seconds: secondsUntil(addSeconds(oldestCounted.at, windowSeconds), now) });
}

/** Refuses, before any work, an address that failed too often lately; `recordFailure` and `checkPassword` decide for good. */
export async function throttleAddress(ctx: AppContext, meta: ClientMeta) {
  const refusal = await addressRefusal(ctx, meta);
  if (refusal) throw refusal;
}

/** Records a failed attempt, unless its address has meanwhile failed too often: then it is throttled instead, unrecorded. */
export async function recordFailure(ctx: AppContext, entry: Parameters<typeof recordLogin>[1], meta: ClientMeta) {
  await judgedAtAddress(ctx, meta, async (locked) => (await addressRefusal(locked, meta)) ?? void (await recordLogin(locked, entry, meta)));
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** The allowed failures before delays and the captcha, from the parameter setting (at least one). */
const maxFailures = async (ctx: AppContext) => Math.min(100, Math.max(1, Math.floor(await readSetting(ctx.db, 'security.login.max-failures'))));

/**
 * Where guessing one username from one client address stands: free to try, with or without the
 * captcha, or made to wait. Only the login log is read, by the username as typed, so an unknown
 * username is throttled exactly like a known one, and failures from other addresses never hold
 * the owner back at their own.
 */
async function guessingStanding(ctx: AppContext, username: string, meta: ClientMeta): Promise<{ waitSeconds: number } | { captchaDemanded: boolean }> {
  const now = ctx.clock.now();
  const allowed = await maxFailures(ctx);
  const recent = await ctx.db
    .select({ result: loginLog.result, at: loginLog.createdAt })
    .from(loginLog)
    .where(
      and(
        eq(loginLog.ip, meta.ip),
        sql`lower(${loginLog.username}) = lower(${username})`,
        gt(loginLog.createdAt, addSeconds(now, -FAILURE_MEMORY_HOURS * 3600)),
        inArray(loginLog.result, ['bad-credentials', 'success']),
      ),
    )
    .orderBy(desc(loginLog.createdAt))
    // Enough rows to reach the cap; older failures cannot make the delay longer.
    .limit(allowed + Math.ceil(Math.log2(MAX_DELAY_SECONDS / FIRST_DELAY_SECONDS)) + 1);
  const sinceSuccess = recent.findIndex((r) => r.result === 'success');
  const failures = sinceSuccess === -1 ? recent.length : sinceSuccess;
  if (failures < allowed) return { captchaDemanded: false };
  const delay = Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - allowed));
  const waitUntil = addSeconds(recent[0]!.at, delay);
  return waitUntil > now ? { waitSeconds: secondsUntil(waitUntil, now) } : { captchaDemanded: true };
}

/** A guess made to wait: recorded as throttled, and refused with the seconds to wait. */
async function throttled(ctx: AppContext, guess: { kind: LoginKind; username: string }, meta: ClientMeta, seconds: number) {
  await recordLogin(ctx, { ...guess, result: 'throttled' }, meta);
  return tooMany('auth.throttled', { seconds });
}

/**
 * Guards password guessing on one username from one client address. Past the allowed failures
 * each attempt must wait a growing delay (refused with `auth.throttled` before the password is
 * looked at) and, where the caller can give one, solve the captcha. This early look spares the
 * work of an attempt already too soon; `checkPassword` judges again, under the address's lock.
 */
export async function throttleGuessing(ctx: AppContext, username: string, log: { kind: LoginKind }, meta: ClientMeta): Promise<{ captchaDemanded: boolean }> {
  const standing = await guessingStanding(ctx, username, meta);
  if ('waitSeconds' in standing) throw await throttled(ctx, { kind: log.kind, username }, meta, standing.waitSeconds);
  return standing;
}

export type Account = typeof users.$inferSelect & { tenant: typeof tenants.$inferSelect };

export async function findAccount(ctx: AppContext, where: { username: string } | { mobile: string }): Promise<Account | undefined> {
  const condition = 'username' in where ? sql`lower(${users.username}) = lower(${where.username})` : and(eq(users.mobile, where.mobile), ne(users.mobile, ''));
  const [row] = await ctx.db.select().from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(condition);
  return row ? { ...row.users, tenant: row.tenants } : undefined;
}

/**
 * Checks a password. An unknown username costs the same hashing and gets the same refusal as a
 * wrong password, so neither the answer nor its time tells which usernames exist. The verdict is
 * given under the address's lock, counting the failures recorded meanwhile: of attempts sent
 * together, those past the allowance are throttled whatever their password, and one let in
 * without a captcha (`captchaSolved` false) is refused if the captcha is due by then. Forms
 * without a captcha leave `captchaSolved` out: only the delays hold them.
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
  const verified = account && (await verifyPassword(account.passwordHash, password)) ? account : undefined;
  if (!account) await verifyPassword(await dummyPasswordHash, password);
  await judgedAtAddress(ctx, meta, async (locked) => {
    const refusal = (await addressRefusal(locked, meta)) ?? (await guessRefusal(locked, log, meta, captchaSolved));
    if (!refusal && !verified) await recordLogin(locked, { ...log, result: 'bad-credentials', userId: account?.id, tenantId: account?.tenantId }, meta);
    return refusal;
  });
  if (!verified) throw new AppError(ResultCode.badInput, wrongKey, { field: 'password' });
  return verified;
}

async function guessRefusal(ctx: AppContext, log: { kind: LoginKind; username: string }, meta: ClientMeta, captchaSolved: boolean | undefined) {
  const standing = await guessingStanding(ctx, log.username, meta);
  if ('waitSeconds' in standing) return throttled(ctx, log, meta, standing.waitSeconds);
  return standing.captchaDemanded && captchaSolved === false ? captchaRequired() : undefined;
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
