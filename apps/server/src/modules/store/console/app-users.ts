import { appUserApi, appUserDelete, appUserStatusUpdate } from '@lightdesk/contract';
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
        { key: 'email', header: { zh: '邮箱', en: 'E-mail' }, value: (u: AppUserRow) => u.email },
        { key: 'mobile', header: { zh: '手机号', en: 'Mobile' }, value: (u: AppUserRow) => u.mobile },
        { key: 'nickname', header: { zh: '昵称', en: 'Nickname' }, value: (u: AppUserRow) => u.nickname },
        { key: 'countryCode', header: { zh: '国家', en: 'Country' }, value: (u: AppUserRow) => u.countryCode },
        { key: 'registerDate', header: { zh: '注册时间', en: 'Registered' }, value: (u: AppUserRow) => u.registerDate },
        { key: 'lastLoginAt', header: { zh: '最近登录时间', en: 'Latest sign-in' }, value: (u: AppUserRow) => u.lastLoginAt ?? '' },
        { key: 'lastLoginIp', header: { zh: '最近登录 IP', en: 'Latest sign-in IP' }, value: (u: AppUserRow) => u.lastLoginIp },
        { key: 'storeCount', header: { zh: '关联门店数', en: 'Stores' }, value: (u: AppUserRow) => u.storeCount },
        { key: 'adminStoreCount', header: { zh: '管理门店数', en: 'Stores administered' }, value: (u: AppUserRow) => u.adminStoreCount },
        { key: 'status', header: { zh: '状态', en: 'Status' }, value: (u: AppUserRow) => (u.status === 0 ? 'Enabled' : 'Disabled') },
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
