import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bearerToken, type AppUserIdentity, type Authenticator, type Caller } from '../../../lib/callers';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { unauthorized } from '../../../lib/errors';
import { randomToken, sha256 } from '../../../lib/secrets';
import { appSessions, appUsers } from '../schema';

/** An app stays signed in for weeks on a phone; a session unused this long ends. */
export const APP_SESSION_LIFETIME = { idle: 30 * 86400, absolute: 180 * 86400 } as const;
/** last_seen_at is written at most this often, so reads don't each cost a write. */
const TOUCH_EVERY_SECONDS = 60;

export async function createAppSession(ctx: AppContext, appUserId: number, meta: { ip: string; userAgent: string }) {
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = addSeconds(now, APP_SESSION_LIFETIME.absolute);
  const [row] = await ctx.db
    .insert(appSessions)
    .values({ appUserId, tokenHash: sha256(token), ip: meta.ip, userAgent: meta.userAgent.slice(0, 500), createdAt: now, lastSeenAt: now, expiresAt })
    .returning({ id: appSessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/** The app user behind a token, or null when the token is unknown, revoked, expired or the account disabled. */
export async function resolveAppSession(ctx: AppContext, token: string): Promise<AppUserIdentity | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      id: appSessions.id,
      appUserId: appSessions.appUserId,
      lastSeenAt: appSessions.lastSeenAt,
      expiresAt: appSessions.expiresAt,
      status: appUsers.status,
    })
    .from(appSessions)
    .innerJoin(appUsers, eq(appUsers.id, appSessions.appUserId))
    .where(and(eq(appSessions.tokenHash, sha256(token)), isNull(appSessions.revokedAt)));
  if (!row || row.status !== 0) return null;
  const idleFor = (now.getTime() - row.lastSeenAt.getTime()) / 1000;
  if (now >= row.expiresAt || idleFor >= APP_SESSION_LIFETIME.idle) return null;
  if (idleFor >= TOUCH_EVERY_SECONDS) await ctx.db.update(appSessions).set({ lastSeenAt: now }).where(eq(appSessions.id, row.id));
  return { appUserId: row.appUserId, sessionId: row.id };
}

/** Ends one session (sign-out) or every session of a person (disabled, cancelled, password changed). */
export async function revokeAppSessions(db: Database, now: Date, where: { sessionId: number } | { appUserId: number }, reason: string) {
  const target = 'sessionId' in where ? eq(appSessions.id, where.sessionId) : eq(appSessions.appUserId, where.appUserId);
  await db
    .update(appSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(target, isNull(appSessions.revokedAt)));
}

/** The app surface's caller: a bearer token of an app session. */
export const authenticateAppUser: Authenticator = async (ctx, req) => {
  const token = bearerToken(req.headers.authorization);
  const appUser = token ? await resolveAppSession(ctx, token) : null;
  return appUser ? { kind: 'app-user', appUser } : null;
};

/** The signed-in app user of an app route (the route's access rule guarantees one). */
export function appUserOf(caller: Caller): AppUserIdentity {
  if (caller.kind !== 'app-user') throw unauthorized();
  return caller.appUser;
}
