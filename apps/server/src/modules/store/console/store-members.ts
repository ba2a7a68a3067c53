import { storeMemberApi } from '@lightdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../../lib/errors';
import { contains, within } from '../../../lib/filters';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { storeMembers } from '../schema';
import { removeMember } from '../store-rules';
import { appUserField, inVisibleStore, outer } from './scope';
import { column, dateColumn, labelColumn } from '../../../lib/excel';

/** A field of the membership's store, as a scalar subquery (one statement for the whole page). */
const storeField = (field: 'mesh_id' | 'name') => sql<string>`(select ms.${sql.identifier(field)} from stores ms where ms.id = ${outer(storeMembers.storeId)})`;

const columns = {
  id: storeMembers.id,
  storeId: storeMembers.storeId,
  meshId: storeField('mesh_id').as('mesh_id'),
  meshName: storeField('name').as('mesh_name'),
  appUserId: storeMembers.appUserId,
  nickname: appUserField(storeMembers.appUserId, 'nickname').as('nickname'),
  email: appUserField(storeMembers.appUserId, 'email').as('email'),
  mobile: appUserField(storeMembers.appUserId, 'mobile').as('mobile'),
  role: storeMembers.role,
  joinedAt: storeMembers.joinedAt,
};
type MembershipRow = RowOf<typeof columns>;

/** The store users screen: who is in which store; removing one follows the store's own rules. */
export default defineRoutes((r, ctx) => {
  resourceRoutes(r, ctx, {
    api: storeMemberApi,
    table: storeMembers,
    id: storeMembers.id,
    tenancy: { scope: (session) => inVisibleStore(session, storeMembers.storeId) },
    columns,
    filters: (q) => [
      contains(appUserField(storeMembers.appUserId, 'email'), q.email),
      contains(appUserField(storeMembers.appUserId, 'nickname'), q.nickname),
      contains(storeField('name'), q.meshName),
      contains(storeField('mesh_id'), q.meshId),
      q.role ? eq(storeMembers.role, q.role) : undefined,
      ...within(storeMembers.joinedAt, q.joinedFrom, q.joinedTo),
    ],
    sortable: { role: storeMembers.role, joinedAt: storeMembers.joinedAt },
    defaultSort: [desc(storeMembers.joinedAt), desc(storeMembers.id)],
    excel: {
      file: 'store-users',
      columns: [
        column<MembershipRow>('meshName', 'store:storeUser.meshName'),
        column<MembershipRow>('meshId', 'store:storeUser.meshId'),
        column<MembershipRow>('nickname', 'store:storeUser.nickname'),
        column<MembershipRow>('email', 'store:storeUser.email'),
        column<MembershipRow>('mobile', 'store:storeUser.mobile'),
        labelColumn<MembershipRow>('role', 'store:storeUser.role', (m) => `store:role.${m.role}`),
        dateColumn<MembershipRow>('joinedAt', 'store:storeUser.joinedAt'),
      ],
    },
  });

  r.endpoint(storeMemberApi.remove, async ({ session, query }) => {
    const [membership] = await ctx.db
      .select({ storeId: storeMembers.storeId, appUserId: storeMembers.appUserId })
      .from(storeMembers)
      .where(and(eq(storeMembers.id, query.id), inVisibleStore(session, storeMembers.storeId)));
    if (!membership) throw notFound();
    await removeMember(ctx, { kind: 'staff', id: session.userId }, membership.storeId, membership.appUserId);
    return true;
  });
});
