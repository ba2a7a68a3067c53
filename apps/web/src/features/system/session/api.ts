import { sessionApi, type OnlineSessionQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const sessionCache = resourceCache('system', 'session');

export const sessionPageQuery = (q: OnlineSessionQuery) => sessionCache.query(sessionApi.page, q);

/** Ends the session at once; its holder is sent to sign in on their next call. */
export const kickSession = (id: number) => call(sessionApi.delete, { id });
