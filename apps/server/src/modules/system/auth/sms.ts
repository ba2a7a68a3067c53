import { ResultCode } from '@lightdesk/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { smsCodes, smsOutbox } from '../schema';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { AppError, refusal } from '../../../lib/errors';
import { dummyPasswordHash, hashPassword, randomDigits, verifyPassword } from '../../../lib/secrets';
import { findAccount } from './sign-in';
import { smsSender, type SmsMessage, type SmsSender } from './sms-senders';

export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_SECONDS = 60;

export const MASK = '******';

const overrides = new WeakMap<AppContext, SmsSender>();

/** Sends this server's SMS through another sender than the configured one: a test's, which reads the codes as a phone would. */
export function useSmsSender(ctx: AppContext, sender: SmsSender) {
  overrides.set(ctx, sender);
}

const senderOf = (ctx: AppContext): SmsSender | undefined => overrides.get(ctx) ?? (ctx.config.sms && smsSender(ctx.config.sms));

/** Whether this server sends SMS at all: without a gateway nobody could receive a code, so SMS sign-in is not offered. */
export const smsAvailable = (ctx: AppContext) => senderOf(ctx) !== undefined;

const smsUnavailable = () => refusal('sms.unavailable');

/** Refuses a call that would need an SMS on a server that sends none, before any other work. */
export function assertSmsAvailable(ctx: AppContext) {
  if (!smsAvailable(ctx)) throw smsUnavailable();
}

/**
 * Sends a message carrying a code just stored, and keeps it in the SMS log (the outbox table),
 * its code masked, as sent, failed or (the demo's outbox) recorded. When the gateway fails, the
 * failure is logged, `withdraw` removes the code — nobody received it, and the resend minute
 * must not keep the person from asking again — and the person is told to try again later.
 */
export async function sendCodeSms(ctx: AppContext, message: SmsMessage, withdraw: () => Promise<unknown>) {
  const sender = senderOf(ctx);
  if (!sender) throw smsUnavailable();
  const { mobile, template, content, code } = message;
  let status = sender.delivers ? 'sent' : 'recorded';
  try {
    await sender.send(message);
  } catch (error) {
    status = 'failed';
    const reason = (error instanceof Error ? error.message : String(error)).replaceAll(code, MASK);
    ctx.log.warn({ provider: sender.name, mobile, template, reason }, 'SMS not sent: the gateway refused it or did not answer');
  }
  await ctx.db.insert(smsOutbox).values({ mobile, template, content: content.replaceAll(code, MASK), status, createdAt: ctx.clock.now() });
  if (status === 'failed') {
    await withdraw();
    throw refusal('sms.send-failed');
  }
  ctx.log.info({ provider: sender.name, mobile, template }, sender.delivers ? 'SMS sent' : 'SMS recorded in the outbox');
}

/**
 * Sends a sign-in code to the number of an enabled account. Any other number gets the same
 * answer after the same hashing work, and nothing is stored or sent for it, so the call tells
 * nobody which numbers have accounts. For the same reason a repeat within a minute is not
 * refused: it is answered alike and sends nothing (the first code is still valid). Only while
 * the gateway fails can the answers differ (the person must learn that no code is coming); the
 * rate limit and the captcha bound what that tells a prober.
 */
export async function sendLoginCode(ctx: AppContext, mobile: string) {
  const now = ctx.clock.now();
  const code = randomDigits(6);
  // A code has only a million values: a fast hash would give it away to anyone reading the
  // table. argon2id makes trying them all take far longer than the code lives.
  const codeHash = await hashPassword(code);
  const account = await findAccount(ctx, { mobile });
  if (!account || account.status !== 0) return;
  // One code a minute per number, however many requests arrive at once, at however many servers:
  // the look and the insert happen under a lock on the number.
  const made = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lightdesk:sms-code:${mobile}`}))`);
    const [recent] = await tx
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, addSeconds(now, -SMS_RESEND_SECONDS))));
    if (recent) return undefined;
    const [row] = await tx
      .insert(smsCodes)
      .values({ mobile, scene: 'login', codeHash, expiresAt: addSeconds(now, SMS_CODE_TTL_SECONDS), createdAt: now })
      .returning({ id: smsCodes.id });
    return row!.id;
  });
  if (made === undefined) return;
  const content = `Lightdesk sign-in code: ${code}. Valid for 5 minutes.`;
  await sendCodeSms(ctx, { mobile, template: 'login-code', content, code }, () => ctx.db.delete(smsCodes).where(eq(smsCodes.id, made)));
}

/** Consumes the newest live code for the number; each try counts, five wrong ones end the code. */
export async function consumeLoginCode(ctx: AppContext, mobile: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, 'login'), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  // The try is counted before the code is checked, in one statement: tries sent together cannot
  // pass the allowance, as each would if they all read the count before any had added to it.
  const [live] = row
    ? await ctx.db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(and(eq(smsCodes.id, row.id), lt(smsCodes.attempts, SMS_CODE_MAX_TRIES)))
        .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash })
    : [];
  // Without a live code the same hashing is done, so the time does not tell whether one exists.
  const right = await verifyPassword(live?.codeHash ?? (await dummyPasswordHash), code);
  if (!live || !right) return false;
  // Two sign-ins racing with the same code: only one marks it used.
  const used = await ctx.db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}

export const smsCodeWrong = () => new AppError(ResultCode.badInput, 'auth.sms-code-wrong', { field: 'code' });
