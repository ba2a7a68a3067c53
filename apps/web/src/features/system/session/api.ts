import type { OnlineSession, OnlineSessionQuery, Page } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const sessionCache = resourceCache('system', 'session');

export const sessionPageQuery = (q: OnlineSessionQuery) =>
  queryOptions({ queryKey: sessionCache.key('page', q), queryFn: () => api.get<Page<OnlineSession>>('/system/session/page', q) });

/** Ends the session at once; its holder is sent to sign in on their next call. */
export const kickSession = (id: number) => api.delete<boolean>('/system/session/delete', { id });
