import {
  authApi,
  staffApi,
  type CancellationBody,
  type LoginBody,
  type LoginResult,
  type PasswordUpdateBody,
  type SmsLoginBody,
  type SmsSendBody,
  type SocialAuthorizeBody,
  type SocialTicketBody,
} from '@lightdesk/contract';
import { call, callForm, type Progress } from '../../lib/http';

export const fetchAuthOptions = () => call(authApi.options);
export const fetchCaptcha = () => call(authApi.captcha);
export const login = (body: LoginBody) => call(authApi.login, body);
export const sendSmsCode = (body: SmsSendBody) => call(authApi.sendSmsCode, body);
export const smsLogin = (body: SmsLoginBody) => call(authApi.smsLogin, body);
/** Sign-in through an OpenID provider: where to send the browser, then the ticket it came back with. */
export const startSocialSignIn = (body: SocialAuthorizeBody) => call(authApi.socialAuthorize, body);
export const socialLogin = (body: SocialTicketBody) => call(authApi.socialLogin, body);
/** The signed-in person's provider links. */
export const fetchSocialLinks = () => call(authApi.socialLinks);
export const startSocialLink = (body: SocialAuthorizeBody) => call(authApi.socialLinkAuthorize, body);
export const finishSocialLink = (body: SocialTicketBody) => call(authApi.socialLinkFinish, body);
export const unlinkSocial = (provider: string) => call(authApi.socialUnlink, { provider });
export const updatePassword = (body: PasswordUpdateBody) => call(authApi.updatePassword, body);

/**
 * From the sign-in screen there is no stored session yet: the call carries the session the
 * dialog just opened, with its tenant (the server checks that both agree).
 */
export const cancelAccount = (body: CancellationBody, session?: Pick<LoginResult, 'accessToken' | 'tenantCode'>) =>
  call(authApi.cancelAccount, body, session ? { headers: { Authorization: `Bearer ${session.accessToken}`, tenantcode: session.tenantCode } } : undefined);

/** Replaces the signed-in staff member's picture; answers the link to show from now on. */
export const updateAvatar = (file: File, onProgress?: Progress) => callForm(staffApi.updateAvatar, { file }, onProgress);
