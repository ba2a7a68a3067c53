import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../lib/context';
import { mailOutbox } from './schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Parts only the recipient may read (one-time codes): masked wherever the mail is kept. */
  secrets: string[];
}

const MASK = '******';
const FROM = 'Lightdesk <no-reply@lightdesk.local>';
const transports = new WeakMap<AppContext, Transporter>();

/**
 * Sends an e-mail over SMTP when SMTP_URL is set; otherwise keeps it in the mail outbox (its
 * secrets masked) and the log, so an operator can see what would have gone out.
 */
export async function sendMail(ctx: AppContext, { to, subject, text, secrets }: MailMessage) {
  const url = ctx.config.smtpUrl;
  if (url) {
    let transport = transports.get(ctx);
    if (!transport) transports.set(ctx, (transport = nodemailer.createTransport(url)));
    await transport.sendMail({ from: FROM, to, subject, text });
    return;
  }
  const masked = secrets.reduce((body, secret) => body.replaceAll(secret, MASK), text);
  await ctx.db.insert(mailOutbox).values({ to, subject, text: masked, createdAt: ctx.clock.now() });
  ctx.log.info({ to, subject }, 'Mail recorded in the outbox');
}
