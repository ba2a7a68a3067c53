import { accountCancellationApi, type AccountCancellationQuery } from '@lightdesk/contract';
import { cancellationCache } from '../shared/app-user-caches';

export { cancellationCache };
export const cancellationPageQuery = (q: AccountCancellationQuery) => cancellationCache.query(accountCancellationApi.page, q);
