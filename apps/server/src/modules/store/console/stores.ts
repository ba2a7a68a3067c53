import { storeActions, storeApi, storeAssignAgent } from '@lightdesk/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Session } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { lightingGroups, storeDevices, storeEvents, storeMembers, stores, appUsers } from '../schema';
import { assignStoreToTenant, dissolveGroup, locateStore, removeMember, transferAdmin } from '../store-rules';
import { historyNames } from './history-names';
import { outer, storeTenancy } from './scope';
import { contains, within } from '../../../lib/filters';
import { column, countryColumn, dateColumn } from '../../../lib/excel';

/** One field of the store's admin (exactly one per store), as a scalar subquery of the list row. */
const adminField = (column: 'nickname' | 'email' | 'last_login_ip') =>
  sql<
    string | null
  >`(select u.${sql.identifier(column)} from store_members am join app_users u on u.id = am.app_user_id where am.store_id = ${outer(stores.id)} and am.role = 'admin')`;
/** Counts as correlated subqueries: one statement for the whole page, each an index lookup per store. */
const countIn = (table: 'store_members' | 'lighting_groups' | 'store_devices') =>
  sql<number>`(select count(*)::int from ${sql.identifier(table)} c where c.store_id = ${outer(stores.id)})`;

const columns = {
  id: stores.id,
  meshId: stores.meshId,
  meshName: stores.name,
  tenantId: stores.tenantId,
  adminNickname: adminField('nickname').as('admin_nickname'),
  adminEmail: adminField('email').as('admin_email'),
  latestLoginIp: adminField('last_login_ip').as('latest_login_ip'),
  memberCount: countIn('store_members').as('member_count'),
  groupCount: countIn('lighting_groups').as('group_count'),
  deviceCount: countIn('store_devices').as('device_count'),
  // Kept up to date by the devices area from the reports and the offline sweep.
  onlineDeviceCount: sql<number>`(select count(*)::int from store_devices c where c.store_id = ${outer(stores.id)} and c.online)`.as('online_device_count'),
  countryCode: stores.countryCode,
  timezone: stores.timezone,
  address: stores.address,
  latitude: stores.latitude,
  longitude: stores.longitude,
  registerDate: stores.createdAt,
};
type StoreRow = RowOf<typeof columns>;

/** Operators act on stores as staff, recorded so in the store's history. */
const staff = (session: Session) => ({ kind: 'staff' as const, id: session.userId });

export default defineRoutes((r, ctx) => {
  const { db } = ctx;
  resourceRoutes(r, ctx, {
    api: storeApi,
    table: stores,
    id: stores.id,
    tenancy: { scope: (session) => storeTenancy(session, stores.tenantId) },
    columns,
    filters: (q) => [
      contains(stores.name, q.name),
      contains(stores.meshId, q.meshId),
      q.adminEmail
        ? sql`exists (select 1 from store_members fm join app_users fu on fu.id = fm.app_user_id where fm.store_id = ${outer(stores.id)} and fm.role = 'admin' and ${contains(sql`fu.email`, q.adminEmail)})`
        : undefined,
      q.countryCode ? eq(stores.countryCode, q.countryCode) : undefined,
      // For an agent's staff this can only narrow their own stores further.
      q.tenantId ? eq(stores.tenantId, q.tenantId) : undefined,
      ...within(stores.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { meshName: stores.name, meshId: stores.meshId, countryCode: stores.countryCode, registerDate: stores.createdAt },
    defaultSort: [desc(stores.createdAt), desc(stores.id)],
    detail: async ({ db }, row: StoreRow, session) => {
      const history = await db
        .select({
          id: storeEvents.id,
          kind: storeEvents.kind,
          actorKind: storeEvents.actorKind,
          actorId: storeEvents.actorId,
          detail: storeEvents.detail,
          createdAt: storeEvents.createdAt,
        })
        .from(storeEvents)
        .where(eq(storeEvents.storeId, row.id))
        .orderBy(desc(storeEvents.createdAt), desc(storeEvents.id))
        .limit(200);
      return {
        ...row,
        members: await db
          .select({
            appUserId: storeMembers.appUserId,
            role: storeMembers.role,
            nickname: appUsers.nickname,
            email: appUsers.email,
            mobile: appUsers.mobile,
            joinedAt: storeMembers.joinedAt,
          })
          .from(storeMembers)
          .innerJoin(appUsers, eq(appUsers.id, storeMembers.appUserId))
          .where(eq(storeMembers.storeId, row.id))
          .orderBy(asc(storeMembers.role), asc(storeMembers.joinedAt)),
        groups: await db
          .select({
            id: lightingGroups.id,
            groupCode: lightingGroups.groupCode,
            groupName: lightingGroups.name,
            luminaireCount: sql<number>`(select count(*)::int from store_devices gd where gd.group_id = ${outer(lightingGroups.id)} and gd.kind = 'luminaire')`,
          })
          .from(lightingGroups)
          .where(eq(lightingGroups.storeId, row.id))
          .orderBy(asc(lightingGroups.groupCode)),
        devices: await db
          .select({
            id: storeDevices.id,
            kind: storeDevices.kind,
            deviceName: storeDevices.name,
            uuid: storeDevices.uuid,
            model: storeDevices.model,
            groupId: storeDevices.groupId,
            firmwareVersion: storeDevices.firmwareVersion,
            online: storeDevices.online,
          })
          .from(storeDevices)
          .where(eq(storeDevices.storeId, row.id))
          .orderBy(asc(storeDevices.kind), asc(storeDevices.name), asc(storeDevices.id)),
        history,
        historyNames: await historyNames(db, session, history),
      };
    },
    excel: {
      file: 'stores',
      columns: [
        column<StoreRow>('meshName', 'store:mesh.field.meshName'),
        column<StoreRow>('meshId', 'store:mesh.field.meshId'),
        column<StoreRow>('adminNickname', 'store:mesh.field.admin'),
        column<StoreRow>('adminEmail', 'store:mesh.field.adminEmail'),
        column<StoreRow>('memberCount', 'store:mesh.field.members'),
        column<StoreRow>('groupCount', 'store:mesh.field.groups'),
        column<StoreRow>('deviceCount', 'store:mesh.field.devices'),
        column<StoreRow>('onlineDeviceCount', 'store:mesh.field.onlineDevices'),
        countryColumn<StoreRow>('countryCode', 'store:mesh.field.country'),
        column<StoreRow>('timezone', 'store:mesh.field.timezone'),
        column<StoreRow>('latitude', 'store:mesh.locate.latitude'),
        column<StoreRow>('longitude', 'store:mesh.locate.longitude'),
        dateColumn<StoreRow>('registerDate', 'store:mesh.field.registerDate'),
        column<StoreRow>('latestLoginIp', 'store:mesh.field.latestLoginIp'),
      ],
    },
  });

  r.endpoint(storeAssignAgent, async ({ session, body }) => {
    await assignStoreToTenant(ctx, staff(session), body.id, body.tenantId);
    return true;
  });

  /** The store, if the caller may see it: agents' staff act only on their own stores. */
  const visibleStore = async (session: Session, id: number) => {
    const [store] = await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.id, id), storeTenancy(session, stores.tenantId)));
    if (!store) throw notFound();
    return store.id;
  };

  r.endpoint(storeActions.locate, async ({ session, body }) => {
    await locateStore(ctx, staff(session), await visibleStore(session, body.id), body.latitude, body.longitude);
    return true;
  });
  r.endpoint(storeActions.transferAdmin, async ({ session, body }) => {
    await transferAdmin(ctx, staff(session), await visibleStore(session, body.id), body.appUserId);
    return true;
  });
  r.endpoint(storeActions.removeMember, async ({ session, query }) => {
    await removeMember(ctx, staff(session), await visibleStore(session, query.id), query.appUserId);
    return true;
  });
  r.endpoint(storeActions.dissolveGroup, async ({ session, query }) => {
    await dissolveGroup(ctx, staff(session), await visibleStore(session, query.id), query.groupId);
    return true;
  });
});
