import { ResultCode } from '@lightdesk/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { smsCodes, smsOutbox } from '../schema';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { dummyPasswordHash, hashPassword, randomDigits, verifyPassword } from '../../../lib/secrets';
import { findAccount } from './sign-in';

export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_SECONDS = 60;

export interface SmsMessage {
  mobile: string;
  template: string;
  /** The text as its recipient reads it. */
  content: string;
  /** Parts of the text only the recipient may read (one-time codes): never stored. */
  secrets: string[];
}

/** Where SMS go. A gateway's sender delivers `content`; nothing may keep the secrets. */
export interface SmsSender {
  send(ctx: AppContext, message: SmsMessage): Promise<void>;
}

export const MASK = '******';

/** The default: records each message in the outbox table and the log, its secrets masked. */
export const outboxSender: SmsSender = {
  async send(ctx, { mobile, template, content, secrets }) {
    const masked = secrets.reduce((text, secret) => text.replaceAll(secret, MASK), content);
    await ctx.db.insert(smsOutbox).values({ mobile, template, content: masked, createdAt: ctx.clock.now() });
    ctx.log.info({ mobile, template }, 'SMS recorded in the outbox');
  },
};

const senders = new WeakMap<AppContext, SmsSender>();

/** Sends this server's SMS through another sender: an SMS gateway, or a test that reads the codes. */
export function useSmsSender(ctx: AppContext, sender: SmsSender) {
  senders.set(ctx, sender);
}

/** Sends one SMS through this server's sender (the outbox unless another was set). */
export const sendSms = (ctx: AppContext, message: SmsMessage) => (senders.get(ctx) ?? outboxSender).send(ctx, message);

/**
 * Sends a sign-in code to the number of an enabled account. Any other number gets the same
 * answer after the same hashing work, and nothing is stored or sent for it, so the call tells
 * nobody which numbers have accounts. For the same reason a repeat within a minute is not
 * refused: it is answered alike and sends nothing (the first code is still valid).
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
    if (recent) return false;
    await tx.insert(smsCodes).values({ mobile, scene: 'login', codeHash, expiresAt: addSeconds(now, SMS_CODE_TTL_SECONDS), createdAt: now });
    return true;
  });
  if (made) await sendSms(ctx, { mobile, template: 'login-code', content: `Lightdesk sign-in code: ${code}. Valid for 5 minutes.`, secrets: [code] });
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
