import { appUserApi, appUserSettingsApi, type AppUserSettingsQuery, type AppUserSettingsUpdate } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { appUserCache, userAdvancedCache } from '../shared/app-user-caches';

export { userAdvancedCache };
export const userAdvancedPageQuery = (q: AppUserSettingsQuery) => userAdvancedCache.query(appUserSettingsApi.page, q);
/** One person's overrides and what applies to them (anybody's, with overrides or not). */
export const userAdvancedQuery = (id: number) => userAdvancedCache.query(appUserSettingsApi.get, { id });
export const updateUserAdvanced = (body: AppUserSettingsUpdate) => call(appUserSettingsApi.update, body);
export const clearUserAdvanced = (id: number) => call(appUserSettingsApi.clear, { id });
/** App users whose e-mail contains the text, to pick whose settings to set. */
export const appUserSearchQuery = (email: string) => appUserCache.query(appUserApi.page, { email, page: 1, limit: 20 });
