import {
  ResultCode,
  type AppCancelBody,
  type AppCodeBody,
  type AppLoginBody,
  type AppMe,
  type AppMeUpdate,
  type AppRegisterBody,
  type AppWithdrawBody,
} from '@lightdesk/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { AppError, badInput, notFound, refusal } from '../../../lib/errors';
import { dummyPasswordHash, hashPassword, randomDigits, verifyPassword } from '../../../lib/secrets';
import {
  APP_SIGN_IN,
  areas,
  assertSmsAvailable,
  judgePassword,
  readPlatformSettings,
  readSetting,
  recordLogin,
  sendCodeSms,
  throttleAddress,
  throttleGuessing,
  type ClientMeta,
} from '../../system';
import { effectiveFeatures } from '../features';
import { sendMail } from '../mail';
import { appCancellationRequests, appUsers, appVerificationCodes, mobileDevices } from '../schema';
import { createAppSession, revokeAppSessions } from './app-sessions';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;

type AccountName = { email?: string; mobile?: string };
const accountOf = (a: AccountName) => (a.email ? { channel: 'email' as const, target: a.email } : { channel: 'sms' as const, target: a.mobile! });
const userWhere = (a: AccountName) => (a.email ? eq(appUsers.email, a.email) : eq(appUsers.mobile, a.mobile!));
/** An app sign-in as the login log keeps it: named by the e-mail address or mobile number tried. */
const signInOf = (a: AccountName) => ({ kind: APP_SIGN_IN, username: accountOf(a).target });

/**
 * Sends a registration code. Every address gets the same answer after the same hashing work; a
 * repeat within a minute sends nothing (the first code is still valid), so the call can neither
 * flood a phone nor tell which addresses have accounts.
 */
export async function sendRegistrationCode(ctx: AppContext, body: AppCodeBody) {
  await assertRegistrationOpen(ctx);
  const { channel, target } = accountOf(body);
  if (channel === 'sms') assertSmsAvailable(ctx);
  const now = ctx.clock.now();
  const code = randomDigits(6);
  // Six digits have a million values: argon2 keeps them out of reach of whoever reads the table.
  const codeHash = await hashPassword(code);
  const [recent] = await ctx.db
    .select({ id: appVerificationCodes.id })
    .from(appVerificationCodes)
    .where(and(eq(appVerificationCodes.target, target), gt(appVerificationCodes.createdAt, addSeconds(now, -CODE_RESEND_SECONDS))));
  if (recent) return;
  const [made] = await ctx.db
    .insert(appVerificationCodes)
    .values({ purpose: 'register', channel, target, codeHash, expiresAt: addSeconds(now, CODE_TTL_SECONDS), createdAt: now })
    .returning({ id: appVerificationCodes.id });
  const text = `Your Lightdesk registration code is ${code}. It is valid for 10 minutes.`;
  if (channel === 'sms')
    await sendCodeSms(ctx, { mobile: target, template: 'app-register-code', content: text, code }, () =>
      ctx.db.delete(appVerificationCodes).where(eq(appVerificationCodes.id, made!.id)),
    );
  else await sendMail(ctx, { to: target, subject: 'Your Lightdesk registration code', text, secrets: [code] });
}

/** Consumes the newest live code for the address; each wrong try counts, five end the code. */
async function consumeCode(ctx: AppContext, target: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select()
    .from(appVerificationCodes)
    .where(
      and(
        eq(appVerificationCodes.target, target),
        eq(appVerificationCodes.purpose, 'register'),
        isNull(appVerificationCodes.usedAt),
        gt(appVerificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(appVerificationCodes.createdAt))
    .limit(1);
  const live = row && row.attempts < CODE_MAX_TRIES ? row : undefined;
  const right = await verifyPassword(live?.codeHash ?? (await dummyPasswordHash), code);
  if (!live) return false;
  if (!right) {
    await ctx.db
      .update(appVerificationCodes)
      .set({ attempts: live.attempts + 1 })
      .where(eq(appVerificationCodes.id, live.id));
    return false;
  }
  const used = await ctx.db
    .update(appVerificationCodes)
    .set({ usedAt: now })
    .where(and(eq(appVerificationCodes.id, live.id), isNull(appVerificationCodes.usedAt)))
    .returning({ id: appVerificationCodes.id });
  return used.length === 1;
}

export async function assertCountry(ctx: AppContext, code: string, field = 'country') {
  const [area] = await ctx.db
    .select({ code: areas.code })
    .from(areas)
    .where(and(eq(areas.code, code), eq(areas.type, 'country')));
  if (!area) throw badInput(field, 'must be a country of the areas list');
}

/** The platform setting "registration open" closes the app's sign-up (existing accounts still sign in). */
async function assertRegistrationOpen(ctx: AppContext) {
  if (!(await readPlatformSettings(ctx.db)).registrationOpen) throw refusal('app.registration-closed');
}

export async function register(ctx: AppContext, body: AppRegisterBody): Promise<number> {
  await assertRegistrationOpen(ctx);
  const { target } = accountOf(body);
  await assertCountry(ctx, body.country);
  if (!(await consumeCode(ctx, target, body.code))) throw new AppError(ResultCode.badInput, 'app.code-wrong', { field: 'code' });
  return createAppUser(ctx, body);
}

/** The account itself, once its address is proved (the demo data proves nothing: it makes its own people). */
export async function createAppUser(ctx: AppContext, body: Omit<AppRegisterBody, 'code'>): Promise<number> {
  const now = ctx.clock.now();
  const [taken] = await ctx.db.select({ id: appUsers.id }).from(appUsers).where(userWhere(body));
  if (taken) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: body.email ? 'email' : 'mobile' });
  const [user] = await ctx.db
    .insert(appUsers)
    .values({
      email: body.email ?? '',
      mobile: body.mobile ?? '',
      nickname: body.nickname,
      countryCode: body.country,
      passwordHash: await hashPassword(body.password),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: appUsers.id });
  return user!.id;
}

/**
 * The account the address and password name. Guessing is held back as at the console's sign-in:
 * per client address and per account at that address, with growing delays, so nobody can lock
 * the owner out from elsewhere. The app shows no captcha, so the delays alone hold a guesser
 * (docs/stores.md). An unknown account costs the same hashing and gets the same answers, so they
 * tell nobody which accounts exist.
 */
async function provenAccount(ctx: AppContext, body: AccountName & { password: string }, meta: ClientMeta) {
  const guess = signInOf(body);
  await throttleAddress(ctx, meta);
  await throttleGuessing(ctx, guess.username, guess, meta);
  const [user] = await ctx.db.select().from(appUsers).where(userWhere(body));
  const right = await judgePassword(ctx, user?.passwordHash, body.password, guess, meta);
  if (!right || !user) throw new AppError(ResultCode.badInput, 'auth.bad-credentials', { field: 'password' });
  return user;
}

/** Signs in with a password and registers the install as the person's mobile device. */
export async function login(ctx: AppContext, body: AppLoginBody, meta: ClientMeta) {
  const user = await provenAccount(ctx, body, meta);
  const now = ctx.clock.now();
  const entry = signInOf(body);
  if (user.status !== 0) {
    await recordLogin(ctx, { ...entry, result: 'disabled' }, meta);
    throw new AppError(ResultCode.forbidden, (await pendingCancellation(ctx, user.id)) ? 'app.cancellation-pending' : 'auth.disabled');
  }
  const { installId, platform, model, osVersion, appVersion, pushId } = body;
  const install = { installId, platform, model, osVersion, appVersion, pushId };
  const session = await ctx.db.transaction(async (tx) => {
    await tx.update(appUsers).set({ lastLoginAt: now, lastLoginIp: meta.ip }).where(eq(appUsers.id, user.id));
    await tx
      .insert(mobileDevices)
      .values({ appUserId: user.id, ...install, lastActiveAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: [mobileDevices.appUserId, mobileDevices.installId],
        set: {
          platform: install.platform,
          model: install.model,
          osVersion: install.osVersion,
          appVersion: install.appVersion,
          pushId: install.pushId,
          lastActiveAt: now,
        },
      });
    // A success from this address starts the count of failures afresh.
    await recordLogin({ ...ctx, db: tx }, { ...entry, result: 'success' }, meta);
    return createAppSession({ ...ctx, db: tx }, user.id, meta);
  });
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), me: await readMe(ctx, user.id) };
}

export async function readMe(ctx: AppContext, appUserId: number): Promise<AppMe> {
  const [user] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, appUserId));
  if (!user) throw notFound();
  return {
    id: user.id,
    email: user.email,
    mobile: user.mobile,
    nickname: user.nickname,
    country: user.countryCode,
    createdAt: user.createdAt.toISOString(),
    features: await effectiveFeatures(ctx.db, appUserId),
  };
}

export async function updateMe(ctx: AppContext, appUserId: number, body: AppMeUpdate): Promise<AppMe> {
  await assertCountry(ctx, body.country);
  await ctx.db.update(appUsers).set({ nickname: body.nickname, countryCode: body.country, updatedAt: ctx.clock.now() }).where(eq(appUsers.id, appUserId));
  return readMe(ctx, appUserId);
}

/** Cancellation: the password proves it is the person; the account is disabled and signed out at once. */
export async function cancelAccount(ctx: AppContext, appUserId: number, body: AppCancelBody) {
  const [user] = await ctx.db.select().from(appUsers).where(eq(appUsers.id, appUserId));
  if (!user || !(await verifyPassword(user.passwordHash, body.password))) throw new AppError(ResultCode.badInput, 'auth.password-wrong', { field: 'password' });
  const now = ctx.clock.now();
  const graceDays = await readSetting(ctx.db, 'app.cancellation.grace-days');
  await ctx.db.transaction(async (tx) => {
    await tx.update(appUsers).set({ status: 1, updatedAt: now }).where(eq(appUsers.id, appUserId));
    await revokeAppSessions(tx, now, { appUserId }, 'account-cancelled');
    await tx.insert(appCancellationRequests).values({ appUserId, reason: body.reason, purgeAfter: addSeconds(now, graceDays * 86400), createdAt: now });
  });
}

/** The person's cancellation request still waiting out its grace period, if any. */
async function pendingCancellation(ctx: AppContext, appUserId: number) {
  const [request] = await ctx.db
    .select({ id: appCancellationRequests.id })
    .from(appCancellationRequests)
    .where(and(eq(appCancellationRequests.appUserId, appUserId), isNull(appCancellationRequests.withdrawnAt), isNull(appCancellationRequests.purgedAt)));
  return request;
}

/** Takes a cancellation back within the grace period: the account is enabled again and kept. */
export async function withdrawCancellation(ctx: AppContext, body: AppWithdrawBody, meta: ClientMeta) {
  const user = await provenAccount(ctx, body, meta);
  const request = await pendingCancellation(ctx, user.id);
  if (!request) throw refusal('app.no-cancellation');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(appCancellationRequests).set({ withdrawnAt: now }).where(eq(appCancellationRequests.id, request.id));
    await tx.update(appUsers).set({ status: 0, updatedAt: now }).where(eq(appUsers.id, user.id));
  });
}
