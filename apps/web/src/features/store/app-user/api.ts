import { appUserApi, appUserDelete, appUserStatusUpdate, type AppUserQuery, type AppUserStatusUpdate } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { appUserCache } from '../shared/app-user-caches';
import { showRefusal } from '../shared/show-refusal';

export { appUserCache };
export const appUserPageQuery = (q: AppUserQuery) => appUserCache.query(appUserApi.page, q);
export const updateAppUserStatus = (body: AppUserStatusUpdate) => call(appUserStatusUpdate, body);
/** Refused while the person still belongs to a store or has a cancellation request: the reason is shown. */
export const deleteAppUser = (id: number) => call(appUserDelete, { id }).catch(showRefusal);
