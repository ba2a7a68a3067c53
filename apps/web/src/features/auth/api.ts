import type { AuthOptions, Captcha, CancellationBody, LoginBody, LoginResult, PasswordUpdateBody, SmsLoginBody, SmsSendBody } from '@lightdesk/contract';
import { api, openApi } from '../../lib/http';

export const fetchAuthOptions = () => openApi.get<AuthOptions>('/auth/options');
export const fetchCaptcha = () => openApi.get<Captcha>('/captcha');
export const login = (body: LoginBody) => api.post<LoginResult>('/system/auth/login', body);
export const sendSmsCode = (body: SmsSendBody) => openApi.post<boolean>('/auth/send-sms-code', body);
export const smsLogin = (body: SmsLoginBody) => api.post<LoginResult>('/system/auth/sms-login', body);
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
