import { type z } from 'zod';
import { ListQuery, TextFilter } from '../common';

/** Online sessions of the caller's tenant; the token (and its hash) never leaves the server. */
export const OnlineSessionQuery = ListQuery.extend({ username: TextFilter, ip: TextFilter });
export type OnlineSessionQuery = z.infer<typeof OnlineSessionQuery>;

export interface OnlineSession {
  id: number;
  userId: number;
  username: string;
  nickname: string;
  ip: string;
  userAgent: string;
  rememberMe: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** True for the session this list was asked with. */
  current: boolean;
}
