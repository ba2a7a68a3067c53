import { storeActions, storeApi, storeAssignAgent, type StoreAssignAgent, type StoreLocate, type StoreQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { storeCache } from '../shared/store-caches';

export { storeCache };

export const storePageQuery = (q: StoreQuery) => storeCache.query(storeApi.page, q);
export const storeDetailQuery = (id: number) => storeCache.query(storeApi.get, { id });

/** Hands the store to an agent, or back to the platform (its own tenant id). */
export const assignStoreToAgent = (body: StoreAssignAgent) => call(storeAssignAgent, body);
/** docs/stores.md: the old admin loses the role and leaves the store. */
export const transferStoreAdmin = (id: number, appUserId: number) => call(storeActions.transferAdmin, { id, appUserId });
export const removeStoreMember = (id: number, appUserId: number) => call(storeActions.removeMember, { id, appUserId });
/** Refused (555) while a luminaire is left in the group. */
export const dissolveStoreGroup = (id: number, groupId: number) => call(storeActions.dissolveGroup, { id, groupId });
/** Where the store is on the map; null for both clears it. */
export const locateStore = (body: StoreLocate) => call(storeActions.locate, body);
