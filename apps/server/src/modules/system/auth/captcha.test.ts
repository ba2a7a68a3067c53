import { authApi } from '@lightdesk/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { CAPTCHA_TTL_SECONDS, createCaptcha, renderCaptcha } from './captcha';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ LIGHTDESK_CAPTCHA: 'on' });
});
afterAll(() => t.close());

const loginWith = (captchaVerification?: string) => t.login('admin', TEST_PASSWORD, { captchaVerification });

test('the challenge is an image made by the server, and its answer never leaves it', async () => {
  const res = await t.api.send(authApi.captcha);
  expect(res.data.image).toMatch(/^data:image\/png;base64,/);
  expect(res.data.expiresIn).toBe(CAPTCHA_TTL_SECONDS);
  expect(Object.keys(res.data).sort()).toEqual(['captchaId', 'expiresIn', 'image']);
  expect(renderCaptcha('AB23').subarray(1, 4).toString()).toBe('PNG');
});

test('with captcha on, sign-in without one is refused, naming the field', async () => {
  expect(await loginWith()).toMatchObject({ code: 400, key: 'auth.captcha-required', params: { field: 'captchaVerification' } });
  expect((await t.api.send(authApi.options)).data).toMatchObject({ captchaEnabled: true });
});

test('the right answer (in any letter case) lets the sign-in through', async () => {
  const c = await createCaptcha(t.ctx);
  expect((await loginWith(`${c.captchaId}:${c.answer.toLowerCase()}`)).code).toBe(200);
});

test('a wrong answer is refused and uses the challenge up', async () => {
  const c = await createCaptcha(t.ctx);
  expect(await loginWith(`${c.captchaId}:ZZZZ`)).toMatchObject({ code: 400, key: 'auth.captcha-wrong' });
  expect((await loginWith(`${c.captchaId}:${c.answer}`)).key).toBe('auth.captcha-wrong');
});

test('a challenge answers once only', async () => {
  const c = await createCaptcha(t.ctx);
  expect((await loginWith(`${c.captchaId}:${c.answer}`)).code).toBe(200);
  expect((await loginWith(`${c.captchaId}:${c.answer}`)).key).toBe('auth.captcha-wrong');
});

test('sign-ins sent at once with one challenge: it lets one through', async () => {
  const c = await createCaptcha(t.ctx);
  const answers = await Promise.all(Array.from({ length: 8 }, () => loginWith(`${c.captchaId}:${c.answer}`)));
  expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.key === 'auth.captcha-wrong')).toHaveLength(7);
});

test('a challenge expires after two minutes', async () => {
  const c = await createCaptcha(t.ctx);
  t.clock.advance(CAPTCHA_TTL_SECONDS + 1);
  expect((await loginWith(`${c.captchaId}:${c.answer}`)).key).toBe('auth.captcha-wrong');
});

test('garbage in the captcha field is a wrong answer, not an error', async () => {
  for (const v of ['', ':', 'no-separator', 'x'.repeat(100)]) expect((await loginWith(v)).code).toBe(400);
});
