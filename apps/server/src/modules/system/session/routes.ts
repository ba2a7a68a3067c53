import { sessionApi } from '@lightdesk/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { sessions, users } from '../schema';
import { liveSessions, revokeSession } from '../auth/staff-sessions';
import { countOf } from '../../../lib/sql';
import { notFound } from '../../../lib/errors';
import { sortColumn } from '../../../lib/resource';
import { contains } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';

const sortable = { lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt, username: users.username, ip: sessions.ip };

export default defineRoutes((r, ctx) => {
  const { db } = ctx;

  r.endpoint(sessionApi.page, async ({ session, query }) => {
    const where = and(liveSessions(ctx, session.tenantId), contains(users.username, query.username), contains(sessions.ip, query.ip));
    const sortBy = query.sortBy ? sortColumn(sortable, query.sortBy) : sessions.lastSeenAt;
    const [count] = await db.select({ total: countOf }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where);
    const list = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        username: users.username,
        nickname: users.nickname,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        rememberMe: sessions.rememberMe,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .orderBy(query.sortOrder === 'asc' ? asc(sortBy) : desc(sortBy), desc(sessions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return { list: list.map((s) => ({ ...s, current: s.id === session.id })), total: count?.total ?? 0 };
  });

  r.endpoint(sessionApi.delete, async ({ session, query }) => {
    const [target] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, query.id), eq(sessions.tenantId, session.tenantId)));
    if (!target) throw notFound();
    await revokeSession(ctx, target.id, `kicked by ${session.username}`);
    return true;
  });
});
