import {
  AuthOptions,
  Captcha,
  CancellationBody,
  LoginBody,
  LoginResult,
  PasswordUpdateBody,
  PermissionInfo,
  ResultCode,
  SmsLoginBody,
  SmsSendBody,
  SocialLoginBody,
} from '@lightdesk/contract';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { revokeSession } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { defineRoutes } from '../../lib/routes';
import { readSetting } from '../../lib/settings';
import { cancelAccount, changePassword } from './account';
import { checkCaptcha, createCaptcha } from './captcha';
import { menusOf, permissionInfo } from './permission-info';
import { assertMaySignIn, checkPassword, findAccount, openSession, recordLogin, throttleIp, type ClientMeta } from './sign-in';
import { consumeLoginCode, outboxSender, sendLoginCode, smsCodeWrong } from './sms';

const metaOf = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Sign-in providers (OIDC comes later); none is configured yet. */
const socialProviders = new Map<number, never>();

export default defineRoutes((r, ctx) => {
  // Both switches must be on: LIGHTDESK_CAPTCHA (deployment) and the security.captcha.enabled parameter (console).
  const captchaEnabled = async () => ctx.config.captcha && (await readSetting(ctx.db, 'security.captcha.enabled'));

  const requireCaptcha = async (verification: string | undefined, meta: ClientMeta, username: string, kind: 'password' | 'sms') => {
    if (!(await captchaEnabled())) return;
    if (!verification) throw new AppError(ResultCode.badInput, 'auth.captcha-required', { field: 'captchaVerification' });
    if (!(await checkCaptcha(ctx, verification))) {
      await recordLogin(ctx, { kind, result: 'captcha', username }, meta);
      throw new AppError(ResultCode.badInput, 'auth.captcha-wrong', { field: 'captchaVerification' });
    }
  };

  r.get('/open/auth/options', { public: true, response: AuthOptions, summary: 'What the sign-in screen offers' }, async () => ({
    captchaEnabled: await captchaEnabled(),
    smsEnabled: true,
    socialProviders: [...socialProviders.keys()],
  }));

  r.get('/open/captcha', { public: true, response: Captcha, summary: 'A new image challenge (single use, 2 minutes)' }, async () => {
    const { answer: _answer, ...challenge } = await createCaptcha(ctx);
    return challenge;
  });

  r.post(
    '/api/system/auth/login',
    { public: true, body: LoginBody, response: LoginResult, summary: 'Sign in with username and password' },
    async ({ body, req }) => {
      const meta = metaOf(req);
      const log = { kind: 'password' as const, username: body.username };
      await throttleIp(ctx, meta);
      await requireCaptcha(body.captchaVerification, meta, body.username, 'password');
      const account = await checkPassword(ctx, await findAccount(ctx, body), body.password, 'auth.bad-credentials', log, meta);
      await assertMaySignIn(ctx, account, log, meta);
      return openSession(ctx, account, 'password', body.rememberMe ?? false, meta);
    },
  );

  r.post('/open/auth/send-sms-code', { public: true, body: SmsSendBody, summary: 'Send a sign-in code by SMS' }, async ({ body, req }) => {
    const meta = metaOf(req);
    await throttleIp(ctx, meta);
    await requireCaptcha(body.captchaVerification, meta, body.mobile, 'sms');
    await sendLoginCode(ctx, outboxSender, body.mobile);
    return true;
  });

  r.post(
    '/api/system/auth/sms-login',
    { public: true, body: SmsLoginBody, response: LoginResult, summary: 'Sign in with an SMS code' },
    async ({ body, req }) => {
      const meta = metaOf(req);
      const log = { kind: 'sms' as const, username: body.mobile };
      await throttleIp(ctx, meta);
      const account = await findAccount(ctx, { mobile: body.mobile });
      if (!(await consumeLoginCode(ctx, body.mobile, body.code)) || !account) {
        await recordLogin(ctx, { ...log, result: 'sms-code', userId: account?.id, tenantId: account?.tenantId }, meta);
        throw smsCodeWrong();
      }
      await assertMaySignIn(ctx, account, { ...log, username: account.username }, meta);
      return openSession(ctx, account, 'sms', body.rememberMe ?? false, meta);
    },
  );

  r.post('/api/system/auth/social-login', { public: true, body: SocialLoginBody, summary: 'Sign in through a configured provider' }, ({ body }) => {
    if (!socialProviders.has(body.type)) throw new AppError(ResultCode.badInput, 'auth.social-not-configured', { field: 'type' });
    return null;
  });

  r.get(
    '/api/system/auth/get-permission-info',
    { signedIn: true, response: PermissionInfo, summary: 'The signed-in user, roles, permissions, menus' },
    ({ session }) => permissionInfo(ctx, session),
  );

  r.get('/api/system/auth/list-menus', { signedIn: true, summary: 'The menu tree of the signed-in user' }, ({ session }) => menusOf(ctx, session));

  r.post('/open/auth/logout', { public: true, summary: 'End the session this call carries' }, async ({ session, req }) => {
    if (session) {
      await revokeSession(ctx, session.id, 'logout');
      await recordLogin(
        ctx,
        { kind: 'logout', result: 'success', username: session.username, userId: session.userId, tenantId: session.tenantId },
        metaOf(req),
      );
    }
    return true;
  });

  r.post(
    '/api/auth/update/password',
    { public: true, body: PasswordUpdateBody, summary: 'Change a password with the current one' },
    async ({ session, body, req }) => {
      await changePassword(ctx, session, body, metaOf(req));
      return true;
    },
  );

  r.post(
    '/api/system/auth/cancel-account',
    { signedIn: true, body: CancellationBody, response: z.object({ key: z.string() }), summary: 'Request account cancellation' },
    async ({ session, body, req }) => {
      await cancelAccount(ctx, session, body, metaOf(req));
      return { key: 'auth.cancellation-recorded' };
    },
  );
});
