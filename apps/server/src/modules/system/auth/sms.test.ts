import { authApi } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { smsCodes, smsOutbox } from '../schema';
import { captureSms } from '../../../test/sms';
import { testApp, type TestApp } from '../../../test/test-app';
import { MASK, SMS_CODE_MAX_TRIES, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from './sms';

let t: TestApp;
/** What the server handed to its gateway: the only place a code can be read, as a phone would. */
let sms: ReturnType<typeof captureSms>;
beforeAll(async () => {
  t = await testApp();
  sms = captureSms(t);
});
afterAll(() => t.close());

const OPERATOR_MOBILE = '13800000001';
const UNKNOWN_MOBILE = '13999999999';

const send = (mobile: string) => t.api.send(authApi.sendSmsCode, { mobile });
const smsLogin = (mobile: string, code: string) => t.api.send(authApi.smsLogin, { mobile, code });

test('a code reaches the phone, is readable nowhere in the database, and signs the owner in once', async () => {
  expect((await send(` ${OPERATOR_MOBILE} `)).code).toBe(200);
  const code = sms.lastCodeTo(OPERATOR_MOBILE);
  expect(code).toMatch(/^\d{6}$/);
  const [stored] = await t.ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, OPERATOR_MOBILE));
  // argon2id with its own salt: trying all million codes takes far longer than a code lives.
  expect(stored!.codeHash).toMatch(/^\$argon2id\$/);
  const [outbox] = await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, OPERATOR_MOBILE)).orderBy(desc(smsOutbox.id)).limit(1);
  expect(outbox).toMatchObject({ content: `Lightdesk sign-in code: ${MASK}. Valid for 5 minutes.`, template: 'login-code', status: 'sent' });
  expect(JSON.stringify([stored, outbox])).not.toContain(code);

  expect((await smsLogin(` ${OPERATOR_MOBILE} `, code!)).code).toBe(200);
  expect((await smsLogin(OPERATOR_MOBILE, code!)).key).toBe('auth.sms-code-wrong');
});

test('a number without an account gets the same answer, and nothing is stored or sent', async () => {
  const known = await send(OPERATOR_MOBILE);
  const unknown = await send(UNKNOWN_MOBILE);
  expect(unknown).toEqual(known);
  expect(await t.ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, UNKNOWN_MOBILE))).toEqual([]);
  expect(await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, UNKNOWN_MOBILE))).toEqual([]);
  expect(sms.delivered.filter((m) => m.mobile === UNKNOWN_MOBILE)).toEqual([]);
});

test('a second request within a minute is answered alike but sends nothing; the first code still works', async () => {
  t.clock.advance(SMS_RESEND_SECONDS + 1);
  expect((await send(OPERATOR_MOBILE)).code).toBe(200);
  const first = sms.lastCodeTo(OPERATOR_MOBILE)!;
  const sentBefore = sms.delivered.length;
  expect(await send(OPERATOR_MOBILE)).toEqual(await send(UNKNOWN_MOBILE));
  expect(sms.delivered).toHaveLength(sentBefore);
  expect((await smsLogin(OPERATOR_MOBILE, first)).code).toBe(200);
});

test(`${SMS_CODE_MAX_TRIES} wrong tries end a code`, async () => {
  t.clock.advance(SMS_RESEND_SECONDS + 1);
  await send(OPERATOR_MOBILE);
  const code = sms.lastCodeTo(OPERATOR_MOBILE)!;
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) expect((await smsLogin(OPERATOR_MOBILE, wrong)).code).toBe(400);
  expect(await smsLogin(OPERATOR_MOBILE, code)).toMatchObject({ code: 400, key: 'auth.sms-code-wrong' });
});

test(`${SMS_CODE_MAX_TRIES} wrong tries end a code, even when more are sent at once`, async () => {
  t.clock.advance(SMS_RESEND_SECONDS + 1);
  await send(OPERATOR_MOBILE);
  const code = sms.lastCodeTo(OPERATOR_MOBILE)!;
  const wrong = code === '000000' ? '111111' : '000000';
  const answers = await Promise.all(Array.from({ length: 2 * SMS_CODE_MAX_TRIES }, () => smsLogin(OPERATOR_MOBILE, wrong)));
  expect(answers.map((a) => a.key)).toEqual(answers.map(() => 'auth.sms-code-wrong'));
  expect(await smsLogin(OPERATOR_MOBILE, code)).toMatchObject({ code: 400, key: 'auth.sms-code-wrong' });
});

test('a code is valid for five minutes', async () => {
  t.clock.advance(SMS_RESEND_SECONDS + 1);
  await send(OPERATOR_MOBILE);
  const code = sms.lastCodeTo(OPERATOR_MOBILE)!;
  t.clock.advance(SMS_CODE_TTL_SECONDS + 1);
  expect((await smsLogin(OPERATOR_MOBILE, code)).key).toBe('auth.sms-code-wrong');
});

test('bad numbers and codes are refused by field', async () => {
  expect(await send('12ab')).toMatchObject({ code: 400, params: { field: 'mobile' } });
  expect(await smsLogin(OPERATOR_MOBILE, '12345')).toMatchObject({ code: 400, params: { field: 'code' } });
});
