/**
 * The rules of a store's people and groups, shared by the app (an admin acting in their store)
 * and the console (staff acting on any store they may see): the same checks, the same refusals
 * and the same history. Callers check who may act; these check what may be done.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { ResultCode } from '@lightdesk/contract';
import { AppError, notFound, refusal } from '../../lib/errors';
import { countOf } from '../../lib/sql';
import { lightingGroups, storeDevices, storeEvents, storeMembers, stores } from './schema';

/** Who acts: an app user in the app, or a staff member in the console. */
export interface StoreActor {
  kind: 'app-user' | 'staff';
  id: number;
}

export type StoreEventKind =
  | 'created'
  | 'renamed'
  | 'located'
  | 'location-cleared'
  | 'member-joined'
  | 'member-left'
  | 'member-removed'
  | 'admin-transferred'
  | 'assigned-to-agent'
  | 'group-created'
  | 'group-dissolved'
  | 'device-added'
  | 'device-reset';

export async function recordStoreEvent(
  db: Database,
  now: Date,
  storeId: number,
  actor: StoreActor,
  kind: StoreEventKind,
  detail: Record<string, string | number> = {},
) {
  await db.insert(storeEvents).values({ storeId, kind, actorKind: actor.kind, actorId: actor.id, detail, createdAt: now });
}

/** Records a store's new coordinates (or that they were cleared) in its history. */
export const recordLocated = (db: Database, now: Date, storeId: number, actor: StoreActor, latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null
    ? recordStoreEvent(db, now, storeId, actor, 'location-cleared')
    : recordStoreEvent(db, now, storeId, actor, 'located', { latitude, longitude });

/** Sets a store's coordinates (null clears them), recorded in its history. */
export async function locateStore(ctx: AppContext, actor: StoreActor, storeId: number, latitude: number | null, longitude: number | null) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [store] = await tx.update(stores).set({ latitude, longitude, updatedAt: now }).where(eq(stores.id, storeId)).returning({ id: stores.id });
    if (!store) throw notFound();
    await recordLocated(tx, now, storeId, actor, latitude, longitude);
  });
}

/** Takes the store's row lock: changes to one store's people, groups and devices happen one at a time. */
export async function lockStore(db: Database, storeId: number) {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
  if (!row) throw notFound();
}

/** Hands a store to an agent (or back to the platform); its history says who did it. */
export async function assignStoreToTenant(ctx: AppContext, actor: StoreActor, storeId: number, tenantId: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockStore(tx, storeId);
    // Agents are the administration area's tables: this area only asks that the agent exists.
    const [moved] = await tx
      .update(stores)
      .set({ tenantId, updatedAt: now })
      .where(and(eq(stores.id, storeId), sql`exists (select 1 from tenants where id = ${tenantId})`))
      .returning({ id: stores.id });
    if (!moved) throw new AppError(ResultCode.badInput, 'common.reference-not-found', { field: 'tenantId' });
    await recordStoreEvent(tx, now, storeId, actor, 'assigned-to-agent', { tenantId });
  });
}

async function roleIn(db: Database, storeId: number, appUserId: number) {
  const [row] = await db
    .select({ role: storeMembers.role })
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.appUserId, appUserId)));
  return row?.role;
}

/**
 * Makes a current member the store's admin. In one transaction the old admin loses the admin
 * role and leaves the store: nobody keeps access to a store they handed over.
 */
export async function transferAdmin(ctx: AppContext, actor: StoreActor, storeId: number, toAppUserId: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockStore(tx, storeId);
    const role = await roleIn(tx, storeId, toAppUserId);
    if (!role) throw refusal('store.not-member');
    if (role === 'admin') throw refusal('store.already-admin');
    const [old] = await tx
      .delete(storeMembers)
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.role, 'admin')))
      .returning({ appUserId: storeMembers.appUserId });
    await tx
      .update(storeMembers)
      .set({ role: 'admin' })
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.appUserId, toAppUserId)));
    await recordStoreEvent(tx, now, storeId, actor, 'admin-transferred', { from: old?.appUserId ?? 0, to: toAppUserId });
  });
}

/** Takes a member out of the store; the admin is never removed (the role is transferred instead). */
export async function removeMember(ctx: AppContext, actor: StoreActor, storeId: number, appUserId: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockStore(tx, storeId);
    const role = await roleIn(tx, storeId, appUserId);
    if (!role) throw refusal('store.not-member');
    if (role === 'admin') throw refusal('store.cannot-remove-admin');
    await tx.delete(storeMembers).where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.appUserId, appUserId)));
    await recordStoreEvent(tx, now, storeId, actor, 'member-removed', { appUserId });
  });
}

/** Dissolves a lighting group, only once no luminaire is left in it. */
export async function dissolveGroup(ctx: AppContext, actor: StoreActor, storeId: number, groupId: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockStore(tx, storeId);
    const [group] = await tx
      .select()
      .from(lightingGroups)
      .where(and(eq(lightingGroups.id, groupId), eq(lightingGroups.storeId, storeId)));
    if (!group) throw notFound();
    const [held] = await tx.select({ n: countOf }).from(storeDevices).where(eq(storeDevices.groupId, groupId));
    if (held!.n > 0) throw refusal('store.group-not-empty');
    await tx.delete(lightingGroups).where(eq(lightingGroups.id, groupId));
    await recordStoreEvent(tx, now, storeId, actor, 'group-dissolved', { groupCode: group.groupCode, groupName: group.name });
  });
}
