import { resourceCache } from '../../../lib/resource-cache';

/** People's own settings; their rows name the person. */
export const userAdvancedCache = resourceCache('store', 'user-advanced');
/** Staff's and app users' cancellation requests; app users' rows name the person. */
export const cancellationCache = resourceCache('store', 'cancellation');
/** The app users: a change (disabled, deleted) shows wherever a row names the person. */
export const appUserCache = resourceCache('store', 'app-user', [userAdvancedCache, cancellationCache]);
