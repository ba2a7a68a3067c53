import {
  ResultCode,
  type AppLightingGroup,
  type AppStore,
  type AppStoreDetail,
  type AppStoreDevice,
  type DeviceCreate,
  type InvitationCreate,
  type StoreCreate,
  type StoreRename,
  type StoreRole,
} from '@lightdesk/contract';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { AppError, badInput, forbidden, notFound, refusal } from '../../../lib/errors';
import { countOf } from '../../../lib/sql';
import { randomToken } from '../../../lib/secrets';
import { randomInt } from 'node:crypto';
import { dictData, PLATFORM_TENANT, tenants } from '../../system';
import { assertCountry } from '../app-auth/account';
import { effectiveFeatures } from '../features';
import { sendMail } from '../mail';
import { appUsers, lightingGroups, storeDevices, storeInvitations, storeMembers, stores } from '../schema';
import { lockStore, recordLocated, recordStoreEvent, type StoreActor } from '../store-rules';

export const INVITATION_DAYS = 7;
const INVITATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const FIRMWARE_TYPE = 'firmware_type';

export type StoreRow = typeof stores.$inferSelect;
export interface Membership {
  store: StoreRow;
  role: StoreRole;
  actor: StoreActor;
}

/** A store the app user belongs to, by its meshId; anybody else gets 404, as if it did not exist. */
export async function membership(ctx: AppContext, appUserId: number, meshId: string, need: 'member' | 'admin' = 'member'): Promise<Membership> {
  const [row] = await ctx.db
    .select({ store: stores, role: storeMembers.role })
    .from(stores)
    .innerJoin(storeMembers, and(eq(storeMembers.storeId, stores.id), eq(storeMembers.appUserId, appUserId)))
    .where(eq(stores.meshId, meshId));
  if (!row) throw notFound();
  if (need === 'admin' && row.role !== 'admin') throw forbidden('store.admin-only');
  return { ...row, actor: { kind: 'app-user', id: appUserId } };
}

// Drizzle leaves out table names in queries without joins, so the outer row is named in full.
const memberCount = sql<number>`(select count(*)::int from store_members m where m.store_id = "stores"."id")`;
const groupCount = sql<number>`(select count(*)::int from lighting_groups g where g.store_id = "stores"."id")`;
const deviceCount = sql<number>`(select count(*)::int from store_devices d where d.store_id = "stores"."id")`;
const luminaireCount = sql<number>`(select count(*)::int from store_devices d where d.group_id = "lighting_groups"."id")`;

/** The stores of an app user with their counts, in one query. */
async function storesOf(db: Database, appUserId: number, storeId?: number): Promise<AppStore[]> {
  const rows = await db
    .select({
      meshId: stores.meshId,
      meshName: stores.name,
      timezone: stores.timezone,
      country: stores.countryCode,
      address: stores.address,
      latitude: stores.latitude,
      longitude: stores.longitude,
      role: storeMembers.role,
      memberCount,
      groupCount,
      deviceCount,
      createdAt: stores.createdAt,
    })
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .where(and(eq(storeMembers.appUserId, appUserId), storeId === undefined ? undefined : eq(stores.id, storeId)))
    .orderBy(asc(stores.createdAt), asc(stores.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export const myStores = (ctx: AppContext, appUserId: number) => storesOf(ctx.db, appUserId);

export async function createStore(ctx: AppContext, appUserId: number, body: StoreCreate): Promise<AppStore> {
  await assertCountry(ctx, body.country);
  const { maxStores } = await effectiveFeatures(ctx.db, appUserId);
  const now = ctx.clock.now();
  const actor: StoreActor = { kind: 'app-user', id: appUserId };
  const storeId = await ctx.db.transaction(async (tx) => {
    // One person's creations queue behind each other, so two at once cannot both slip under the limit.
    await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, appUserId)).for('update');
    const [held] = await tx
      .select({ n: countOf })
      .from(storeMembers)
      .where(and(eq(storeMembers.appUserId, appUserId), eq(storeMembers.role, 'admin')));
    if (held!.n >= maxStores) throw refusal('store.max-stores', { limit: maxStores });
    const [platform] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, PLATFORM_TENANT));
    const [store] = await tx
      .insert(stores)
      .values({
        meshId: randomToken(12),
        name: body.meshName,
        tenantId: platform!.id,
        timezone: body.timezone,
        countryCode: body.country,
        address: body.address,
        latitude: body.latitude,
        longitude: body.longitude,
        createdBy: appUserId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: stores.id });
    await tx.insert(storeMembers).values({ storeId: store!.id, appUserId, role: 'admin', joinedAt: now });
    await recordStoreEvent(tx, now, store!.id, actor, 'created', { meshName: body.meshName });
    return store!.id;
  });
  return (await storesOf(ctx.db, appUserId, storeId))[0]!;
}

export async function storeDetail(ctx: AppContext, appUserId: number, meshId: string): Promise<AppStoreDetail> {
  const { store } = await membership(ctx, appUserId, meshId);
  const [summary] = await storesOf(ctx.db, appUserId, store.id);
  const members = await ctx.db
    .select({
      appUserId: storeMembers.appUserId,
      nickname: appUsers.nickname,
      email: appUsers.email,
      mobile: appUsers.mobile,
      role: storeMembers.role,
      joinedAt: storeMembers.joinedAt,
    })
    .from(storeMembers)
    .innerJoin(appUsers, eq(appUsers.id, storeMembers.appUserId))
    .where(eq(storeMembers.storeId, store.id))
    .orderBy(asc(storeMembers.joinedAt), asc(storeMembers.appUserId));
  return {
    ...summary!,
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    groups: await groupsOf(ctx.db, store.id),
    devices: await devicesOf(ctx.db, store.id),
  };
}

async function groupsOf(db: Database, storeId: number, groupId?: number): Promise<AppLightingGroup[]> {
  return db
    .select({
      groupCode: lightingGroups.groupCode,
      groupName: lightingGroups.name,
      luminaireCount,
    })
    .from(lightingGroups)
    .where(and(eq(lightingGroups.storeId, storeId), groupId === undefined ? undefined : eq(lightingGroups.id, groupId)))
    .orderBy(asc(lightingGroups.groupCode));
}

async function devicesOf(db: Database, storeId: number, uuid?: string): Promise<AppStoreDevice[]> {
  const rows = await db
    .select({
      kind: storeDevices.kind,
      deviceName: storeDevices.name,
      uuid: storeDevices.uuid,
      deviceCode: storeDevices.deviceCode,
      model: storeDevices.model,
      meshAddress: storeDevices.meshAddress,
      firmwareVersion: storeDevices.firmwareVersion,
      groupCode: lightingGroups.groupCode,
      createdAt: storeDevices.createdAt,
    })
    .from(storeDevices)
    .leftJoin(lightingGroups, eq(lightingGroups.id, storeDevices.groupId))
    .where(and(eq(storeDevices.storeId, storeId), uuid === undefined ? undefined : eq(storeDevices.uuid, uuid)))
    .orderBy(asc(storeDevices.createdAt), asc(storeDevices.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function renameStore(ctx: AppContext, appUserId: number, body: StoreRename) {
  const { store, actor } = await membership(ctx, appUserId, body.meshId, 'admin');
  const now = ctx.clock.now();
  const moved = body.latitude !== undefined && (body.latitude !== store.latitude || body.longitude !== store.longitude);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(stores)
      .set({ name: body.meshName, ...(moved && { latitude: body.latitude, longitude: body.longitude }), updatedAt: now })
      .where(eq(stores.id, store.id));
    if (!moved || body.meshName !== store.name) await recordStoreEvent(tx, now, store.id, actor, 'renamed', { from: store.name, to: body.meshName });
    if (moved) await recordLocated(tx, now, store.id, actor, body.latitude ?? null, body.longitude ?? null);
  });
}

/** A store goes only when its admin is alone in it and it holds no devices. */
export async function deleteStore(ctx: AppContext, appUserId: number, meshId: string) {
  const { store } = await membership(ctx, appUserId, meshId, 'admin');
  await ctx.db.transaction(async (tx) => {
    await lockStore(tx, store.id);
    const [devices] = await tx.select({ n: countOf }).from(storeDevices).where(eq(storeDevices.storeId, store.id));
    if (devices!.n > 0) throw refusal('store.has-devices');
    const [others] = await tx
      .select({ n: countOf })
      .from(storeMembers)
      .where(and(eq(storeMembers.storeId, store.id), ne(storeMembers.appUserId, appUserId)));
    if (others!.n > 0) throw refusal('store.has-members');
    await tx.delete(stores).where(eq(stores.id, store.id));
  });
}

export async function createInvitation(ctx: AppContext, appUserId: number, body: InvitationCreate) {
  const { store } = await membership(ctx, appUserId, body.meshId, 'admin');
  const now = ctx.clock.now();
  const code = Array.from({ length: 8 }, () => INVITATION_ALPHABET[randomInt(INVITATION_ALPHABET.length)]).join('');
  const expiresAt = addSeconds(now, INVITATION_DAYS * 86400);
  const email = body.email.toLowerCase();
  await ctx.db.insert(storeInvitations).values({ storeId: store.id, code, email, invitedBy: appUserId, expiresAt, createdAt: now });
  if (email) {
    await sendMail(ctx, {
      to: email,
      subject: `An invitation to the store ${store.name}`,
      text: `You are invited to join the store "${store.name}" in the Lightdesk app. Enter the invitation code ${code} within ${INVITATION_DAYS} days.`,
      secrets: [code],
    });
  }
  return { code, expiresAt: expiresAt.toISOString() };
}

/** Joins with an invitation code: single use; an e-mailed one only by the person it was sent to. */
export async function joinStore(ctx: AppContext, appUserId: number, code: string): Promise<AppStore> {
  const now = ctx.clock.now();
  const actor: StoreActor = { kind: 'app-user', id: appUserId };
  const invalid = () => new AppError(ResultCode.badInput, 'store.invitation-invalid', { field: 'code' });
  const storeId = await ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(storeInvitations)
      .where(and(eq(storeInvitations.code, code.toUpperCase()), isNull(storeInvitations.usedAt), gt(storeInvitations.expiresAt, now)));
    if (!invitation) throw invalid();
    if (invitation.email) {
      const [me] = await tx.select({ email: appUsers.email }).from(appUsers).where(eq(appUsers.id, appUserId));
      if (me?.email !== invitation.email) throw invalid();
    }
    await lockStore(tx, invitation.storeId);
    const [already] = await tx
      .select({ role: storeMembers.role })
      .from(storeMembers)
      .where(and(eq(storeMembers.storeId, invitation.storeId), eq(storeMembers.appUserId, appUserId)));
    if (already) throw new AppError(ResultCode.conflict, 'store.already-member');
    await tx.update(storeInvitations).set({ usedAt: now, usedBy: appUserId }).where(eq(storeInvitations.id, invitation.id));
    await tx.insert(storeMembers).values({ storeId: invitation.storeId, appUserId, role: 'member', joinedAt: now });
    await recordStoreEvent(tx, now, invitation.storeId, actor, 'member-joined', { appUserId });
    return invitation.storeId;
  });
  return (await storesOf(ctx.db, appUserId, storeId))[0]!;
}

export async function leaveStore(ctx: AppContext, appUserId: number, meshId: string) {
  const { store, actor } = await membership(ctx, appUserId, meshId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Under the store's lock, so a transfer of the admin role to this person cannot slip in between.
    await lockStore(tx, store.id);
    const [left] = await tx
      .delete(storeMembers)
      .where(and(eq(storeMembers.storeId, store.id), eq(storeMembers.appUserId, appUserId), eq(storeMembers.role, 'member')))
      .returning({ appUserId: storeMembers.appUserId });
    if (!left) throw refusal('store.admin-must-transfer');
    await recordStoreEvent(tx, now, store.id, actor, 'member-left', { appUserId });
  });
}

export async function groupByCode(db: Database, storeId: number, groupCode: number) {
  const [group] = await db
    .select()
    .from(lightingGroups)
    .where(and(eq(lightingGroups.storeId, storeId), eq(lightingGroups.groupCode, groupCode)));
  if (!group) throw new AppError(ResultCode.notFound, 'store.group-unknown');
  return group;
}

/** The server hands out group addresses in order, so two phones never pick the same one. */
export async function createGroup(ctx: AppContext, m: Membership, groupName: string): Promise<AppLightingGroup> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [{ groupCode } = { groupCode: 0 }] = await tx
      .update(stores)
      .set({ nextGroupCode: sql`${stores.nextGroupCode} + 1` })
      .where(eq(stores.id, m.store.id))
      .returning({ groupCode: sql<number>`${stores.nextGroupCode} - 1` });
    if (groupCode > 0xffff) throw badInput('groupName', 'the store has no group addresses left');
    await tx.insert(lightingGroups).values({ storeId: m.store.id, groupCode, name: groupName, createdAt: now });
    await recordStoreEvent(tx, now, m.store.id, m.actor, 'group-created', { groupCode, groupName });
    return { groupCode, groupName, luminaireCount: 0 };
  });
}

export async function renameGroup(ctx: AppContext, m: Membership, groupCode: number, groupName: string) {
  const group = await groupByCode(ctx.db, m.store.id, groupCode);
  await ctx.db.update(lightingGroups).set({ name: groupName }).where(eq(lightingGroups.id, group.id));
}

/** Puts luminaires of the store into a group and takes others out of it. */
export async function regroupLuminaires(ctx: AppContext, m: Membership, groupCode: number, add: string[], remove: string[]): Promise<AppLightingGroup> {
  const group = await groupByCode(ctx.db, m.store.id, groupCode);
  const uuids = [...new Set([...add, ...remove])];
  if (uuids.length) {
    const found = await ctx.db
      .select({ uuid: storeDevices.uuid, kind: storeDevices.kind })
      .from(storeDevices)
      .where(and(eq(storeDevices.storeId, m.store.id), inArray(storeDevices.uuid, uuids)));
    const kinds = new Map(found.map((d) => [d.uuid, d.kind]));
    const missing = uuids.find((u) => !kinds.has(u));
    if (missing) throw new AppError(ResultCode.notFound, 'store.device-unknown', { uuid: missing });
    const notLuminaire = add.find((u) => kinds.get(u) !== 'luminaire');
    if (notLuminaire) throw refusal('store.not-luminaire', { uuid: notLuminaire });
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (remove.length) {
      await tx
        .update(storeDevices)
        .set({ groupId: null, updatedAt: now })
        .where(and(eq(storeDevices.storeId, m.store.id), eq(storeDevices.groupId, group.id), inArray(storeDevices.uuid, remove)));
    }
    if (add.length) {
      await tx
        .update(storeDevices)
        .set({ groupId: group.id, updatedAt: now })
        .where(and(eq(storeDevices.storeId, m.store.id), inArray(storeDevices.uuid, add)));
    }
  });
  return (await groupsOf(ctx.db, m.store.id, group.id))[0]!;
}

/**
 * Provisions a device into a store. A uuid is in one store at most; the store's device limit is
 * its admin's (their advanced settings, else the platform default).
 */
export async function addDevice(ctx: AppContext, m: Membership, body: DeviceCreate): Promise<AppStoreDevice> {
  const [model] = await ctx.db
    .select({ value: dictData.value })
    .from(dictData)
    .where(and(eq(dictData.dictType, FIRMWARE_TYPE), eq(dictData.value, body.model)));
  if (!model) throw new AppError(ResultCode.badInput, 'store.model-unknown', { field: 'model' });
  const group = body.groupCode === null ? null : await groupByCode(ctx.db, m.store.id, body.groupCode);
  if (group && body.kind !== 'luminaire') throw refusal('store.not-luminaire', { uuid: body.uuid });
  const [admin] = await ctx.db
    .select({ appUserId: storeMembers.appUserId })
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, m.store.id), eq(storeMembers.role, 'admin')));
  const { maxDevicesPerStore } = await effectiveFeatures(ctx.db, admin?.appUserId ?? m.actor.id);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockStore(tx, m.store.id);
    const [existing] = await tx.select({ storeId: storeDevices.storeId }).from(storeDevices).where(eq(storeDevices.uuid, body.uuid));
    if (existing && existing.storeId !== m.store.id) throw new AppError(ResultCode.conflict, 'store.device-elsewhere', { field: 'uuid' });
    if (existing) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: 'uuid' });
    const [held] = await tx.select({ n: countOf }).from(storeDevices).where(eq(storeDevices.storeId, m.store.id));
    if (held!.n >= maxDevicesPerStore) throw refusal('store.max-devices', { limit: maxDevicesPerStore });
    await tx.insert(storeDevices).values({
      storeId: m.store.id,
      kind: body.kind,
      uuid: body.uuid,
      deviceCode: body.deviceCode,
      name: body.deviceName,
      model: body.model,
      meshAddress: body.meshAddress,
      firmwareVersion: body.firmwareVersion,
      groupId: group?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordStoreEvent(tx, now, m.store.id, m.actor, 'device-added', { uuid: body.uuid, kind: body.kind });
  });
  return (await devicesOf(ctx.db, m.store.id, body.uuid))[0]!;
}

export async function resetDevice(ctx: AppContext, m: Membership, uuid: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(storeDevices)
      .where(and(eq(storeDevices.storeId, m.store.id), eq(storeDevices.uuid, uuid)))
      .returning({ id: storeDevices.id });
    if (!removed.length) throw new AppError(ResultCode.notFound, 'store.device-unknown', { uuid });
    await recordStoreEvent(tx, now, m.store.id, m.actor, 'device-reset', { uuid });
  });
}
