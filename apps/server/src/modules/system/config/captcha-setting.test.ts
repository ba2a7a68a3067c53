import type { AuthOptions, ConfigEntry, Page } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { configs } from '../schema';
import { captureSms } from '../../../test/sms';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

// The captcha is asked only when both switches are on: LIGHTDESK_CAPTCHA and security.captcha.enabled.
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ LIGHTDESK_CAPTCHA: 'on' });
  // A server that sends SMS, so that asking for a sign-in code is offered at all.
  captureSms(t);
});
afterAll(() => t.close());

const options = async () => (await t.api.get<AuthOptions>('/open/auth/options')).data;
const setCaptcha = (value: 'true' | 'false') => t.ctx.db.update(configs).set({ value }).where(eq(configs.key, 'security.captcha.enabled'));

test('with both on, sign-in without a captcha is refused', async () => {
  expect((await options()).captchaEnabled).toBe(true);
  expect(await t.login('admin')).toMatchObject({ code: 400, key: 'auth.captcha-required' });
});

test('with the parameter off, the sign-in screen offers no captcha and sign-in works without one', async () => {
  await setCaptcha('false');
  expect((await options()).captchaEnabled).toBe(false);
  expect((await t.login('admin', TEST_PASSWORD)).code).toBe(200);
  expect((await t.api.post('/open/auth/send-sms-code', { mobile: '13800000001' })).code).toBe(200);
});

test('turning the parameter back on in the console asks for the captcha again at once', async () => {
  await setCaptcha('false');
  const admin = await t.signIn('admin');
  const [entry] = (await admin.get<Page<ConfigEntry>>('/api/system/config/page', { key: 'security.captcha.enabled' })).data.list;
  const { createdAt: _c, builtIn: _b, ...editable } = entry!;
  expect((await admin.put('/api/system/config/update', { ...editable, value: 'true' })).code).toBe(200);
  expect((await options()).captchaEnabled).toBe(true);
  expect(await t.login('admin')).toMatchObject({ code: 400, key: 'auth.captcha-required' });
});
