import type { CommandDown, CommandSend, GatewayProblem } from '@lightdesk/contract';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext, Session } from '../../../lib/context';
import { badInput, refusal } from '../../../lib/errors';
import { lightingGroups, storeDevices, stores } from '../../store';
import { readSetting } from '../../system';
import { iotDevices, iotProducts } from '../schema';
import { publishJob } from './delivery';
import { deviceCommandJobs, deviceCommands } from './schema';

/** The stores the caller may command: every store for platform staff, their own agent's otherwise. */
export const commandableStores = (session: Session): SQL | undefined => (session.tenantType === 'platform' ? undefined : eq(stores.tenantId, session.tenantId));

/**
 * Why a command cannot reach the store whose id is `storeId` now, or null. One rule for the
 * store picker and for sending, so the reason shown before sending is the one a delivery would
 * fail with: no enabled gateway of the store is provisioned in the cloud (a gateway the app has
 * not provisioned yet is only in the store's device registry), or every one is offline.
 */
export const gatewayProblemOf = (storeId: SQL) => {
  const gateways = sql`from iot_devices g join iot_products p on p.id = g.product_id where g.store_id = ${storeId} and g.enabled and p.node_type = 'gateway'`;
  return sql<GatewayProblem | null>`case when not exists (select 1 ${gateways}) then 'no-gateway' when not exists (select 1 ${gateways} and g.online) then 'gateway-offline' end`;
};

type StoreTarget = CommandDown['target'];

/** Each chosen store's part of the target, checked against the stores: a choice outside them is named. */
async function targetsPerStore(ctx: AppContext, storeIds: number[], target: CommandSend['target']): Promise<Map<number, StoreTarget>> {
  const perStore = new Map<number, StoreTarget>();
  if (target.kind === 'all') {
    for (const id of storeIds) perStore.set(id, { kind: 'all' });
    return perStore;
  }
  const codes = new Map<number, number[]>();
  const uuids = new Map<number, string[]>();
  if (target.kind === 'groups') {
    const rows = await ctx.db
      .select({ id: lightingGroups.id, storeId: lightingGroups.storeId, groupCode: lightingGroups.groupCode })
      .from(lightingGroups)
      .where(and(inArray(lightingGroups.id, target.groupIds), inArray(lightingGroups.storeId, storeIds)));
    const byId = new Map(rows.map((g) => [g.id, g]));
    target.groupIds.forEach((id, i) => {
      const group = byId.get(id);
      if (!group) throw badInput(`target.groupIds[${i}]`, 'is not a lighting group of the chosen stores');
      codes.set(group.storeId, [...new Set([...(codes.get(group.storeId) ?? []), group.groupCode])]);
    });
  } else {
    const rows = await ctx.db
      .select({ uuid: storeDevices.uuid, storeId: storeDevices.storeId })
      .from(storeDevices)
      .where(and(inArray(storeDevices.uuid, target.uuids), inArray(storeDevices.storeId, storeIds), eq(storeDevices.kind, 'luminaire')));
    const byUuid = new Map(rows.map((d) => [d.uuid, d.storeId]));
    target.uuids.forEach((uuid, i) => {
      const storeId = byUuid.get(uuid);
      if (storeId === undefined) throw badInput(`target.uuids[${i}]`, 'is not a luminaire of the chosen stores');
      uuids.set(storeId, [...new Set([...(uuids.get(storeId) ?? []), uuid])]);
    });
  }
  for (const id of storeIds) {
    const part: StoreTarget | null =
      target.kind === 'groups'
        ? codes.has(id)
          ? { kind: 'groups', groupCodes: codes.get(id)! }
          : null
        : uuids.has(id)
          ? { kind: 'devices', uuids: uuids.get(id)! }
          : null;
    if (!part) throw badInput('target', 'chooses nothing in one of the chosen stores');
    perStore.set(id, part);
  }
  return perStore;
}

/**
 * Sends a command to the chosen stores: one delivery per store. A store that has a gateway
 * problem (gatewayProblemOf) fails at once with it; the others go down over MQTT, or wait for
 * their gateway's HTTP poll. Answers the command's id.
 */
export async function sendCommand(ctx: AppContext, session: Session, body: CommandSend): Promise<number> {
  const { db } = ctx;
  const cap = await readSetting(db, 'device.group-control.max-stores');
  const refs = [...new Set(body.stores)];
  if (refs.length > cap) throw refusal('device.group-control.too-many-stores', { limit: cap });

  const ids = refs.filter((r): r is number => typeof r === 'number');
  const meshIds = refs.filter((r): r is string => typeof r === 'string');
  const found = await db
    .select({ id: stores.id, meshId: stores.meshId })
    .from(stores)
    .where(and(or(ids.length ? inArray(stores.id, ids) : undefined, meshIds.length ? inArray(stores.meshId, meshIds) : undefined), commandableStores(session)));
  const storeIds = refs.map((ref) => {
    const store = found.find((s) => s.id === ref || s.meshId === ref);
    if (!store) throw badInput(`stores[${body.stores.indexOf(ref)}]`, 'is not a store you may command');
    return store.id;
  });
  const chosen = [...new Set(storeIds)];
  const targets = await targetsPerStore(ctx, chosen, body.target);

  const problems = new Map(
    (
      await db
        .select({ id: stores.id, problem: gatewayProblemOf(sql`${stores.id}`) })
        .from(stores)
        .where(inArray(stores.id, chosen))
    ).map((s) => [s.id, s.problem]),
  );
  const gateways = await db
    .select({
      id: iotDevices.id,
      storeId: iotDevices.storeId,
      productKey: iotProducts.productKey,
      deviceName: iotDevices.deviceName,
    })
    .from(iotDevices)
    .innerJoin(iotProducts, eq(iotProducts.id, iotDevices.productId))
    .where(and(inArray(iotDevices.storeId, chosen), eq(iotDevices.enabled, true), eq(iotDevices.online, true), eq(iotProducts.nodeType, 'gateway')))
    .orderBy(sql`${iotDevices.lastSeenAt} desc nulls last`);

  const now = ctx.clock.now();
  const { commandId, queued } = await db.transaction(async (tx) => {
    const [command] = await tx
      .insert(deviceCommands)
      .values({ tenantId: session.tenantId, sentBy: session.userId, command: body.command, target: body.target, createdAt: now })
      .returning({ id: deviceCommands.id });
    const rows = chosen.map((storeId) => {
      const reason = problems.get(storeId) ?? null;
      const payload = { commandId: command!.id, target: targets.get(storeId)!, command: body.command, issuedAt: now.toISOString() };
      return { commandId: command!.id, storeId, state: reason ? 'failed' : 'queued', reason, payload, createdAt: now, finishedAt: reason ? now : null };
    });
    const jobs = await tx
      .insert(deviceCommandJobs)
      .values(rows)
      .returning({ id: deviceCommandJobs.id, storeId: deviceCommandJobs.storeId, state: deviceCommandJobs.state, payload: deviceCommandJobs.payload });
    return { commandId: command!.id, queued: jobs.filter((j) => j.state === 'queued') };
  });

  // After the commit: a gateway may acknowledge before this request has answered.
  for (const job of queued) {
    const gateway = gateways.find((g) => g.storeId === job.storeId);
    // Gone offline between the two reads: the delivery waits for the gateway's poll or times out.
    if (!gateway) continue;
    await publishJob(ctx, gateway, { ...job.payload, jobId: job.id });
  }
  return commandId;
}
