import { z } from 'zod';
import { DateTime, Id, IdQuery, ListQuery, pageOf, TextFilter } from '../common';
import { endpoint } from '../endpoint';

/** Online sessions of the caller's tenant; the token (and its hash) never leaves the server. */
export const OnlineSessionQuery = ListQuery.extend({ username: TextFilter, ip: TextFilter });
export type OnlineSessionQuery = z.infer<typeof OnlineSessionQuery>;

export const OnlineSession = z.object({
  id: Id,
  userId: Id,
  username: z.string(),
  nickname: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  rememberMe: z.boolean(),
  createdAt: DateTime,
  lastSeenAt: DateTime,
  expiresAt: DateTime,
  /** True for the session this list was asked with. */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof OnlineSession>;

export const sessionApi = {
  page: endpoint.get('/api/system/session/page', {
    permission: 'system:session:query',
    query: OnlineSessionQuery,
    answer: pageOf(OnlineSession),
    summary: 'Online sessions of your tenant',
  }),
  // Kicking out your own session is allowed: it ends like a logout.
  delete: endpoint.delete('/api/system/session/delete', {
    permission: 'system:session:kick',
    query: IdQuery,
    answer: z.literal(true),
    summary: 'Kick out a session',
  }),
};
