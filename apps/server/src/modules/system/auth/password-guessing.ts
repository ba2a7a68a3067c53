import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { loginLog } from '../schema';
import { captchaRequired } from './captcha';
import { readSetting } from '../config/settings';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { tooMany, type AppError } from '../../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../../lib/secrets';

/**
 * The guard against password guessing, for the console's staff and the app's users alike
 * (docs/api.md, "Sign-in and sessions"). No account is ever locked, which would let anyone who
 * knows its name lock its owner out: failures are counted per client address, and per name at
 * that address, from the login log, and answered with growing delays (and, where the form has
 * one, the captcha).
 */

/** Failed attempts one client address may make, whatever the names, before it is throttled. */
export const ADDRESS_FAILURE_LIMIT = 30;
export const ADDRESS_WINDOW_MINUTES = 15;
/**
 * Once a name has failed `security.login.max-failures` times from one address, each further
 * attempt from there waits this long after the last failure, doubling with every failure up to
 * the cap. A success from that address starts afresh; failures older than a day are forgotten.
 */
export const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FAILURE_MEMORY_HOURS = 24;

export type LoginKind = (typeof loginLog.$inferInsert)['kind'];
/** App users sign in with an e-mail address or a mobile number, staff with a username: the names are counted apart. */
export const APP_SIGN_IN = 'app-password' as const satisfies LoginKind;

export interface ClientMeta {
  ip: string;
  userAgent: string;
}
export const metaOf = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

export const FAILED_RESULTS = ['bad-credentials', 'captcha', 'sms-code', 'social-failed', 'not-linked'];

/** One attempt as the login log keeps it; `userId` and `tenantId` name a staff account only. */
export interface LoginEntry {
  kind: LoginKind;
  result: string;
  username: string;
  userId?: number | null | undefined;
  tenantId?: number | null | undefined;
}
type Guess = Omit<LoginEntry, 'result'>;

export async function recordLogin(ctx: AppContext, entry: LoginEntry, meta: ClientMeta) {
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

/** A purged account's attempts keep what happened, but no longer the name, address or browser of who made them. */
export async function anonymiseLogins(db: Database, kind: LoginKind, usernames: string[], alias: string) {
  await db
    .update(loginLog)
    .set({ username: alias, ip: '', userAgent: '' })
    .where(and(eq(loginLog.kind, kind), inArray(loginLog.username, usernames)));
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

/**
 * The refusal of an address that failed too often lately, whatever names it tried at the console
 * or in the app, until its oldest counted failure is old enough.
 */
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

/** Refuses, before any work, an address that failed too often lately; `recordFailure` and `judgePassword` decide for good. */
export async function throttleAddress(ctx: AppContext, meta: ClientMeta) {
  const refusal = await addressRefusal(ctx, meta);
  if (refusal) throw refusal;
}

/** Records a failed attempt, unless its address has meanwhile failed too often: then it is throttled instead, unrecorded. */
export async function recordFailure(ctx: AppContext, entry: LoginEntry, meta: ClientMeta) {
  await judgedAtAddress(ctx, meta, async (locked) => (await addressRefusal(locked, meta)) ?? void (await recordLogin(locked, entry, meta)));
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** The allowed failures before delays and the captcha, from the parameter setting (at least one). */
const maxFailures = async (ctx: AppContext) => Math.min(100, Math.max(1, Math.floor(await readSetting(ctx.db, 'security.login.max-failures'))));

/** The attempts counted for a name: an app account's in the app, a staff username's at the console. */
const sameDoor = (kind: LoginKind) => (kind === APP_SIGN_IN ? eq(loginLog.kind, APP_SIGN_IN) : ne(loginLog.kind, APP_SIGN_IN));

/**
 * Where guessing one name from one client address stands: free to try, with or without the
 * captcha, or made to wait. Only the login log is read, by the name as typed, so an unknown
 * name is throttled exactly like a known one, and failures from other addresses never hold
 * the owner back at their own.
 */
async function guessingStanding(ctx: AppContext, guess: Guess, meta: ClientMeta): Promise<{ waitSeconds: number } | { captchaDemanded: boolean }> {
  const now = ctx.clock.now();
  const allowed = await maxFailures(ctx);
  const recent = await ctx.db
    .select({ result: loginLog.result, at: loginLog.createdAt })
    .from(loginLog)
    .where(
      and(
        eq(loginLog.ip, meta.ip),
        sql`lower(${loginLog.username}) = lower(${guess.username})`,
        sameDoor(guess.kind),
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
async function throttled(ctx: AppContext, guess: Guess, meta: ClientMeta, seconds: number) {
  await recordLogin(ctx, { kind: guess.kind, username: guess.username, result: 'throttled' }, meta);
  return tooMany('auth.throttled', { seconds });
}

/**
 * Guards password guessing on one name from one client address. Past the allowed failures each
 * attempt must wait a growing delay (refused with `auth.throttled` before the password is looked
 * at) and, where the caller can give one, solve the captcha. This early look spares the work of
 * an attempt already too soon; `judgePassword` judges again, under the address's lock.
 */
export async function throttleGuessing(ctx: AppContext, username: string, log: { kind: LoginKind }, meta: ClientMeta): Promise<{ captchaDemanded: boolean }> {
  const guess = { kind: log.kind, username };
  const standing = await guessingStanding(ctx, guess, meta);
  if ('waitSeconds' in standing) throw await throttled(ctx, guess, meta, standing.waitSeconds);
  return standing;
}

async function guessRefusal(ctx: AppContext, guess: Guess, meta: ClientMeta, captchaSolved: boolean | undefined) {
  const standing = await guessingStanding(ctx, guess, meta);
  if ('waitSeconds' in standing) return throttled(ctx, guess, meta, standing.waitSeconds);
  return standing.captchaDemanded && captchaSolved === false ? captchaRequired() : undefined;
}

/**
 * Whether a password is the account's (`passwordHash` undefined: no such account). An unknown
 * name costs the same hashing as a wrong password, so neither the answer nor its time tells which
 * names exist. The verdict is given under the address's lock, counting the failures recorded
 * meanwhile: of attempts sent together, those past the allowance are throttled whatever their
 * password, and one let in without a captcha (`captchaSolved` false) is refused if the captcha is
 * due by then. Forms without a captcha leave `captchaSolved` out: only the delays hold them.
 */
export async function judgePassword(
  ctx: AppContext,
  passwordHash: string | undefined,
  password: string,
  guess: Guess,
  meta: ClientMeta,
  captchaSolved?: boolean,
): Promise<boolean> {
  const right = await verifyPassword(passwordHash ?? (await dummyPasswordHash), password);
  const verified = passwordHash !== undefined && right;
  await judgedAtAddress(ctx, meta, async (locked) => {
    const refusal = (await addressRefusal(locked, meta)) ?? (await guessRefusal(locked, guess, meta, captchaSolved));
    if (!refusal && !verified) await recordLogin(locked, { ...guess, result: 'bad-credentials' }, meta);
    return refusal;
  });
  return verified;
}
