import type {
  AuthOptions,
  Captcha,
  CancellationBody,
  LoginBody,
  LoginResult,
  PasswordUpdateBody,
  SmsLoginBody,
  SmsSendBody,
  SocialAuthorizeBody,
  SocialAuthorizeResult,
  SocialLink,
  SocialTicketBody,
  StaffAvatar,
} from '@lightdesk/contract';
import { api, openApi } from '../../lib/http';

export const fetchAuthOptions = () => openApi.get<AuthOptions>('/auth/options');
export const fetchCaptcha = () => openApi.get<Captcha>('/captcha');
export const login = (body: LoginBody) => api.post<LoginResult>('/system/auth/login', body);
export const sendSmsCode = (body: SmsSendBody) => openApi.post<boolean>('/auth/send-sms-code', body);
export const smsLogin = (body: SmsLoginBody) => api.post<LoginResult>('/system/auth/sms-login', body);
/** Sign-in through an OpenID provider: where to send the browser, then the ticket it came back with. */
export const startSocialSignIn = (body: SocialAuthorizeBody) => openApi.post<SocialAuthorizeResult>('/auth/oidc/authorize', body);
export const socialLogin = (body: SocialTicketBody) => api.post<LoginResult>('/system/auth/social-login', body);
/** The signed-in person's provider links. */
export const fetchSocialLinks = () => api.get<SocialLink[]>('/system/auth/social-links');
export const startSocialLink = (body: SocialAuthorizeBody) => api.post<SocialAuthorizeResult>('/system/auth/social-links/authorize', body);
export const finishSocialLink = (body: SocialTicketBody) => api.post<SocialLink>('/system/auth/social-links/finish', body);
export const unlinkSocial = (provider: string) => api.delete<boolean>('/system/auth/social-links/delete', { provider });
export const updatePassword = (body: PasswordUpdateBody) => api.post<boolean>('/auth/update/password', body);

/**
 * From the sign-in screen there is no stored session yet: the call carries the session the
 * dialog just opened, with its tenant (the server checks that both agree).
 */
export const cancelAccount = (body: CancellationBody, session?: Pick<LoginResult, 'accessToken' | 'tenantCode'>) =>
  api.post<{ key: string }>(
    '/system/auth/cancel-account',
    body,
    session ? { headers: { Authorization: `Bearer ${session.accessToken}`, tenantcode: session.tenantCode } } : undefined,
  );

export const logoutSession = (accessToken: string) => openApi.post<boolean>('/auth/logout', undefined, { headers: { Authorization: `Bearer ${accessToken}` } });

/** Replaces the signed-in staff member's picture; answers the link to show from now on. */
export const updateAvatar = (file: File, onProgress?: (percent: number) => void) =>
  api.postForm<StaffAvatar>('/system/user/profile/update-avatar', { file }, onProgress);
