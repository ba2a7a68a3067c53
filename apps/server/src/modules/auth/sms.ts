import { ResultCode } from '@lightdesk/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { smsCodes, smsOutbox } from '../../db/schema';
import { addSeconds } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError, tooMany } from '../../lib/errors';
import { randomDigits, sha256 } from '../../lib/secrets';
import { findAccount } from './sign-in';

export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_SECONDS = 60;

/** Where SMS go. The default only records each message in the outbox table and the log. */
export interface SmsSender {
  send(ctx: AppContext, message: { mobile: string; template: string; content: string }): Promise<void>;
}
export const outboxSender: SmsSender = {
  async send(ctx, message) {
    await ctx.db.insert(smsOutbox).values({ ...message, createdAt: ctx.clock.now() });
    ctx.log.info({ mobile: message.mobile, template: message.template }, 'SMS recorded in the outbox');
  },
};

const hashCode = (mobile: string, code: string) => sha256(`${mobile}:${code}`);

/**
 * Sends a sign-in code. Unknown numbers get the same answer as known ones, so the call
 * cannot be used to find out which numbers have accounts.
 */
export async function sendLoginCode(ctx: AppContext, sender: SmsSender, mobile: string) {
  const now = ctx.clock.now();
  const [recent] = await ctx.db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, addSeconds(now, -SMS_RESEND_SECONDS))));
  if (recent) throw tooMany('auth.sms-too-frequent');
  const code = randomDigits(6);
  await ctx.db
    .insert(smsCodes)
    .values({ mobile, scene: 'login', codeHash: hashCode(mobile, code), expiresAt: addSeconds(now, SMS_CODE_TTL_SECONDS), createdAt: now });
  const account = await findAccount(ctx, { mobile });
  if (account && account.status === 0) {
    await sender.send(ctx, { mobile, template: 'login-code', content: `Lightdesk sign-in code: ${code}. Valid for 5 minutes.` });
  }
}

/** Consumes the newest live code for the number; each wrong try counts, five end the code. */
export async function consumeLoginCode(ctx: AppContext, mobile: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, 'login'), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= SMS_CODE_MAX_TRIES) return false;
  if (row.codeHash !== hashCode(mobile, code)) {
    await ctx.db
      .update(smsCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(smsCodes.id, row.id));
    return false;
  }
  await ctx.db.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, row.id));
  return true;
}

export const smsCodeWrong = () => new AppError(ResultCode.badInput, 'auth.sms-code-wrong', { field: 'code' });
