import { profileApi } from '@lightdesk/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { posts, roles, sessions, tenants, userPosts, userRoles, users } from '../schema';
import { liveSessions, revokeSession, sessionFields } from '../auth/staff-sessions';
import { metaOf, recordLogin } from '../auth/password-guessing';
import { staffColumns, staffUnique } from '../user/service';
import { notFound } from '../../../lib/errors';
import { refuseDuplicates } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';

/**
 * The signed-in staff member's own page. Every route acts on the session's own account and
 * sessions, never on one the request names, so any signed-in staff member may call them.
 */
export default defineRoutes((r, ctx) => {
  const { db } = ctx;
  const { username, nickname, email, mobile, sex, deptName, createdAt, lastLoginAt, lastLoginIp } = staffColumns;
  /** My sessions that still work: another person's id matches none of them. */
  const mine = (session: { tenantId: number; userId: number }) => and(liveSessions(ctx, session.tenantId), eq(sessions.userId, session.userId));

  r.endpoint(profileApi.get, async ({ session }) => {
    const [[me], postRows, roleRows, [agent]] = await Promise.all([
      db.select({ username, nickname, email, mobile, sex, deptName, createdAt, lastLoginAt, lastLoginIp }).from(users).where(eq(users.id, session.userId)),
      db
        .select({ name: posts.name })
        .from(userPosts)
        .innerJoin(posts, eq(posts.id, userPosts.postId))
        .where(eq(userPosts.userId, session.userId))
        .orderBy(asc(posts.sort), asc(posts.id)),
      db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, session.userId))
        .orderBy(asc(roles.sort), asc(roles.id)),
      db
        .select({ name: tenants.name })
        .from(tenants)
        .where(and(eq(tenants.id, session.tenantId), eq(tenants.type, 'agent'))),
    ]);
    if (!me) throw notFound();
    return { ...me, postNames: postRows.map((p) => p.name), roleNames: roleRows.map((p) => p.name), agentName: agent?.name ?? null };
  });

  // The staff form's rules (the contract) and uniqueness checks; the operation log records the change as any write.
  r.endpoint(profileApi.update, async ({ session, body }) => {
    await refuseDuplicates(db, { table: users, id: users.id, unique: staffUnique, tenancy: eq(users.tenantId, session.tenantId) }, body, session.userId);
    await db
      .update(users)
      .set({ ...body, updatedAt: ctx.clock.now() })
      .where(eq(users.id, session.userId));
    return true;
  });

  r.endpoint(profileApi.sessions, async ({ session }) => {
    const list = await db
      .select(sessionFields)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(mine(session))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    return list.map((s) => ({ ...s, current: s.id === session.id }));
  });

  r.endpoint(profileApi.deleteSession, async ({ session, query, req }) => {
    const [target] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(mine(session), eq(sessions.id, query.id)));
    if (!target) throw notFound();
    const current = target.id === session.id;
    await revokeSession(ctx, target.id, current ? 'logout' : 'ended by its owner');
    // Ending this very session is a sign-out, and the sign-in log says so as it does for one.
    if (current) {
      await recordLogin(
        ctx,
        { kind: 'logout', result: 'success', username: session.username, userId: session.userId, tenantId: session.tenantId },
        metaOf(req),
      );
    }
    return true;
  });
});
