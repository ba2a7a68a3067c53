import { storeMemberApi, type StoreMemberQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const storeMemberCache = resourceCache('store', 'member');

export const storeMemberPageQuery = (q: StoreMemberQuery) => storeMemberCache.query(storeMemberApi.page, q);
export const removeStoreMember = (id: number) => call(storeMemberApi.remove, { id });
