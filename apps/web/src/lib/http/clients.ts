import { nestedParams } from '@lightdesk/contract';
import { getTenantCode, getTenantId, getToken } from '../auth-token';
import { currentLanguage } from '../i18n';
import { createClient, fetchBlob, httpOf, type DownloadedFile } from './client';
import { furtherDefaultText, genericErrorText } from './feedback';

export { nestedParams };

/** Every client sends the bearer token when there is one. */
const bearer = (): Record<string, string | undefined> => {
  const token = getToken();
  return { Authorization: token ? `Bearer ${token}` : undefined };
};
const withTenant = () => ({ ...bearer(), tenantcode: getTenantCode() });
const withTenantId = () => ({ ...withTenant(), 'tenant-id': String(getTenantId() ?? '') || undefined });
/**
 * Files are written for their reader (the server's lib/excel): headers and values in the
 * console's language, times on this browser's clock, as the lists show them.
 */
const forReader = () => ({ 'accept-language': currentLanguage(), 'time-zone': Intl.DateTimeFormat().resolvedOptions().timeZone });

export const mainClient = createClient({ baseURL: '/api', timeout: 30_000, headers: withTenant, fallbackText: genericErrorText });
export const openClient = createClient({ baseURL: '/open', timeout: 50_000, headers: bearer, fallbackText: genericErrorText });
export const downloadClient = createClient({
  baseURL: '/api',
  timeout: 50_000,
  responseType: 'blob',
  headers: () => ({ ...withTenant(), ...forReader() }),
  fallbackText: genericErrorText,
});
const further = { baseURL: '/api/v2/saas/web', headers: withTenantId, fallbackText: furtherDefaultText, paramsSerializer: nestedParams };
export const furtherClient = createClient({ ...further, timeout: 50_000 });
// Large analytics exports are assembled on demand, hence the long wait (5000 s).
export const furtherBlobClient = createClient({ ...further, headers: () => ({ ...withTenantId(), ...forReader() }), timeout: 5_000_000, responseType: 'blob' });

/** Console calls (`/api`). */
export const api = httpOf(mainClient);
/** Public and device-facing calls (`/open`). */
export const openApi = httpOf(openClient);
/** Analytics calls (`/api/v2/saas/web`). */
export const furtherApi = httpOf(furtherClient);

export const downloadFile = (url: string, params?: Record<string, unknown>): Promise<DownloadedFile> => fetchBlob(downloadClient, url, params);
export const downloadFurtherFile = (url: string, params?: Record<string, unknown>): Promise<DownloadedFile> => fetchBlob(furtherBlobClient, url, params);
