import { MAX_SHADOW_BYTES, MAX_SHADOW_PROPERTIES, type Report } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import { badInput } from '../../../lib/errors';
import { rowsOf } from '../../../lib/sql';
import type { Database } from '../../../db/client';
import type { KnownDevice } from '../directory';

/** Why a device changed state; kept with each transition. */
export type StatusReason = 'report' | 'timeout' | 'last-will' | 'disabled';

/** Work to do, in the same transaction, for store devices seen for the very first time. */
export type FirstSeenHook = (tx: Database, storeDeviceIds: number[], now: Date) => Promise<void>;
const firstSeenHooks: FirstSeenHook[] = [];
export const onFirstSeen = (hook: FirstSeenHook) => void firstSeenHooks.push(hook);

/** A device's last-seen time is rewritten at most this often while it stays online. */
const SEEN_WRITE_EVERY = '15 seconds';

interface PropertiesNews {
  storeDeviceId: number | null;
  subject: string;
  report: Report;
}

/**
 * Refuses news that would take a device's stored shadow past its limits. The shadow is read
 * under its row's lock, held until the merge commits: batches arriving together are measured one
 * after another, each against the shadow the other left, so none slips past a total read before
 * the other was merged.
 */
async function refuseOverfullShadow(tx: Database, iotDeviceId: number, news: Record<string, unknown>): Promise<void> {
  const [row] = await rowsOf<{ shadow: Record<string, unknown> }>(tx, sql`select shadow from iot_devices where id = ${iotDeviceId} for update`);
  const merged = { ...row?.shadow, ...news };
  const properties = Object.keys(merged).length;
  if (properties > MAX_SHADOW_PROPERTIES)
    throw badInput('properties', `the device shadow would hold ${properties} properties; it holds at most ${MAX_SHADOW_PROPERTIES}`);
  const bytes = Buffer.byteLength(JSON.stringify(merged));
  if (bytes > MAX_SHADOW_BYTES) throw badInput('properties', `the device shadow would take ${bytes} bytes of JSON; it takes at most ${MAX_SHADOW_BYTES}`);
}

/**
 * Keeps the live state of a sender and the store devices its reports named: online now, last
 * seen, the sender's shadow and the devices' firmware versions; records each device that came
 * online, with how long it had been offline. News that would overfill the sender's shadow
 * refuses the batch (bad input), never a shadow cut short.
 */
export async function markSeen(tx: Database, sender: KnownDevice, storeDeviceIds: (number | null)[], news: PropertiesNews[], now: Date): Promise<void> {
  const at = now.toISOString();
  const shadow: Record<string, unknown> = {};
  const firmware = new Map<number, string>();
  for (const { report, storeDeviceId, subject } of news) {
    if (report.kind !== 'properties') continue;
    if (subject === sender.deviceName) Object.assign(shadow, report.properties, report.firmwareVersion ? { firmwareVersion: report.firmwareVersion } : {});
    if (storeDeviceId !== null && report.firmwareVersion) firmware.set(storeDeviceId, report.firmwareVersion);
  }
  const hasShadow = Object.keys(shadow).length > 0;
  if (hasShadow) await refuseOverfullShadow(tx, sender.id, shadow);
  await tx.execute(sql`
    with prev as (
      select id, online, last_online_at, last_seen_at from iot_devices
      where id = ${sender.id} and (not online or ${hasShadow} or last_seen_at < ${at}::timestamptz - ${SEEN_WRITE_EVERY}::interval)
      for update
    ),
    changed as (
      update iot_devices d set online = true, last_seen_at = ${at}::timestamptz,
        last_online_at = case when prev.online then d.last_online_at else ${at}::timestamptz end,
        shadow = case when ${hasShadow} then d.shadow || ${JSON.stringify(shadow)}::jsonb else d.shadow end,
        shadow_updated_at = case when ${hasShadow} then ${at}::timestamptz else d.shadow_updated_at end
      from prev where d.id = prev.id
      returning d.id, d.tenant_id, d.store_id, prev.online as was_online, prev.last_seen_at as since
    )
    insert into device_status_changes (tenant_id, store_id, iot_device_id, online, at, reason, previous_ms)
    select tenant_id, store_id, id, true, ${at}::timestamptz, 'report',
      case when since is null then null else (extract(epoch from (${at}::timestamptz - since)) * 1000)::bigint end
    from changed where not was_online`);

  const ids = [...new Set(storeDeviceIds.filter((id): id is number => id !== null))];
  if (ids.length > 0) {
    const rows = await rowsOf<{ id: number; first: boolean }>(
      tx,
      sql`
      with prev as (
        select id, online, last_seen_at, status_since from store_devices
        where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int) and (not online or last_seen_at < ${at}::timestamptz - ${SEEN_WRITE_EVERY}::interval)
        order by id for update
      ),
      changed as (
        update store_devices d set online = true, last_seen_at = ${at}::timestamptz,
          status_since = case when prev.online then d.status_since else ${at}::timestamptz end
        from prev where d.id = prev.id
        returning d.id, d.store_id, prev.online as was_online, prev.status_since as since, prev.last_seen_at is null as first
      ),
      history as (
        insert into device_status_changes (tenant_id, store_id, store_device_id, online, at, reason, previous_ms)
        select ${sender.tenantId}, store_id, id, true, ${at}::timestamptz, 'report',
          case when since is null then null else (extract(epoch from (${at}::timestamptz - since)) * 1000)::bigint end
        from changed where not was_online
      )
      select id, first from changed where first`,
    );
    const first = rows.map((r) => Number(r.id));
    if (first.length > 0) for (const hook of firstSeenHooks) await hook(tx, first, now);
  }
  if (firmware.size > 0) {
    await tx.execute(sql`
      update store_devices d set firmware_version = u.v, updated_at = ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify([...firmware].map(([id, v]) => ({ id, v })))}::jsonb) as u(id int, v text)
      where d.id = u.id and d.firmware_version <> u.v`);
  }
}

/**
 * Marks offline what has sent nothing since `before`: store devices and iot devices alike.
 * Answers how many went offline.
 */
export async function markSilentOffline(db: Database, before: Date, now: Date): Promise<number> {
  return markOffline(
    db,
    sql`online and last_seen_at < ${before.toISOString()}::timestamptz`,
    sql`online and last_seen_at < ${before.toISOString()}::timestamptz`,
    now,
    'timeout',
  );
}

/**
 * A gateway's Last Will (or a disabled device): it goes offline at once, and so do the devices
 * of its store behind it — the luminaires and sensors, not other gateways — unless another
 * gateway of the store is still online to speak for them.
 */
export async function markGatewayOffline(db: Database, iotDeviceId: number, now: Date, reason: StatusReason): Promise<number> {
  return db.transaction(async (tx) => {
    const [gateway] = await rowsOf<{ store_id: number | null; store_device_id: number | null }>(
      tx,
      sql`select store_id, store_device_id from iot_devices where id = ${iotDeviceId} for update`,
    );
    if (!gateway) return 0;
    const others =
      gateway.store_id === null
        ? 0
        : Number(
            (
              await rowsOf<{ n: number }>(
                tx,
                sql`select count(*)::int as n from iot_devices where store_id = ${gateway.store_id} and id <> ${iotDeviceId} and online`,
              )
            )[0]?.n ?? 0,
          );
    const behind =
      gateway.store_id !== null && others === 0
        ? sql`online and (id = ${gateway.store_device_id} or (store_id = ${gateway.store_id} and kind <> 'gateway'))`
        : sql`online and id = ${gateway.store_device_id}`;
    return markOffline(tx, behind, sql`online and id = ${iotDeviceId}`, now, reason);
  });
}

async function markOffline(
  db: Database,
  storeDevicesWhere: ReturnType<typeof sql>,
  iotDevicesWhere: ReturnType<typeof sql>,
  now: Date,
  reason: StatusReason,
): Promise<number> {
  const at = now.toISOString();
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`
    with gone as (
      update store_devices d set online = false, status_since = ${at}::timestamptz
      from (select id, status_since as since from store_devices where ${storeDevicesWhere} for update) prev
      where d.id = prev.id
      returning d.id, d.store_id, prev.since
    ),
    gone_iot as (
      update iot_devices d set online = false
      from (select id, last_online_at as since from iot_devices where ${iotDevicesWhere} for update) prev
      where d.id = prev.id
      returning d.id, d.tenant_id, d.store_id, prev.since
    ),
    history as (
      insert into device_status_changes (tenant_id, store_id, store_device_id, iot_device_id, online, at, reason, previous_ms)
      select s.tenant_id, g.store_id, g.id, null, false, ${at}::timestamptz, ${reason},
        (extract(epoch from (${at}::timestamptz - g.since)) * 1000)::bigint
      from gone g join stores s on s.id = g.store_id
      union all
      select tenant_id, store_id, null, id, false, ${at}::timestamptz, ${reason},
        (extract(epoch from (${at}::timestamptz - since)) * 1000)::bigint
      from gone_iot
    )
    select (select count(*) from gone)::int + (select count(*) from gone_iot)::int as n`,
  );
  return Number(rows[0]?.n ?? 0);
}
