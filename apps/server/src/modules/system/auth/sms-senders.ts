import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../../config';

export interface SmsMessage {
  mobile: string;
  /** What the message is for (`login-code`, `app-register-code`): the SMS log's template, a webhook's purpose. */
  template: string;
  /** The text as its recipient reads it. */
  content: string;
  /** The one-time code inside the text: only the recipient may read it, so it is never stored or logged. */
  code: string;
}

/** Where SMS go: one gateway, chosen by LIGHTDESK_SMS_PROVIDER (docs/operations.md, "Sending SMS"). */
export interface SmsSender {
  /** Named in the server's log when the gateway fails. */
  readonly name: string;
  /** False for the demo's outbox, which delivers nothing: its messages are logged as "recorded", not "sent". */
  readonly delivers: boolean;
  /** Resolves once the gateway has taken the message; rejects with its reason, worded for the log, otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** How long a gateway may take to answer: the person is waiting on the sign-in screen. */
export const SMS_TIMEOUT_MS = 10_000;

/** A gateway that refused the message or did not answer; the message says which, for the log. */
export class SmsGatewayError extends Error {}

/** The configured gateway. */
export function smsSender(config: SmsConfig, timeoutMs = SMS_TIMEOUT_MS): SmsSender {
  switch (config.provider) {
    case 'outbox':
      return { name: 'outbox', delivers: false, send: () => Promise.resolve() };
    case 'twilio':
      return twilioSender(config, timeoutMs);
    case 'aliyun':
      return aliyunSender(config, timeoutMs);
    case 'webhook':
      return webhookSender(config, timeoutMs);
  }
}

/** Twilio's Messages API: a form POST under HTTP Basic authentication with the account SID and auth token. */
function twilioSender(config: Extract<SmsConfig, { provider: 'twilio' }>, timeoutMs: number): SmsSender {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${config.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    delivers: true,
    async send({ mobile, content }) {
      const form = new URLSearchParams({ To: mobile, Body: content });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      if (config.from) form.set('From', config.from);
      const res = await post(
        url,
        { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        form.toString(),
        timeoutMs,
      );
      // 201 with the message queued; an error is JSON with Twilio's error code and message.
      if (res.ok) return void (await res.body?.cancel());
      const { code, message } = await fieldsOf(res);
      throw new SmsGatewayError(`HTTP ${res.status}${code ? `, error ${code}: ${message ?? ''}` : ''}`);
    },
  };
}

/**
 * Alibaba Cloud SMS (Dysmsapi `SendSms`), called RPC style: the parameters as a form, signed
 * with signature version 1.0. The text is the approved template's, which gets the code as its
 * `code` variable; the SMS log still shows our own wording of the message.
 */
function aliyunSender(config: Extract<SmsConfig, { provider: 'aliyun' }>, timeoutMs: number): SmsSender {
  return {
    name: 'aliyun',
    delivers: true,
    async send({ mobile, code }) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        // Numbers go without the leading "+": mainland ones as they are, others with their country code.
        PhoneNumbers: mobile.replace(/^\+/, ''),
        RegionId: config.region,
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        // The gateway's own clock judges it, so the real time, whatever clock the server is run by.
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Version: '2017-05-25',
      };
      const signature = aliyunSignature('POST', params, config.accessKeySecret);
      const body = `${aliyunQuery(params)}&Signature=${aliyunEncode(signature)}`;
      const res = await post(`${config.endpoint}/`, { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body, timeoutMs);
      // Refusals (no balance, a template not approved, too many to one number) come as a Code other than "OK", often with HTTP 200.
      const { Code, Message } = await fieldsOf(res);
      if (Code === 'OK') return;
      throw new SmsGatewayError(`HTTP ${res.status}${Code ? `, ${Code}: ${Message ?? ''}` : ''}`);
    },
  };
}

/** Alibaba Cloud's percent-encoding: RFC 3986 unreserved characters stay, everything else is %XX of its UTF-8 bytes. */
const aliyunEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The parameters sorted by name and encoded: the canonicalised query string. */
const aliyunQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((name) => `${aliyunEncode(name)}=${aliyunEncode(params[name]!)}`)
    .join('&');

/** Signature version 1.0 of Alibaba Cloud's RPC APIs: Base64 of HMAC-SHA1, keyed by the secret and "&", of `METHOD&%2F&<encoded query>`. */
export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(aliyunQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/**
 * A JSON POST to the operator's own service, which sends the SMS its way. It is signed so the
 * receiver knows the server sent it, and timestamped so a captured request cannot be replayed
 * later (docs/operations.md shows how to check both).
 */
function webhookSender(config: Extract<SmsConfig, { provider: 'webhook' }>, timeoutMs: number): SmsSender {
  return {
    name: 'webhook',
    delivers: true,
    async send({ mobile, template, content, code }) {
      const body = JSON.stringify({ to: mobile, text: content, code, purpose: template });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headers = {
        'content-type': 'application/json',
        'x-lightdesk-timestamp': timestamp,
        'x-lightdesk-signature': webhookSignature(config.secret, timestamp, body),
      };
      const res = await post(config.url, headers, body, timeoutMs);
      // Only the status: the receiver's answer might repeat the code.
      await res.body?.cancel();
      if (!res.ok) throw new SmsGatewayError(`HTTP ${res.status}`);
    },
  };
}

/** The hex HMAC-SHA256, under the webhook secret, of the timestamp, a line break and the body as sent. */
const webhookSignature = (secret: string, timestamp: string, body: string) => createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex');

async function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Response> {
  try {
    // No redirects: the code and the credentials go to the configured address only.
    return await fetch(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw new SmsGatewayError(`no answer within ${timeoutMs} ms`);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new SmsGatewayError(`cannot be reached: ${cause}`);
  }
}

/** The text and number fields of a JSON answer, as text; none when it is not JSON (a proxy's error page, say). */
async function fieldsOf(res: Response): Promise<Record<string, string>> {
  let answer: unknown;
  try {
    answer = await res.json();
  } catch {
    return {};
  }
  if (typeof answer !== 'object' || answer === null) return {};
  const fields = Object.entries(answer).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1]));
  return Object.fromEntries(fields.map(([name, value]) => [name, String(value)]));
}
