import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { appAccountApi, authApi, ResultCode } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { smsCodes, smsOutbox, users } from '../schema';
import { testApp, type TestApp } from '../../../test/test-app';
import { MASK } from './sms';
import { aliyunSignature, SmsGatewayError, smsSender } from './sms-senders';

/** A request as the gateway on this machine received it, body as sent. */
interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** How the gateway answers: a status and JSON, or not at all. */
type Reply = { status: number; json: unknown } | 'silence';

/**
 * An SMS gateway on this machine: records each request and answers as the test says. A check
 * that fails while answering is kept in `problems` (and answered 500), for the test to report.
 */
async function startGateway() {
  const received: Received[] = [];
  const problems: unknown[] = [];
  let reply: (request: Received) => Reply = () => ({ status: 404, json: {} });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      let answer: Reply;
      try {
        answer = reply(request);
      } catch (error) {
        problems.push(error);
        answer = { status: 500, json: {} };
      }
      if (answer !== 'silence') res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    problems,
    answer(how: (request: Received) => Reply) {
      reply = how;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Gateway = Awaited<ReturnType<typeof startGateway>>;

const SIX_DIGITS = /\b(\d{6})\b/;
/** Any text matching the pattern, where an exact value cannot be known. */
const textLike = (pattern: RegExp) => expect.stringMatching(pattern) as string;
const FIVE_MINUTES = 5 * 60;

/**
 * Each gateway checks a request as its provider documents it, and answers as the provider does:
 * accepted, with what the phone receives, or refused with the provider's kind of error.
 */
interface Provider {
  name: string;
  env: (gatewayUrl: string) => Record<string, string>;
  /** Staff members' numbers, one a test, as entered in the console. */
  numbers: [string, string];
  /** A number as the provider is handed it. */
  handed: (mobile: string) => string;
  check: (request: Received) => { delivered: { to: string; code: string } } | { refused: Reply };
  /** The provider refusing a message it could read (no balance, a number it cannot reach). */
  refusal: Reply;
}

const TWILIO = { sid: `AC${'0123456789abcdef'.repeat(2)}`, token: 'a-twilio-auth-token', from: '+15005550006' };
const ALIYUN = { keyId: 'LTAI-test-key', secret: 'an-aliyun-access-key-secret', signName: 'Lightdesk', template: 'SMS_123456789' };
const WEBHOOK_SECRET = 'a-webhook-secret-of-at-least-32-characters';

const providers: Provider[] = [
  {
    name: 'twilio',
    env: (url) => ({
      LIGHTDESK_SMS_PROVIDER: 'twilio',
      LIGHTDESK_SMS_TWILIO_ACCOUNT_SID: TWILIO.sid,
      LIGHTDESK_SMS_TWILIO_AUTH_TOKEN: TWILIO.token,
      LIGHTDESK_SMS_TWILIO_FROM: TWILIO.from,
      LIGHTDESK_SMS_TWILIO_BASE_URL: url,
    }),
    numbers: ['+8613800000011', '+8613800000021'],
    handed: (mobile) => mobile,
    // POST /2010-04-01/Accounts/{AccountSid}/Messages.json, a form of To, From and Body, HTTP Basic with AccountSid:AuthToken.
    check({ method, path, headers, body }) {
      const basic = `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString('base64')}`;
      if (headers.authorization !== basic) return { refused: { status: 401, json: { code: 20003, message: 'Authenticate', status: 401 } } };
      if (method !== 'POST' || path !== `/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`)
        return { refused: { status: 404, json: { code: 20404, status: 404 } } };
      expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(body);
      expect([...form.keys()].sort()).toEqual(['Body', 'From', 'To']);
      expect(form.get('From')).toBe(TWILIO.from);
      const text = form.get('Body')!;
      expect(text).toMatch(/^Lightdesk sign-in code: \d{6}\. Valid for 5 minutes\.$/);
      return { delivered: { to: form.get('To')!, code: text.match(SIX_DIGITS)![1]! } };
    },
    refusal: {
      status: 400,
      json: { code: 21211, message: "The 'To' number is not a valid phone number.", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 },
    },
  },
  {
    name: 'aliyun',
    env: (url) => ({
      LIGHTDESK_SMS_PROVIDER: 'aliyun',
      LIGHTDESK_SMS_ALIYUN_ACCESS_KEY_ID: ALIYUN.keyId,
      LIGHTDESK_SMS_ALIYUN_ACCESS_KEY_SECRET: ALIYUN.secret,
      LIGHTDESK_SMS_ALIYUN_SIGN_NAME: ALIYUN.signName,
      LIGHTDESK_SMS_ALIYUN_TEMPLATE_CODE: ALIYUN.template,
      LIGHTDESK_SMS_ALIYUN_ENDPOINT: url,
    }),
    numbers: ['+8613800000012', '13800000022'],
    // Without the "+": mainland numbers as they are, others with their country code.
    handed: (mobile) => mobile.replace(/^\+/, ''),
    // Dysmsapi SendSms, RPC style: the form's parameters, signed (signature version 1.0) with the AccessKey secret.
    check({ method, path, headers, body }) {
      expect([method, path, headers['content-type']]).toEqual(['POST', '/', 'application/x-www-form-urlencoded']);
      const { Signature, ...signed } = Object.fromEntries(new URLSearchParams(body));
      if (signed.AccessKeyId !== ALIYUN.keyId) return { refused: { status: 404, json: { Code: 'InvalidAccessKeyId.NotFound' } } };
      if (Signature !== aliyunSignature(method, signed, ALIYUN.secret)) return { refused: { status: 400, json: { Code: 'SignatureDoesNotMatch' } } };
      expect(signed).toEqual({
        AccessKeyId: ALIYUN.keyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: textLike(/^\d+$/),
        RegionId: 'cn-hangzhou',
        SignName: ALIYUN.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: textLike(/^[0-9a-f-]{36}$/),
        SignatureVersion: '1.0',
        Timestamp: textLike(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        TemplateCode: ALIYUN.template,
        TemplateParam: textLike(/^\{"code":"\d{6}"\}$/),
        Version: '2017-05-25',
      });
      // The gateway refuses a request whose time is off by more than 15 minutes.
      expect(Math.abs(Date.parse(signed.Timestamp!) - Date.now())).toBeLessThan(15 * 60_000);
      const { code } = JSON.parse(signed.TemplateParam!) as { code: string };
      return { delivered: { to: signed.PhoneNumbers!, code } };
    },
    // Refusals of the message itself come with HTTP 200 and a Code other than "OK".
    refusal: {
      status: 200,
      json: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'Too many messages to this number', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' },
    },
  },
  {
    name: 'webhook',
    env: (url) => ({ LIGHTDESK_SMS_PROVIDER: 'webhook', LIGHTDESK_SMS_WEBHOOK_URL: `${url}/send-sms`, LIGHTDESK_SMS_WEBHOOK_SECRET: WEBHOOK_SECRET }),
    numbers: ['+31612345678', '+31612345679'],
    handed: (mobile) => mobile,
    // What docs/operations.md tells a receiver to check: the signature over timestamp and body, and the time.
    check({ method, path, headers, body }) {
      expect([method, path, headers['content-type']]).toEqual(['POST', '/send-sms', 'application/json']);
      const timestamp = String(headers['x-lightdesk-timestamp']);
      const expected = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}\n${body}`).digest();
      const given = Buffer.from(String(headers['x-lightdesk-signature']), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: { status: 401, json: {} } };
      if (Math.abs(Number(timestamp) - Date.now() / 1000) > FIVE_MINUTES) return { refused: { status: 401, json: {} } };
      const message = JSON.parse(body) as { to: string; text: string; code: string; purpose: string };
      expect(message).toEqual({
        to: textLike(/^\+\d+$/),
        text: `Lightdesk sign-in code: ${message.code}. Valid for 5 minutes.`,
        code: textLike(/^\d{6}$/),
        purpose: 'login-code',
      });
      return { delivered: { to: message.to, code: message.code } };
    },
    refusal: { status: 502, json: { error: 'upstream down' } },
  },
];

let t: TestApp;
let gateway: Gateway;
beforeAll(async () => {
  [t, gateway] = await Promise.all([testApp(), startGateway()]);
});
afterAll(async () => {
  await Promise.all([t.close(), gateway.close()]);
});

/** The demo operator's sign-in number, for one test's own. */
const operatorNumber = (mobile: string) => t.ctx.db.update(users).set({ mobile }).where(eq(users.username, 'operator'));
const outboxOf = (mobile: string) => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id));

describe('without an SMS gateway', () => {
  test('the sign-in screen offers no SMS, and the SMS calls are refused before anything is stored or sent', async () => {
    const mobile = '13800000010';
    await operatorNumber(mobile);
    expect((await t.api.send(authApi.options)).data.smsEnabled).toBe(false);
    const refused = { code: ResultCode.refusal, key: 'sms.unavailable' };
    expect(await t.api.send(authApi.sendSmsCode, { mobile })).toMatchObject(refused);
    expect(await t.api.send(authApi.smsLogin, { mobile, code: '123456' })).toMatchObject(refused);
    // Registering in the app with a phone number needs an SMS as well.
    expect(await t.api.send(appAccountApi.sendCode, { mobile: '+4915100000099' })).toMatchObject(refused);
    expect(await t.ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).toEqual([]);
    expect(await outboxOf(mobile)).toEqual([]);
    expect(gateway.received).toEqual([]);
  });

  test('the demo offers SMS sign-in and keeps its messages in the SMS log, recorded, codes masked, delivered nowhere', async () => {
    const demo = await t.sibling({ LIGHTDESK_DEMO: '1' });
    try {
      const mobile = '13800000019';
      await operatorNumber(mobile);
      expect((await demo.api.send(authApi.options)).data.smsEnabled).toBe(true);
      expect((await demo.api.send(authApi.sendSmsCode, { mobile })).code).toBe(200);
      expect(await outboxOf(mobile)).toMatchObject([{ status: 'recorded', content: `Lightdesk sign-in code: ${MASK}. Valid for 5 minutes.` }]);
      expect(gateway.received).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});

describe.each(providers)('through $name', (provider) => {
  let server: TestApp;
  const logged: string[] = [];
  /** Codes the phone received, newest last. */
  const phone: { to: string; code: string }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    server = await t.sibling(provider.env(gateway.url), { logger: { level: 'warn', stream } });
  });
  afterAll(() => server.close());

  /** The provider checks each request as it documents them, and accepts it, or refuses it after all. */
  const answerAsDocumented = (accept: boolean) =>
    gateway.answer((request) => {
      const checked = provider.check(request);
      if ('refused' in checked) return checked.refused;
      phone.push(checked.delivered);
      if (!accept) return provider.refusal;
      return provider.name === 'aliyun' ? { status: 200, json: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' } } : { status: 201, json: {} };
    });

  test('the sign-in screen offers SMS; the code reaches the phone in the request the provider documents, and signs the owner in', async () => {
    answerAsDocumented(true);
    const mobile = provider.numbers[0];
    await operatorNumber(mobile);
    expect((await server.api.send(authApi.options)).data.smsEnabled).toBe(true);

    expect(await server.api.send(authApi.sendSmsCode, { mobile })).toMatchObject({ code: 200 });
    expect(gateway.problems).toEqual([]);
    expect(phone).toHaveLength(1);
    const { to, code } = phone[0]!;
    expect(to).toBe(provider.handed(mobile));
    expect(await outboxOf(mobile)).toMatchObject([
      { status: 'sent', template: 'login-code', content: `Lightdesk sign-in code: ${MASK}. Valid for 5 minutes.` },
    ]);
    expect((await server.api.send(authApi.smsLogin, { mobile, code })).code).toBe(200);
  });

  test('a refusal of the provider: the person is told, the SMS log says failed, the code is withdrawn, and asking again works at once', async () => {
    const mobile = provider.numbers[1];
    await operatorNumber(mobile);
    answerAsDocumented(false);

    expect(await server.api.send(authApi.sendSmsCode, { mobile })).toMatchObject({ code: ResultCode.refusal, key: 'sms.send-failed' });
    expect(gateway.problems).toEqual([]);
    const refusedCode = phone.at(-1)!.code;
    expect(await outboxOf(mobile)).toMatchObject([{ status: 'failed', content: `Lightdesk sign-in code: ${MASK}. Valid for 5 minutes.` }]);
    expect(await t.ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).toEqual([]);
    expect(logged.find((line) => line.includes('SMS not sent'))).toContain(`"provider":"${provider.name}"`);
    expect(logged.join('')).not.toContain(refusedCode);
    expect((await server.api.send(authApi.smsLogin, { mobile, code: refusedCode })).key).toBe('auth.sms-code-wrong');

    // Within the resend minute: nothing was delivered, so nothing holds the person back.
    answerAsDocumented(true);
    expect(await server.api.send(authApi.sendSmsCode, { mobile })).toMatchObject({ code: 200 });
    expect((await server.api.send(authApi.smsLogin, { mobile, code: phone.at(-1)!.code })).code).toBe(200);
  });
});

test('a gateway that does not answer in time fails the message instead of holding the sign-in', async () => {
  gateway.answer(() => 'silence');
  const sender = smsSender({ provider: 'webhook', url: `${gateway.url}/send-sms`, secret: WEBHOOK_SECRET }, 200);
  const message = { mobile: '+31612345678', template: 'login-code', content: 'Lightdesk sign-in code: 123456.', code: '123456' };
  await expect(sender.send(message)).rejects.toThrow(new SmsGatewayError('no answer within 200 ms'));
});

test("Alibaba Cloud's signature is the one its SMS documentation computes for its example request", () => {
  const example = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };
  expect(aliyunSignature('GET', example, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
});
