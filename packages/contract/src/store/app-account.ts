import { z } from 'zod';
import { Mobile, NewPassword, Password } from '../auth';
import { DateTime, Id, Int32, Text } from '../common';
import { endpoint } from '../endpoint';
import { secret } from '../secret';
import { AreaCode } from '../system/area';

/** App accounts are e-mail addresses compared without case. */
export const AppEmail = Text(100).toLowerCase().pipe(z.email('form.email'));

/** An app account is named by exactly one of an e-mail address or a mobile number. */
const AccountFields = z.object({ email: AppEmail.optional(), mobile: Mobile.optional() });
function exactlyOneAccount(v: z.output<typeof AccountFields>, ctx: z.RefinementCtx) {
  if (!v.email === !v.mobile) ctx.addIssue({ code: 'custom', path: ['email'], message: 'give either an e-mail address or a mobile number' });
}

export const VerificationCode = secret(Text(6).regex(/^[0-9]{6}$/, 'must be 6 digits'));
export const AppNickname = Text(30).min(1);

export const AppCodeBody = AccountFields.superRefine(exactlyOneAccount);
export type AppCodeBody = z.infer<typeof AppCodeBody>;

export const AppRegisterBody = AccountFields.extend({ password: NewPassword, nickname: AppNickname, country: AreaCode, code: VerificationCode }).superRefine(
  exactlyOneAccount,
);
export type AppRegisterBody = z.infer<typeof AppRegisterBody>;

export const AppPlatform = z.enum(['ios', 'android']);
/** The install signing in: the phone is registered as a mobile device of its person. */
export const AppInstall = z.object({
  installId: Text(100).min(1),
  platform: AppPlatform,
  model: Text(100).default(''),
  osVersion: Text(30).default(''),
  appVersion: Text(30).default(''),
  pushId: Text(300).default(''),
});
export type AppInstall = z.infer<typeof AppInstall>;

/** The account, its password and the install signing in, side by side. */
export const AppLoginBody = AccountFields.extend({ password: Password, ...AppInstall.shape }).superRefine(exactlyOneAccount);
export type AppLoginBody = z.infer<typeof AppLoginBody>;

/** What an app user may do: their own overrides, else the platform's defaults. */
export const AppFeatures = z.object({
  maxStores: Int32(0),
  maxDevicesPerStore: Int32(0),
  heatmap: z.boolean(),
  customerCounting: z.boolean(),
  retentionDays: Int32(1),
});
export type AppFeatures = z.infer<typeof AppFeatures>;

export const AppMe = z.object({
  id: Id,
  email: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  country: z.string(),
  createdAt: DateTime,
  features: AppFeatures,
});
export type AppMe = z.infer<typeof AppMe>;

export const AppLoginResult = z.object({ token: secret(z.string()), expiresAt: DateTime, me: AppMe });
export type AppLoginResult = z.infer<typeof AppLoginResult>;

export const AppMeUpdate = z.object({ nickname: AppNickname, country: AreaCode });
export type AppMeUpdate = z.infer<typeof AppMeUpdate>;

export const AppCancelBody = z.object({ password: Password, reason: Text(500, { lines: true }).default('') });
export type AppCancelBody = z.infer<typeof AppCancelBody>;

/** The account and its password: a person who asked to cancel proves it is them to take it back. */
export const AppWithdrawBody = AccountFields.extend({ password: Password }).superRefine(exactlyOneAccount);
export type AppWithdrawBody = z.infer<typeof AppWithdrawBody>;

/** Public calls that hash passwords or send messages: few per minute, small bodies. */
const AUTH_LIMITS = { public: true, rateLimit: 10, bodyLimit: 16_384 } as const;

export const appAccountApi = {
  sendCode: endpoint.post('/open/app/auth/code', {
    ...AUTH_LIMITS,
    summary: 'Send a registration code to an e-mail address or a mobile number',
    body: AppCodeBody,
    answer: z.boolean(),
  }),
  register: endpoint.post('/open/app/auth/register', { ...AUTH_LIMITS, summary: 'Register an app account with the code', body: AppRegisterBody, answer: Id }),
  login: endpoint.post('/open/app/auth/login', {
    ...AUTH_LIMITS,
    keptUnderLoad: true,
    summary: 'Sign in to the app; registers the install as a mobile device',
    body: AppLoginBody,
    answer: AppLoginResult,
  }),
  logout: endpoint.post('/open/app/auth/logout', { appUser: true, summary: 'Sign out of this install', answer: z.boolean() }),
  me: endpoint.get('/open/app/me', { appUser: true, summary: 'The signed-in app user, with what they may do', answer: AppMe }),
  updateMe: endpoint.put('/open/app/me', { appUser: true, summary: 'Change nickname and country', body: AppMeUpdate, answer: AppMe }),
  withdrawCancellation: endpoint.post('/open/app/auth/withdraw-cancellation', {
    ...AUTH_LIMITS,
    summary: 'Keep the account after all: within the grace period, the password withdraws the cancellation and enables the account',
    body: AppWithdrawBody,
    answer: z.literal(true),
  }),
  cancel: endpoint.post('/open/app/me/cancel', {
    appUser: true,
    bodyLimit: 16_384,
    summary: 'Cancel the account: disabled at once, personal data deleted after the grace period',
    body: AppCancelBody,
    answer: z.boolean(),
  }),
};
