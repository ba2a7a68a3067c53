import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { smsCodes, smsOutbox } from '../../db/schema';
import { testApp, type TestApp } from '../../test/test-app';
import { SMS_CODE_MAX_TRIES, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from './sms';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const OPERATOR_MOBILE = '13800000001';

/** The code as the default sender recorded it in the outbox. */
async function lastCodeSentTo(mobile: string) {
  const [row] = await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(1);
  return row?.content.match(/\b(\d{6})\b/)?.[1];
}
const send = (mobile: string) => t.api.post('/open/auth/send-sms-code', { mobile });
const smsLogin = (mobile: string, code: string) => t.api.post<{ accessToken: string }>('/api/system/auth/sms-login', { mobile, code });

test('a code goes to the outbox, is kept only hashed, and signs the owner in once', async () => {
  expect((await send(` ${OPERATOR_MOBILE} `)).code).toBe(200);
  const code = await lastCodeSentTo(OPERATOR_MOBILE);
  expect(code).toMatch(/^\d{6}$/);
  const stored = await t.ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, OPERATOR_MOBILE));
  expect(stored.every((r) => !r.codeHash.includes(code!))).toBe(true);
  const res = await smsLogin(` ${OPERATOR_MOBILE} `, code!);
  expect(res.code).toBe(200);
  expect((await smsLogin(OPERATOR_MOBILE, code!)).key).toBe('auth.sms-code-wrong');
});

test('a second code within a minute is refused', async () => {
  t.clock.advance(SMS_RESEND_SECONDS + 1);
  expect((await send(OPERATOR_MOBILE)).code).toBe(200);
  expect(await send(OPERATOR_MOBILE)).toMatchObject({ code: 429, key: 'auth.sms-too-frequent' });
});

test(`${SMS_CODE_MAX_TRIES} wrong tries end a code`, async () => {
  t.clock.advance(SMS_RESEND_SECONDS + 1);
  await send(OPERATOR_MOBILE);
  const code = (await lastCodeSentTo(OPERATOR_MOBILE))!;
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) expect((await smsLogin(OPERATOR_MOBILE, wrong)).code).toBe(400);
  expect(await smsLogin(OPERATOR_MOBILE, code)).toMatchObject({ code: 400, key: 'auth.sms-code-wrong' });
});

test('a code is valid for five minutes', async () => {
  t.clock.advance(SMS_RESEND_SECONDS + 1);
  await send(OPERATOR_MOBILE);
  const code = (await lastCodeSentTo(OPERATOR_MOBILE))!;
  t.clock.advance(SMS_CODE_TTL_SECONDS + 1);
  expect((await smsLogin(OPERATOR_MOBILE, code)).key).toBe('auth.sms-code-wrong');
});

test('a number without an account gets the same answer, and nothing is sent', async () => {
  const before = await t.ctx.db.select().from(smsOutbox);
  expect((await send('13999999999')).code).toBe(200);
  expect(await t.ctx.db.select().from(smsOutbox)).toHaveLength(before.length);
});

test('bad numbers and codes are refused by field', async () => {
  expect(await send('12ab')).toMatchObject({ code: 400, params: { field: 'mobile' } });
  expect(await smsLogin(OPERATOR_MOBILE, '12345')).toMatchObject({ code: 400, params: { field: 'code' } });
});
