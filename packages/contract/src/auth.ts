import { z } from 'zod';

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const Username = trimmed(30);
export const Password = z.string().min(1).max(128);
/** New passwords: long enough to resist guessing, short enough for argon2 to stay cheap. */
export const NewPassword = z.string().min(8).max(64);
export const Mobile = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{6,15}$/);

/** spec §7 login request. `captchaVerification` is `<captchaId>:<answer>` from GET /open/captcha. */
export const LoginBody = z.object({
  username: Username,
  password: Password,
  captchaVerification: z.string().max(100).optional(),
  socialType: z.coerce.number().int().optional(),
  socialCode: z.string().max(200).optional(),
  socialState: z.string().max(200).optional(),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TenantType = z.enum(['platform', 'agent']);
export type TenantType = z.infer<typeof TenantType>;

export const LoginResult = z.object({
  accessToken: z.string(),
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
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/),
  rememberMe: z.boolean().optional(),
});
export type SmsLoginBody = z.infer<typeof SmsLoginBody>;
export const SmsSendBody = z.object({ mobile: Mobile, captchaVerification: z.string().max(100).optional() });
export type SmsSendBody = z.infer<typeof SmsSendBody>;

export const SocialLoginBody = z.object({ type: z.coerce.number().int(), code: z.string().min(1).max(500), state: z.string().max(500) });
export type SocialLoginBody = z.infer<typeof SocialLoginBody>;

export const PasswordUpdateBody = z.object({ username: Username, oldPassword: Password, newPassword: NewPassword });
export type PasswordUpdateBody = z.infer<typeof PasswordUpdateBody>;

export const CancellationBody = z.object({ password: Password, reason: z.string().trim().max(500).optional() });
export type CancellationBody = z.infer<typeof CancellationBody>;

export const Captcha = z.object({ captchaId: z.string(), image: z.string(), expiresIn: z.number().int() });
export type Captcha = z.infer<typeof Captcha>;

/** What the sign-in screen needs to know before anyone signs in. */
export const AuthOptions = z.object({ captchaEnabled: z.boolean(), smsEnabled: z.boolean(), socialProviders: z.array(z.number().int()) });
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
