import { storeMemberApi, type StoreMemberQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { storeMemberCache } from '../shared/store-caches';

export { storeMemberCache };

export const storeMemberPageQuery = (q: StoreMemberQuery) => storeMemberCache.query(storeMemberApi.page, q);
export const removeStoreMember = (id: number) => call(storeMemberApi.remove, { id });
