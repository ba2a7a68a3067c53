import { z } from 'zod';
import { Int32, Text } from './common';
import { endpoint } from './endpoint';
import { secret } from './secret';

export const Username = Text(30).min(1);
export const Password = secret(Text(128, { trim: false }).min(1));
/** New passwords: long enough to resist guessing, short enough for argon2 to stay cheap. */
export const NewPassword = secret(Text(64, { trim: false }).min(8, 'form.passwordLength'));
export const Mobile = Text(16).regex(/^\+?[0-9]{6,15}$/, 'form.mobile');

/** `<captchaId>:<answer>` to a challenge from GET /open/captcha: single use, but an answer all the same. */
const CaptchaAnswer = secret(Text(100));

/** The sign-in request. */
export const LoginBody = z.object({
  username: Username,
  password: Password,
  captchaVerification: CaptchaAnswer.optional(),
  socialType: Int32(0).optional(),
  socialCode: secret(Text(200)).optional(),
  socialState: secret(Text(200)).optional(),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TenantType = z.enum(['platform', 'agent']);
export type TenantType = z.infer<typeof TenantType>;

export const LoginResult = z.object({
  accessToken: secret(z.string()),
  /** When the session ends at the latest (absolute expiry). */
  expiresAt: z.string(),
  /** Seconds of inactivity after which the session ends. */
  idleTimeout: z.number().int(),
  userId: z.number().int(),
  tenantId: z.number().int(),
  tenantCode: z.string(),
  tenantType: TenantType,
});
export type LoginResult = z.infer<typeof LoginResult>;

export const SmsLoginBody = z.object({
  mobile: Mobile,
  code: secret(Text(6).regex(/^[0-9]{6}$/)),
  rememberMe: z.boolean().optional(),
});
export type SmsLoginBody = z.infer<typeof SmsLoginBody>;
export const SmsSendBody = z.object({ mobile: Mobile, captchaVerification: CaptchaAnswer.optional() });
export type SmsSendBody = z.infer<typeof SmsSendBody>;

/** A configured OpenID Connect provider, by the id it has in the server's configuration. */
export const SocialProviderId = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,29}$/);
export const SocialProvider = z.object({ id: z.string(), name: z.string() });
export type SocialProvider = z.infer<typeof SocialProvider>;

/** An in-app path of the console (`/system/user`), never another site: where to return after the provider. */
export const ReturnPath = z
  .string()
  .max(500)
  // Browsers read a backslash as a slash and drop control characters, so `/\evil.example` would lead off the site.
  .refine((path) => /^\/(?!\/)/.test(path) && !path.includes('\\') && ![...path].some((c) => c.charCodeAt(0) < 0x20), 'must be a path of the console');

/** Starts a round trip to a provider: to sign in, or (signed in) to link the account there. */
export const SocialAuthorizeBody = z.object({
  provider: SocialProviderId,
  redirect: ReturnPath.optional(),
  /** Signing in: "remember me" as on the password form. */
  rememberMe: z.boolean().optional(),
});
export type SocialAuthorizeBody = z.infer<typeof SocialAuthorizeBody>;
/** Where the browser goes next: the provider's sign-in page. */
export const SocialAuthorizeResult = z.object({ url: z.string() });
export type SocialAuthorizeResult = z.infer<typeof SocialAuthorizeResult>;

/** The single-use ticket the provider's return left in the console's address, traded for the outcome. */
export const SocialTicketBody = z.object({ ticket: secret(Text(100).min(1)) });
export type SocialTicketBody = z.infer<typeof SocialTicketBody>;

/** A provider account linked to the signed-in staff member. */
export const SocialLink = z.object({ provider: z.string(), name: z.string(), linkedAt: z.string() });
export type SocialLink = z.infer<typeof SocialLink>;
export const SocialUnlinkQuery = z.object({ provider: SocialProviderId });
export type SocialUnlinkQuery = z.infer<typeof SocialUnlinkQuery>;

export const PasswordUpdateBody = z.object({ username: Username, oldPassword: Password, newPassword: NewPassword });
export type PasswordUpdateBody = z.infer<typeof PasswordUpdateBody>;

export const CancellationBody = z.object({ password: Password, reason: Text(500, { lines: true }).optional() });
export type CancellationBody = z.infer<typeof CancellationBody>;

export const Captcha = z.object({ captchaId: z.string(), image: z.string(), expiresIn: z.number().int() });
export type Captcha = z.infer<typeof Captcha>;

/** What the sign-in screen needs to know before anyone signs in. */
export const AuthOptions = z.object({ captchaEnabled: z.boolean(), smsEnabled: z.boolean(), socialProviders: z.array(SocialProvider) });
export type AuthOptions = z.infer<typeof AuthOptions>;

export interface MenuNode {
  id: number;
  parentId: number;
  name: string;
  path: string;
  icon: string;
  visible: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  component: string;
  componentName: string;
  children?: MenuNode[];
}
export const MenuNode: z.ZodType<MenuNode> = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  path: z.string(),
  icon: z.string(),
  visible: z.boolean(),
  keepAlive: z.boolean(),
  alwaysShow: z.boolean(),
  component: z.string(),
  componentName: z.string(),
  get children() {
    return z.array(MenuNode).optional();
  },
});

export const PermissionInfo = z.object({
  user: z.object({ id: z.number().int(), avatar: z.string(), userName: z.string(), nickname: z.string() }),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  menus: z.array(MenuNode),
});
export type PermissionInfo = z.infer<typeof PermissionInfo>;

/** The answer to a cancellation request: the message the screen shows. */
export const CancellationResult = z.object({ key: z.string() });
export type CancellationResult = z.infer<typeof CancellationResult>;

/**
 * Largest body of the anonymous sign-in calls. Their inputs are a few short fields; anyone may
 * send them, so nobody gets the server to read the default megabyte first.
 */
export const SIGN_IN_BODY_LIMIT = 16 * 1024;
/**
 * The anonymous calls of the sign-in screen take small bodies only, and are answered even while
 * the server sheds load: getting in comes before anything else a person does. Those that guess a secret,
 * cost a password hash or send an SMS also get rate limits per client address well below the
 * surfaces' defaults.
 */
const signIn = { public: true, bodyLimit: SIGN_IN_BODY_LIMIT, keptUnderLoad: true } as const;

// Social sign-in: the web asks where to send the browser, the provider sends it back to the
// callback (a browser redirect, not an operation: the server registers it itself), the callback
// sends it on to the sign-in screen with a ticket, the web trades the ticket for the session
// (docs/api.md, "Sign-in through an OpenID provider").
export const authApi = {
  options: endpoint.get('/open/auth/options', { public: true, keptUnderLoad: true, answer: AuthOptions, summary: 'What the sign-in screen offers' }),
  captcha: endpoint.get('/open/captcha', {
    public: true,
    keptUnderLoad: true,
    rateLimit: 30,
    answer: Captcha,
    summary: 'A new image challenge (single use, 2 minutes)',
  }),
  login: endpoint.post('/api/system/auth/login', {
    ...signIn,
    rateLimit: 10,
    body: LoginBody,
    answer: LoginResult,
    summary: 'Sign in with username and password',
  }),
  sendSmsCode: endpoint.post('/open/auth/send-sms-code', {
    ...signIn,
    rateLimit: 5,
    body: SmsSendBody,
    answer: z.literal(true),
    summary: 'Send a sign-in code by SMS',
  }),
  smsLogin: endpoint.post('/api/system/auth/sms-login', {
    ...signIn,
    rateLimit: 10,
    body: SmsLoginBody,
    answer: LoginResult,
    summary: 'Sign in with an SMS code',
  }),
  socialAuthorize: endpoint.post('/open/auth/oidc/authorize', {
    ...signIn,
    body: SocialAuthorizeBody,
    answer: SocialAuthorizeResult,
    summary: 'Start signing in through an OpenID provider',
  }),
  socialLogin: endpoint.post('/api/system/auth/social-login', {
    ...signIn,
    body: SocialTicketBody,
    answer: LoginResult,
    summary: 'Sign in with the ticket an OpenID provider round trip left',
  }),
  socialLinks: endpoint.get('/api/system/auth/social-links', { signedIn: true, answer: z.array(SocialLink), summary: 'My linked OpenID provider accounts' }),
  socialLinkAuthorize: endpoint.post('/api/system/auth/social-links/authorize', {
    signedIn: true,
    body: SocialAuthorizeBody,
    answer: SocialAuthorizeResult,
    summary: 'Start linking an OpenID provider account to mine',
  }),
  socialLinkFinish: endpoint.post('/api/system/auth/social-links/finish', {
    signedIn: true,
    body: SocialTicketBody,
    answer: SocialLink,
    summary: 'Link the provider account a round trip confirmed',
  }),
  socialUnlink: endpoint.delete('/api/system/auth/social-links/delete', {
    signedIn: true,
    query: SocialUnlinkQuery,
    answer: z.literal(true),
    summary: 'Unlink an OpenID provider account from mine',
  }),
  permissionInfo: endpoint.get('/api/system/auth/get-permission-info', {
    signedIn: true,
    // The console's first call after signing in: without it the sign-in just made is of no use.
    keptUnderLoad: true,
    answer: PermissionInfo,
    summary: 'The signed-in user, roles, permissions, menus',
  }),
  listMenus: endpoint.get('/api/system/auth/list-menus', { signedIn: true, answer: z.array(MenuNode), summary: 'The menu tree of the signed-in user' }),
  // Public, so the sign-out of an already expired session still answers.
  logout: endpoint.post('/open/auth/logout', { ...signIn, answer: z.literal(true), summary: 'End the session this call carries' }),
  updatePassword: endpoint.post('/api/auth/update/password', {
    ...signIn,
    rateLimit: 10,
    body: PasswordUpdateBody,
    answer: z.literal(true),
    summary: 'Change a password with the current one',
  }),
  cancelAccount: endpoint.post('/api/system/auth/cancel-account', {
    signedIn: true,
    body: CancellationBody,
    answer: CancellationResult,
    summary: 'Request account cancellation',
  }),
};
