import { ALL_PERMISSIONS, SUPER_ROLE } from '@lightdesk/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sessions, tenants, users } from '../schema';
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

/** A staff account, its tenant and its grants: its enabled roles and the permissions of their enabled menus. */
const accountColumns = {
  userId: users.id,
  username: users.username,
  userStatus: users.status,
  tenantId: tenants.id,
  tenantCode: tenants.code,
  tenantType: tenants.type,
  tenantStatus: tenants.status,
  tenantExpiresAt: tenants.expiresAt,
  roles: sql<string[]>`coalesce((
    select json_agg(r.code order by r.code) from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${users.id} and r.status = 0), '[]'::json)`,
  permissions: sql<string[]>`coalesce((
    select json_agg(distinct m.permission order by m.permission) from user_roles ur
    join roles r on r.id = ur.role_id join role_menus rm on rm.role_id = r.id join menus m on m.id = rm.menu_id
    where ur.user_id = ${users.id} and r.status = 0 and m.status = 0 and m.permission <> ''), '[]'::json)`,
};

/** Why an account may not act now: disabled, or its agent disabled or expired. */
function accountRefusal(
  row: { userStatus: number; tenantStatus: number; tenantExpiresAt: Date | null },
  now: Date,
): 'account-disabled' | 'tenant-disabled' | undefined {
  if (row.userStatus !== 0) return 'account-disabled';
  if (row.tenantStatus !== 0 || (row.tenantExpiresAt && row.tenantExpiresAt <= now)) return 'tenant-disabled';
  return undefined;
}

/** What the account may do: its tenant and grants. The platform's admin role holds every permission, whatever menus exist. */
function accessOf(row: Omit<Session, 'id'>, sessionId: number): Session {
  const superAdmin = row.tenantType === 'platform' && row.roles.includes(SUPER_ROLE);
  return {
    id: sessionId,
    userId: row.userId,
    username: row.username,
    tenantId: row.tenantId,
    tenantCode: row.tenantCode,
    tenantType: row.tenantType,
    roles: row.roles,
    permissions: superAdmin ? [ALL_PERMISSIONS] : row.permissions,
  };
}

/**
 * The statement behind every console request: the session, its person and tenant, and their
 * grants. Prepared once per database (named on PostgreSQL), so a request neither rebuilds it
 * nor has the server parse and plan it again.
 */
const sessionLookup = (db: Database) =>
  db
    .select({
      ...accountColumns,
      id: sessions.id,
      rememberMe: sessions.rememberMe,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('staff_session_by_token');
const sessionLookups = new WeakMap<Database, ReturnType<typeof sessionLookup>>();

/** The live session behind a token, or null when the token is unknown, revoked or expired. */
export async function resolveSession(ctx: AppContext, token: string): Promise<Session | null> {
  const now = ctx.clock.now();
  let lookup = sessionLookups.get(ctx.db);
  if (!lookup) sessionLookups.set(ctx.db, (lookup = sessionLookup(ctx.db)));
  // Read afresh on every request: a revoked session, a disabled account or a withdrawn role counts at once.
  const [row] = await lookup.execute({ tokenHash: sha256(token) });
  if (!row || row.revokedAt) return null;
  const idleFor = (now.getTime() - row.lastSeenAt.getTime()) / 1000;
  if (now >= row.expiresAt || idleFor >= lifetimeOf(row.rememberMe).idle) return null;
  if (accountRefusal(row, now)) return null;
  if (idleFor >= TOUCH_EVERY_SECONDS) await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  return accessOf(row, row.id);
}

/**
 * What a staff member may do now, as a sign-in would give it — tenant, roles, permissions, and
 * through them the data scope — for work done on their behalf without a request (a report sent
 * by a job). The session id is 0: no session stands behind it. Refused as at sign-in for a
 * disabled account or agent; `gone` when no such account exists.
 */
export async function staffAccess(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ session: Session } | { refused: 'account-disabled' | 'tenant-disabled' | 'gone' }> {
  const [row] = await db.select(accountColumns).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(eq(users.id, userId));
  if (!row) return { refused: 'gone' };
  const refused = accountRefusal(row, now);
  return refused ? { refused } : { session: accessOf(row, 0) };
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

/** What the console shows of a session (never its token): the online list and each person's own. */
export const sessionFields = {
  id: sessions.id,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  rememberMe: sessions.rememberMe,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};
