import { authApi, ResultCode, SocialProviderId, Text } from '@lightdesk/contract';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../../lib/callers';
import { revokeToken } from './staff-sessions';
import { AppError } from '../../../lib/errors';
import { defineRoutes, SENT } from '../../../lib/routes';
import { readSetting } from '../config/settings';
import { cancelAccount, changePassword } from './account';
import { captchaRequired, checkCaptcha, createCaptcha } from './captcha';
import { menusOf, permissionInfo } from './permission-info';
import { metaOf, recordFailure, recordLogin, throttleAddress, throttleGuessing, type ClientMeta } from './password-guessing';
import { assertMaySignIn, checkPassword, findAccount, openSession } from './sign-in';
import { assertSmsAvailable, consumeLoginCode, sendLoginCode, smsAvailable, smsCodeWrong } from './sms';
import { readBrowserKey, socialSignIn } from './social';

const browserKeyOf = (req: FastifyRequest) => readBrowserKey(req.headers.cookie);

/** The provider's callback carries whatever the provider sends; the state is all it needs named. */
const CallbackQuery = z.looseObject({ state: Text(2000).min(1) });

export default defineRoutes((r, ctx) => {
  const social = socialSignIn(ctx);
  // Both switches must be on: LIGHTDESK_CAPTCHA (deployment) and the security.captcha.enabled parameter (console).
  const captchaEnabled = async () => ctx.config.captcha && (await readSetting(ctx.db, 'security.captcha.enabled'));

  // `demanded`: asked even with the captcha switched off, after repeated failures. True when one was solved.
  const requireCaptcha = async (verification: string | undefined, meta: ClientMeta, username: string, kind: 'password' | 'sms', demanded = false) => {
    if (!demanded && !(await captchaEnabled())) return false;
    if (!verification) throw captchaRequired();
    if (!(await checkCaptcha(ctx, verification))) {
      await recordFailure(ctx, { kind, result: 'captcha', username }, meta);
      throw new AppError(ResultCode.badInput, 'auth.captcha-wrong', { field: 'captchaVerification' });
    }
    return true;
  };

  r.endpoint(authApi.options, async () => ({
    captchaEnabled: await captchaEnabled(),
    smsEnabled: smsAvailable(ctx),
    socialProviders: social.providers(),
  }));

  r.endpoint(authApi.captcha, async () => {
    const { answer: _answer, ...challenge } = await createCaptcha(ctx);
    return challenge;
  });

  r.endpoint(authApi.login, async ({ body, req }) => {
    const meta = metaOf(req);
    const log = { kind: 'password' as const, username: body.username };
    await throttleAddress(ctx, meta);
    const { captchaDemanded } = await throttleGuessing(ctx, body.username, log, meta);
    const captchaSolved = await requireCaptcha(body.captchaVerification, meta, body.username, 'password', captchaDemanded);
    const account = await checkPassword(ctx, await findAccount(ctx, body), body.password, 'auth.bad-credentials', log, meta, captchaSolved);
    await assertMaySignIn(ctx, account, log, meta);
    return openSession(ctx, account, 'password', body.rememberMe ?? false, meta);
  });

  r.endpoint(authApi.sendSmsCode, async ({ body, req }) => {
    assertSmsAvailable(ctx);
    const meta = metaOf(req);
    await throttleAddress(ctx, meta);
    await requireCaptcha(body.captchaVerification, meta, body.mobile, 'sms');
    await sendLoginCode(ctx, body.mobile);
    return true;
  });

  r.endpoint(authApi.smsLogin, async ({ body, req }) => {
    assertSmsAvailable(ctx);
    const meta = metaOf(req);
    const log = { kind: 'sms' as const, username: body.mobile };
    await throttleAddress(ctx, meta);
    const account = await findAccount(ctx, { mobile: body.mobile });
    if (!(await consumeLoginCode(ctx, body.mobile, body.code)) || !account) {
      await recordFailure(ctx, { ...log, result: 'sms-code', userId: account?.id, tenantId: account?.tenantId }, meta);
      throw smsCodeWrong();
    }
    await assertMaySignIn(ctx, account, { ...log, username: account.username }, meta);
    return openSession(ctx, account, 'sms', body.rememberMe ?? false, meta);
  });

  // Social sign-in: the web asks where to send the browser, the provider sends it back to the
  // callback, the callback sends it on to the sign-in screen with a ticket, the web trades the
  // ticket for the session (docs/api.md, "Sign-in through an OpenID provider").
  r.endpoint(authApi.socialAuthorize, async ({ body, req, reply }) => {
    await throttleAddress(ctx, metaOf(req));
    const cookie = social.browserCookie(browserKeyOf(req));
    const url = await social.start({ provider: body.provider, purpose: 'sign-in', redirect: body.redirect, rememberMe: body.rememberMe }, cookie.key);
    void reply.header('set-cookie', cookie.header);
    return { url };
  });

  // A browser redirect rather than an operation of the API: the provider calls it, with
  // whatever query it sends, and the answer is a redirect, so the contract does not declare it.
  r.get(
    '/open/auth/oidc/:provider/callback',
    { public: true, query: CallbackQuery, params: z.object({ provider: SocialProviderId }), summary: 'Where an OpenID provider sends the browser back' },
    async ({ params, req, reply }) => {
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      void reply.redirect(await social.callback(params.provider, search, browserKeyOf(req), metaOf(req)));
      return SENT;
    },
  );

  r.endpoint(authApi.socialLogin, async ({ body, req }) => {
    const meta = metaOf(req);
    await throttleAddress(ctx, meta);
    return social.signIn(body.ticket, browserKeyOf(req), meta);
  });

  r.endpoint(authApi.socialLinks, ({ session }) => social.links(session));

  r.endpoint(authApi.socialLinkAuthorize, async ({ session, body, req, reply }) => {
    const cookie = social.browserCookie(browserKeyOf(req));
    const url = await social.start({ provider: body.provider, purpose: 'link', userId: session.userId, redirect: body.redirect }, cookie.key);
    void reply.header('set-cookie', cookie.header);
    return { url };
  });

  r.endpoint(authApi.socialLinkFinish, ({ session, body, req }) => social.link(session, body.ticket, browserKeyOf(req)));

  r.endpoint(authApi.socialUnlink, async ({ session, query }) => {
    await social.unlink(session, query.provider);
    return true;
  });

  r.endpoint(authApi.permissionInfo, ({ session }) => permissionInfo(ctx, session));

  r.endpoint(authApi.listMenus, ({ session }) => menusOf(ctx, session));

  // Public, so the sign-out of an already expired session still answers; it resolves no
  // session, it only retires the token it carries.
  r.endpoint(authApi.logout, async ({ req }) => {
    const token = bearerToken(req.headers.authorization);
    const ended = token ? await revokeToken(ctx, token, 'logout') : undefined;
    if (ended) {
      await recordLogin(ctx, { kind: 'logout', result: 'success', username: ended.username, userId: ended.userId, tenantId: ended.tenantId }, metaOf(req));
    }
    return true;
  });

  r.endpoint(authApi.updatePassword, async ({ body, req }) => {
    await changePassword(ctx, body, metaOf(req));
    return true;
  });

  r.endpoint(authApi.cancelAccount, async ({ session, body, req }) => {
    await cancelAccount(ctx, session, body, metaOf(req));
    return { key: 'auth.cancellation-recorded' };
  });
});
