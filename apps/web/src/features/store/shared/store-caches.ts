import { resourceCache, type CachedResource } from '../../../lib/resource-cache';
import { appUserCache } from './app-user-caches';

// Stores and memberships show each other: a store's row counts its members, a membership names
// its store and role. A change to either refreshes both, on whichever screen they are shown, and
// the user centre, whose rows count each person's stores.
const storeRows: CachedResource = { root: ['store', 'mesh'], shownIn: [] };

/** Memberships (the store users screen). */
export const storeMemberCache = resourceCache('store', 'member', [storeRows, appUserCache]);
/** The stores, their details and what happens inside them (the store management screen). */
export const storeCache = resourceCache('store', 'mesh', [storeMemberCache, appUserCache]);
