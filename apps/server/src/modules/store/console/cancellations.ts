import { accountCancellationApi, type AccountCancellationQuery } from '@lightdesk/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Session } from '../../../lib/context';
import { column, dateColumn, labelColumn, streamExcel, type ExcelColumn } from '../../../lib/excel';
import { contains } from '../../../lib/filters';
import { sortColumn } from '../../../lib/resource';
import { countOf } from '../../../lib/sql';
import { defineRoutes } from '../../../lib/routes';
import type { Database } from '../../../db/client';
import { staffCancellations } from '../../system';
import { appCancellationRequests as requests } from '../schema';
import { appUserField, visibleAppUser } from './scope';

/** Where an app user's request stands: withdrawn by the person, completed by the purge job, else still pending. */
const appStatus = sql<
  'pending' | 'withdrawn' | 'completed'
>`case when ${requests.withdrawnAt} is not null then 'withdrawn' when ${requests.purgedAt} is not null then 'completed' else 'pending' end`;
const person = (field: 'email' | 'mobile' | 'nickname') => appUserField(requests.appUserId, field);

/** App users' requests the caller sees, in the same shape as the administration area's staff requests. */
const appCancellations = (db: Database, session: Session) =>
  db
    .select({
      id: requests.id,
      accountKind: sql<'staff' | 'app-user'>`'app-user'`.as('account_kind'),
      accountId: requests.appUserId,
      username: sql<string>`''`.as('username'),
      email: person('email').as('email'),
      mobile: person('mobile').as('mobile'),
      nickname: person('nickname').as('nickname'),
      reason: requests.reason,
      status: appStatus.as('status'),
      requestedAt: requests.createdAt,
      purgeAfter: requests.purgeAfter,
      withdrawnAt: requests.withdrawnAt,
      purgedAt: requests.purgedAt,
    })
    .from(requests)
    .where(visibleAppUser(session, requests.appUserId));

/**
 * Every account cancellation the caller may follow: app users' (this area's table) and staff's
 * (the administration area's), one list. An agent's staff see their own tenant's staff and the
 * members of their stores.
 */
function cancellations(db: Database, session: Session, q: AccountCancellationQuery) {
  const all = unionAll(appCancellations(db, session), staffCancellations(db, session)).as('cancellations');
  const where = and(
    contains(all.email, q.email),
    q.status ? eq(all.status, q.status) : undefined,
    q.accountKind ? eq(all.accountKind, q.accountKind) : undefined,
  );
  const sortable = { requestedAt: all.requestedAt, purgeAfter: all.purgeAfter };
  const order: SQL[] = q.sortBy
    ? [q.sortOrder === 'desc' ? desc(sortColumn(sortable, q.sortBy)) : asc(sortColumn(sortable, q.sortBy))]
    : [desc(all.requestedAt)];
  // Request ids repeat across the two kinds: kind and id make the order total, so pages neither skip nor repeat.
  order.push(asc(all.accountKind), desc(all.id));
  return {
    total: async () => (await db.select({ total: countOf }).from(all).where(where))[0]?.total ?? 0,
    rows: (offset: number, limit: number) =>
      db
        .select()
        .from(all)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  };
}
type Row = Awaited<ReturnType<ReturnType<typeof cancellations>['rows']>>[number];

const excelColumns: ExcelColumn<Row>[] = [
  labelColumn<Row>('accountKind', 'store:cancellation.kind', (c) => (c.accountKind === 'staff' ? 'store:cancellation.staff' : 'store:cancellation.appUser')),
  column<Row>('username', 'store:cancellation.username'),
  column<Row>('email', 'store:cancellation.email'),
  column<Row>('mobile', 'store:cancellation.mobile'),
  column<Row>('nickname', 'store:cancellation.nickname'),
  labelColumn<Row>('status', 'store:cancellation.status', (c) => `store:cancellation.${c.status}`),
  dateColumn<Row>('requestedAt', 'store:cancellation.requestedAt'),
  dateColumn<Row>('purgeAfter', 'store:cancellation.purgeAfter'),
  column<Row>('reason', 'store:cancellation.reason', { width: 40 }),
];

/** Staff's and app users' cancellation requests as operators follow them. */
export default defineRoutes((r, { db, dictionaries }) => {
  r.endpoint(accountCancellationApi.page, async ({ session, query }) => {
    const list = cancellations(db, session, query);
    return { list: await list.rows((query.page - 1) * query.limit, query.limit), total: await list.total() };
  });
  r.endpoint(accountCancellationApi.exportExcel, async ({ session, query, req, reply }) => {
    // Sorting is checked here, before the file starts: a bad `sortBy` answers 400 naming the field.
    const list = cancellations(db, session, query);
    return streamExcel(req, reply, dictionaries, { file: 'account-cancellations', columns: excelColumns }, list.rows);
  });
});
