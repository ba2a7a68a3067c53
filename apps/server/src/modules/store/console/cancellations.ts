import { appCancellationApi } from '@lightdesk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { resourceRoutes } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { appCancellationRequests as requests } from '../schema';
import { appUserField, visibleAppUser } from './scope';
import { contains } from '../../../lib/filters';

/** Where a request stands: withdrawn by the person, completed by the purge job, else still pending. */
const status = sql<
  'pending' | 'withdrawn' | 'completed'
>`case when ${requests.withdrawnAt} is not null then 'withdrawn' when ${requests.purgedAt} is not null then 'completed' else 'pending' end`;
const person = (field: 'email' | 'mobile' | 'nickname') => appUserField(requests.appUserId, field);

/** App users' cancellation requests as operators follow them (staff's own are in the administration area). */
export default defineRoutes((r, ctx) =>
  resourceRoutes(r, ctx, {
    api: appCancellationApi,
    table: requests,
    id: requests.id,
    tenancy: { scope: (session) => visibleAppUser(session, requests.appUserId) },
    columns: {
      id: requests.id,
      appUserId: requests.appUserId,
      email: person('email').as('email'),
      mobile: person('mobile').as('mobile'),
      nickname: person('nickname').as('nickname'),
      reason: requests.reason,
      status: status.as('status'),
      requestedAt: requests.createdAt,
      purgeAfter: requests.purgeAfter,
      withdrawnAt: requests.withdrawnAt,
      purgedAt: requests.purgedAt,
    },
    filters: (q) => [contains(person('email'), q.email), q.status ? eq(status, q.status) : undefined],
    sortable: { requestedAt: requests.createdAt, purgeAfter: requests.purgeAfter },
    defaultSort: [desc(requests.createdAt), desc(requests.id)],
  }),
);
