import type { LoginResult, TenantType } from '@lightdesk/contract';
import { browserSession, local } from './storage';

/** What a sign-in leaves in the browser: never the password. */
export interface StoredAuth {
  accessToken: string;
  expiresAt: string;
  userId: number;
  tenantId: number;
  tenantCode: string;
  tenantType: TenantType;
}

/** 'saas' (the platform's own tenant) is sent as the tenant code when none is stored. */
export const DEFAULT_TENANT_CODE = 'saas';

/**
 * "Remember me" keeps the session in local storage (it survives closing the browser) and the
 * username for the next visit; otherwise the session lasts while the browser is open, in every
 * tab of it: one browser is one session.
 */
export function saveAuth(result: LoginResult, options: { remember: boolean; username?: string }): void {
  const stored: StoredAuth = {
    accessToken: result.accessToken,
    expiresAt: result.expiresAt,
    userId: result.userId,
    tenantId: result.tenantId,
    tenantCode: result.tenantCode,
    tenantType: result.tenantType,
  };
  clearAuth();
  (options.remember ? local : browserSession).set('token', stored);
  local.set('remember', options.remember);
  if (options.remember && options.username) local.set('savedUsername', options.username);
  else if (!options.remember) local.remove('savedUsername');
}

export function readAuth(): StoredAuth | undefined {
  return browserSession.get<StoredAuth>('token') ?? local.get<StoredAuth>('token');
}

export const getToken = (): string | undefined => readAuth()?.accessToken;
export const getTenantCode = (): string => readAuth()?.tenantCode || DEFAULT_TENANT_CODE;
export const getTenantId = (): number | undefined => readAuth()?.tenantId;

export function clearAuth(): void {
  browserSession.remove('token');
  local.remove('token');
}

export const rememberedUsername = (): string | undefined => (local.get<boolean>('remember') ? local.get<string>('savedUsername') : undefined);
export const rememberChoice = (): boolean => local.get<boolean>('remember') ?? false;
