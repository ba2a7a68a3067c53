import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { cancellationRequests, users } from '../schema';

/**
 * Staff's cancellation requests, in the shape of the console's one list of account
 * cancellations (the store area joins its app users' requests to it). Platform staff see every
 * tenant's; an agent's staff only their own tenant's. Staff have no "withdraw" button: an
 * administrator enabling the account again withdraws it, so the purge job leaves it alone.
 */
export function staffCancellations(db: Database, session: Session) {
  return db
    .select({
      id: cancellationRequests.id,
      accountKind: sql<'staff' | 'app-user'>`'staff'`.as('account_kind'),
      accountId: cancellationRequests.userId,
      username: cancellationRequests.username,
      email: users.email,
      mobile: users.mobile,
      nickname: users.nickname,
      reason: cancellationRequests.reason,
      status: sql<
        'pending' | 'withdrawn' | 'completed'
      >`case when ${cancellationRequests.purgedAt} is not null then 'completed' when ${users.status} = 0 then 'withdrawn' else 'pending' end`.as('status'),
      requestedAt: cancellationRequests.createdAt,
      purgeAfter: cancellationRequests.purgeAfter,
      withdrawnAt: sql<Date | null>`null::timestamptz`.as('withdrawn_at'),
      purgedAt: cancellationRequests.purgedAt,
    })
    .from(cancellationRequests)
    .innerJoin(users, eq(users.id, cancellationRequests.userId))
    .where(session.tenantType === 'platform' ? undefined : eq(cancellationRequests.tenantId, session.tenantId));
}
