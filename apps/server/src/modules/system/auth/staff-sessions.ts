import { ALL_PERMISSIONS, SUPER_ROLE } from '@lightdesk/contract';
import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { menus, roleMenus, roles, sessions, tenants, userRoles, users } from '../schema';
import { bearerToken, type Authenticator } from '../../../lib/callers';
import { addSeconds } from '../../../lib/clock';
import type { AppContext, Session } from '../../../lib/context';
import { randomToken, sha256 } from '../../../lib/secrets';

/** Session lifetimes in seconds: idle and absolute; remember me lasts longer. */
export const SESSION_LIFETIME = {
  normal: { idle: 30 * 60, absolute: 12 * 3600 },
  remembered: { idle: 7 * 86400, absolute: 30 * 86400 },
} as const;
/** last_seen_at is written at most this often, so reads don't each cost a write. */
const TOUCH_EVERY_SECONDS = 30;

export const lifetimeOf = (rememberMe: boolean) => (rememberMe ? SESSION_LIFETIME.remembered : SESSION_LIFETIME.normal);

/**
 * A tenant's sessions that still work: not revoked, before their absolute expiry, not idle past
 * the limit of their kind, of an enabled account. Joins `users`; never selects the token hash.
 */
export function liveSessions(ctx: AppContext, tenantId: number) {
  const now = ctx.clock.now();
  const notIdle = (rememberMe: boolean) => and(eq(sessions.rememberMe, rememberMe), gt(sessions.lastSeenAt, addSeconds(now, -lifetimeOf(rememberMe).idle)));
  return and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), or(notIdle(true), notIdle(false)), eq(users.status, 0));
}

export async function createSession(ctx: AppContext, user: { id: number; tenantId: number }, meta: { rememberMe: boolean; ip: string; userAgent: string }) {
  const token = randomToken();
  const now = ctx.clock.now();
  const life = lifetimeOf(meta.rememberMe);
  const expiresAt = addSeconds(now, life.absolute);
  await ctx.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: user.id,
    tenantId: user.tenantId,
    rememberMe: meta.rememberMe,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt, idleTimeout: life.idle };
}

/** The live session behind a token, or null when the token is unknown, revoked or expired. */
export async function resolveSession(ctx: AppContext, token: string): Promise<Session | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      tenantId: sessions.tenantId,
      rememberMe: sessions.rememberMe,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      username: users.username,
      userStatus: users.status,
      tenantCode: tenants.code,
      tenantType: tenants.type,
      tenantStatus: tenants.status,
      tenantExpiresAt: tenants.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row || row.revokedAt) return null;
  const idleFor = (now.getTime() - row.lastSeenAt.getTime()) / 1000;
  if (now >= row.expiresAt || idleFor >= lifetimeOf(row.rememberMe).idle) return null;
  if (row.userStatus !== 0 || row.tenantStatus !== 0 || (row.tenantExpiresAt && row.tenantExpiresAt <= now)) return null;
  if (idleFor >= TOUCH_EVERY_SECONDS) await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  const grants = await loadGrants(ctx.db, row.userId, row.tenantType);
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    tenantId: row.tenantId,
    tenantCode: row.tenantCode,
    tenantType: row.tenantType,
    ...grants,
  };
}

/** Role codes and permission codes of a user's enabled roles. The platform's admin role holds `*:*:*`. */
export async function loadGrants(db: Database, userId: number, tenantType: 'platform' | 'agent') {
  const roleRows = await db
    .select({ id: roles.id, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 0)));
  const roleCodes = roleRows.map((r) => r.code);
  if (tenantType === 'platform' && roleCodes.includes(SUPER_ROLE)) return { roles: roleCodes, permissions: [ALL_PERMISSIONS] };
  if (!roleRows.length) return { roles: roleCodes, permissions: [] };
  const permissionRows = await db
    .selectDistinct({ permission: menus.permission })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 0), eq(menus.status, 0), ne(menus.permission, '')));
  return { roles: roleCodes, permissions: permissionRows.map((r) => r.permission).sort() };
}

export async function revokeSession(ctx: AppContext, sessionId: number, reason: string) {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Database, now: Date, userId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Retires the session a token names, whatever its state; answers whose it was when it was still live. */
export async function revokeToken(ctx: AppContext, token: string, reason: string) {
  const [ended] = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now(), revokedReason: reason })
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId, tenantId: sessions.tenantId });
  if (!ended) return undefined;
  const [user] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, ended.userId));
  return { ...ended, username: user?.username ?? '' };
}

/** Console callers: a bearer token naming a live staff session. */
export const authenticateStaff: Authenticator = async (ctx, req) => {
  const token = bearerToken(req.headers.authorization);
  const session = token ? await resolveSession(ctx, token) : null;
  return session ? { kind: 'staff', session } : null;
};
