import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../lib/context';
import { mailOutbox } from './schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same content as a page, for mail programs that show one; the text stays for those that do not. */
  html?: string;
  /** Parts only the recipient may read (one-time codes): masked wherever the mail is kept. */
  secrets: string[];
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The mail's Message-ID (`<…@…>`) when a resend of the same mail should read as the same
   * message: mail systems that drop duplicates by it then show it once.
   */
  messageId?: string;
}

const MASK = '******';
const FROM = 'Lightdesk <no-reply@lightdesk.local>';
const transports = new WeakMap<AppContext, Transporter>();

/**
 * Sends an e-mail over SMTP when SMTP_URL is set; otherwise keeps it in the mail outbox (its
 * secrets masked) and the log, so an operator can see what would have gone out.
 */
export async function sendMail(ctx: AppContext, { to, subject, text, html, secrets, attachments = [], messageId }: MailMessage) {
  const url = ctx.config.smtpUrl;
  if (url) {
    let transport = transports.get(ctx);
    if (!transport) transports.set(ctx, (transport = nodemailer.createTransport(url)));
    await transport.sendMail({ from: FROM, to, subject, text, html, attachments, messageId });
    return;
  }
  const masked = secrets.reduce((body, secret) => body.replaceAll(secret, MASK), text);
  const names = attachments.map((a) => a.filename);
  await ctx.db.insert(mailOutbox).values({ to, subject, text: masked, attachments: names, createdAt: ctx.clock.now() });
  ctx.log.info({ to, subject, attachments: names }, 'Mail recorded in the outbox');
}
