import { appUserApi, appUserDelete, appUserStatusUpdate, DictType } from '@lightdesk/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Session } from '../../../lib/context';
import { notFound, refusal } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import type { AppContext } from '../../../lib/context';
import { revokeAppSessions } from '../app-auth/app-sessions';
import { appCancellationRequests, appUsers, storeMembers } from '../schema';
import { outer, visibleAppUser } from './scope';
import { contains, within } from '../../../lib/filters';
import { column, dateColumn, dictColumn } from '../../../lib/excel';

/** Memberships of the person, in any role or as admin only. */
const membershipCount = (adminOnly: boolean) =>
  sql<number>`(select count(*)::int from store_members m where m.app_user_id = ${outer(appUsers.id)}${adminOnly ? sql` and m.role = 'admin'` : sql``})`;

const columns = {
  id: appUsers.id,
  email: appUsers.email,
  mobile: appUsers.mobile,
  nickname: appUsers.nickname,
  countryCode: appUsers.countryCode,
  status: appUsers.status,
  registerDate: appUsers.createdAt,
  lastLoginAt: appUsers.lastLoginAt,
  lastLoginIp: appUsers.lastLoginIp,
  storeCount: membershipCount(false).as('store_count'),
  adminStoreCount: membershipCount(true).as('admin_store_count'),
};
type AppUserRow = RowOf<typeof columns>;

/** The app user the caller may act on, or 404 (someone outside an agent's stores does not exist for its staff). */
export async function findVisibleAppUser({ db }: AppContext, session: Session, id: number) {
  const [user] = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(and(eq(appUsers.id, id), visibleAppUser(session, appUsers.id)));
  if (!user) throw notFound();
  return user;
}

export default defineRoutes((r, ctx) => {
  const { db } = ctx;
  resourceRoutes(r, ctx, {
    api: appUserApi,
    table: appUsers,
    id: appUsers.id,
    tenancy: { scope: (session) => visibleAppUser(session, appUsers.id) },
    columns,
    filters: (q) => [
      contains(appUsers.email, q.email),
      contains(appUsers.mobile, q.mobile),
      contains(appUsers.nickname, q.nickname),
      q.countryCode ? eq(appUsers.countryCode, q.countryCode) : undefined,
      q.status === undefined ? undefined : eq(appUsers.status, q.status),
      ...within(appUsers.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { email: appUsers.email, nickname: appUsers.nickname, registerDate: appUsers.createdAt, lastLoginAt: appUsers.lastLoginAt },
    defaultSort: [desc(appUsers.createdAt), desc(appUsers.id)],
    excel: {
      file: 'app-users',
      columns: [
        column<AppUserRow>('email', 'store:appUser.email'),
        column<AppUserRow>('mobile', 'store:appUser.mobile'),
        column<AppUserRow>('nickname', 'store:appUser.nickname'),
        column<AppUserRow>('countryCode', 'store:appUser.country'),
        dateColumn<AppUserRow>('registerDate', 'store:appUser.registerDate'),
        dateColumn<AppUserRow>('lastLoginAt', 'store:appUser.lastLoginAt'),
        column<AppUserRow>('lastLoginIp', 'store:appUser.lastLoginIp'),
        column<AppUserRow>('storeCount', 'store:appUser.storeCount'),
        column<AppUserRow>('adminStoreCount', 'store:appUser.adminStoreCount'),
        dictColumn<AppUserRow>('status', 'store:appUser.status', DictType.commonStatus),
      ],
    },
  });

  r.endpoint(appUserStatusUpdate, async ({ session, body }) => {
    await findVisibleAppUser(ctx, session, body.id);
    await db.transaction(async (tx) => {
      const now = ctx.clock.now();
      await tx.update(appUsers).set({ status: body.status, updatedAt: now }).where(eq(appUsers.id, body.id));
      // A disabled person is signed out of every phone now, not when their token next expires.
      if (body.status === 1) await revokeAppSessions(tx, now, { appUserId: body.id }, 'disabled');
      // Enabling someone who asked to cancel keeps their account: the request is withdrawn, not left to the purge.
      if (body.status === 0) {
        await tx
          .update(appCancellationRequests)
          .set({ withdrawnAt: now })
          .where(and(eq(appCancellationRequests.appUserId, body.id), isNull(appCancellationRequests.withdrawnAt), isNull(appCancellationRequests.purgedAt)));
      }
    });
    return true;
  });

  r.endpoint(appUserDelete, async ({ session, query }) => {
    await findVisibleAppUser(ctx, session, query.id);
    const [member] = await db.select({ storeId: storeMembers.storeId }).from(storeMembers).where(eq(storeMembers.appUserId, query.id)).limit(1);
    if (member) throw refusal('store.app-user.has-stores');
    // A recorded cancellation is the purge job's to finish; deleting would lose the record.
    const [cancellation] = await db
      .select({ id: appCancellationRequests.id })
      .from(appCancellationRequests)
      .where(eq(appCancellationRequests.appUserId, query.id))
      .limit(1);
    if (cancellation) throw refusal('store.app-user.has-cancellation');
    // Sessions, phones, feedback and settings go with the person (cascading keys).
    await db.delete(appUsers).where(eq(appUsers.id, query.id));
    return true;
  });
});
