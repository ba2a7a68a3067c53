import {
  calibrationApi,
  CalibrationCategory,
  type CalibrationCorrect,
  type CalibrationCorrection,
  type CalibrationItem,
  type CalibrationQuery,
} from '@lightdesk/contract';
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { AppContext, Session } from '../../../lib/context';
import { column, labelColumn, streamExcel, type ExcelColumn } from '../../../lib/excel';
import { badInput, notFound } from '../../../lib/errors';
import { contains } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { countOf } from '../../../lib/sql';
import { assertCountry, isPlatform, shipmentScope } from './lines';
import { shipmentCorrections, shipmentDevices, shipments } from './schema';

/**
 * docs/devices.md "Shipment calibration". Every shipped line is matched with the store device of
 * the same uuid (a line with no uuid: of the same device code); the items are the lines nobody
 * activated, the activated devices no line lists, and the lines activated in a store of another
 * country than the shipment's. `agent_id` is whose item it is: the shipment's agent, or for an
 * unshipped device the agent owning its store.
 */
const ITEMS = sql`
  with lines as (
    select l.id as line_id, l.uuid, l.device_code, s.id as shipment_id, s.batch_no, s.country_code as ship_country, s.agent_id,
           d.id as device_id, st.id as store_id, st.name as store_name, st.country_code as store_country
    from shipment_devices l
    join shipments s on s.id = l.shipment_id
    left join lateral (
      select sd.id, sd.store_id from store_devices sd
      where (l.uuid <> '' and sd.uuid = l.uuid) or (l.uuid = '' and sd.device_code = l.device_code)
      order by sd.id limit 1
    ) d on true
    left join stores st on st.id = d.store_id
  ),
  raw_items as (
    select 'shipped-not-activated'::text as category, line_id, null::int as device_id, uuid, device_code, shipment_id, batch_no, ship_country,
           agent_id, null::int as store_id, null::text as store_name, null::text as store_country
    from lines where device_id is null
    union all
    select 'country-mismatch', line_id, device_id, uuid, device_code, shipment_id, batch_no, ship_country, agent_id, store_id, store_name, store_country
    from lines where device_id is not null and store_country <> ship_country
    union all
    select 'activated-not-shipped', null, d.id, d.uuid, d.device_code, null, null, null,
           (select t.id from tenants t where t.id = st.tenant_id and t.type = 'agent'), st.id, st.name, st.country_code
    from store_devices d join stores st on st.id = d.store_id
    where not exists (
      select 1 from shipment_devices l
      where (l.uuid <> '' and l.uuid = d.uuid) or (l.uuid = '' and d.device_code <> '' and l.device_code = d.device_code)
    )
  ),
  items as (
    select i.*, i.category || ':' || coalesce(i.line_id, 0) || ':' || coalesce(i.device_id, 0) as key,
           exists (
             select 1 from shipment_corrections c
             where c.action = 'resolve' and c.category = i.category
               and c.shipment_device_id is not distinct from i.line_id and c.store_device_id is not distinct from i.device_id
           ) as resolved
    from raw_items i
  )`;

const ITEM_FIELDS = sql`key, category, line_id as "shipmentDeviceId", device_id as "storeDeviceId", uuid, device_code as "deviceCode",
  shipment_id as "shipmentId", batch_no as "batchNo", ship_country as "shipmentCountry", agent_id as "agentId",
  (select t.name from tenants t where t.id = items.agent_id) as "agentName",
  store_id as "storeId", store_name as "storeName", store_country as "storeCountry", resolved`;

/** Whose items the caller sees: all for platform staff, their own agent's for an agent's staff. */
const itemScope = (session: Session) => (isPlatform(session) ? undefined : sql`agent_id = ${session.tenantId}`);

const conditions = (session: Session, q: CalibrationQuery): SQL => {
  const parts = [
    itemScope(session),
    q.category ? sql`category = ${q.category}` : undefined,
    q.agentId ? sql`agent_id = ${q.agentId}` : undefined,
    q.countryCode ? sql`(ship_country = ${q.countryCode} or store_country = ${q.countryCode})` : undefined,
    contains(sql`uuid`, q.uuid),
    q.state === 'resolved' ? sql`resolved` : q.state === 'all' ? undefined : sql`not resolved`,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
};

/** The rows of a statement built here: both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const itemsPage = (db: Database, where: SQL, offset: number, limit: number) =>
  rowsOf<CalibrationItem>(db, sql`${ITEMS} select ${ITEM_FIELDS} from items ${where} order by category, uuid, key limit ${limit} offset ${offset}`);

/** `category:line:device`, as the list hands it out. */
function parseKey(key: string) {
  const [category, line, device] = key.split(':');
  const parsed = CalibrationCategory.safeParse(category);
  const lineId = Number(line);
  const deviceId = Number(device);
  if (!parsed.success || !Number.isInteger(lineId) || !Number.isInteger(deviceId) || lineId < 0 || deviceId < 0)
    throw badInput('key', 'is no calibration item');
  return { category: parsed.data, lineId: lineId || null, deviceId: deviceId || null };
}

const EXCEL_COLUMNS: ExcelColumn<CalibrationItem>[] = [
  labelColumn<CalibrationItem>('category', 'device:calibration.field.category', (i) => `device:calibration.category.${i.category}`),
  column<CalibrationItem>('uuid', 'device:calibration.field.uuid'),
  column<CalibrationItem>('deviceCode', 'device:calibration.field.deviceCode'),
  column<CalibrationItem>('batchNo', 'device:calibration.field.batchNo'),
  column<CalibrationItem>('shipmentCountry', 'device:calibration.field.shipmentCountry'),
  column<CalibrationItem>('agentName', 'device:calibration.field.agent'),
  column<CalibrationItem>('storeName', 'device:calibration.field.store'),
  column<CalibrationItem>('storeCountry', 'device:calibration.field.storeCountry'),
  labelColumn<CalibrationItem>('resolved', 'device:calibration.field.resolved', (i) =>
    i.resolved ? 'device:calibration.state.resolved' : 'device:calibration.state.open',
  ),
];

async function correct(ctx: AppContext, session: Session, body: CalibrationCorrect) {
  const { db } = ctx;
  const { category, lineId, deviceId } = parseKey(body.key);
  const [item] = await rowsOf<CalibrationItem>(
    db,
    sql`${ITEMS} select ${ITEM_FIELDS} from items where key = ${body.key} ${itemScope(session) ? sql`and ${itemScope(session)}` : sql``}`,
  );
  if (!item) throw notFound();
  const record = (tx: Database, detail: Record<string, string | number> = {}, shipmentId = item.shipmentId) =>
    tx.insert(shipmentCorrections).values({
      action: body.action,
      category,
      shipmentDeviceId: lineId,
      storeDeviceId: deviceId,
      shipmentId,
      uuid: item.uuid,
      detail,
      reason: body.reason,
      staffId: session.userId,
      agentId: item.agentId,
      createdAt: ctx.clock.now(),
    });

  switch (body.action) {
    case 'resolve':
      if (item.resolved) throw badInput('key', 'is already resolved');
      await record(db);
      return;
    case 'change-country': {
      if (!item.shipmentId) throw badInput('action', 'only a shipped device has a shipment to correct');
      if (!body.countryCode) throw badInput('countryCode', 'required');
      await assertCountry(db, body.countryCode);
      const shipmentId = item.shipmentId;
      await db.transaction(async (tx) => {
        await tx.update(shipments).set({ countryCode: body.countryCode, updatedAt: ctx.clock.now() }).where(eq(shipments.id, shipmentId));
        await record(tx, { from: item.shipmentCountry ?? '', to: body.countryCode! });
      });
      return;
    }
    case 'link-shipment': {
      if (category !== 'activated-not-shipped') throw badInput('action', 'only an unshipped device can be added to a shipment');
      if (!body.shipmentId) throw badInput('shipmentId', 'required');
      const [shipment] = await db
        .select({ id: shipments.id, batchNo: shipments.batchNo })
        .from(shipments)
        .where(and(eq(shipments.id, body.shipmentId), shipmentScope(session)));
      if (!shipment) throw badInput('shipmentId', 'no such shipment');
      await db.transaction(async (tx) => {
        await tx.insert(shipmentDevices).values({ shipmentId: shipment.id, uuid: item.uuid, deviceCode: item.deviceCode });
        await tx.update(shipments).set({ updatedAt: ctx.clock.now() }).where(eq(shipments.id, shipment.id));
        await record(tx, { batchNo: shipment.batchNo }, shipment.id);
      });
      return;
    }
  }
}

export default defineRoutes((r, ctx) => {
  const { db } = ctx;

  r.endpoint(calibrationApi.page, async ({ session, query }) => {
    const where = conditions(session, query);
    const [count] = await rowsOf<{ total: number }>(db, sql`${ITEMS} select count(*)::int as total from items ${where}`);
    return { list: await itemsPage(db, where, (query.page - 1) * query.limit, query.limit), total: count?.total ?? 0 };
  });

  r.endpoint(calibrationApi.exportExcel, async ({ session, query, req, reply }) => {
    const where = conditions(session, query);
    return streamExcel(req, reply, ctx.dictionaries, { file: 'shipment-calibration', columns: EXCEL_COLUMNS }, (offset, limit) =>
      itemsPage(db, where, offset, limit),
    );
  });

  r.endpoint(calibrationApi.correct, async ({ session, body }) => {
    await correct(ctx, session, body);
    return true as const;
  });

  r.endpoint(calibrationApi.corrections, async ({ session, query }) => {
    const where = and(
      isPlatform(session) ? undefined : eq(shipmentCorrections.agentId, session.tenantId),
      contains(shipmentCorrections.uuid, query.uuid),
      query.from ? gte(shipmentCorrections.createdAt, new Date(query.from)) : undefined,
      query.to ? lte(shipmentCorrections.createdAt, new Date(query.to)) : undefined,
    );
    const [count] = await db.select({ total: countOf }).from(shipmentCorrections).where(where);
    const list = await db
      .select({
        id: shipmentCorrections.id,
        action: shipmentCorrections.action,
        category: shipmentCorrections.category,
        uuid: shipmentCorrections.uuid,
        shipmentId: shipmentCorrections.shipmentId,
        detail: shipmentCorrections.detail,
        reason: shipmentCorrections.reason,
        staffId: shipmentCorrections.staffId,
        staffName: sql<string | null>`(select u.nickname from users u where u.id = ${shipmentCorrections.staffId})`,
        createdAt: shipmentCorrections.createdAt,
      })
      .from(shipmentCorrections)
      .where(where)
      .orderBy(desc(shipmentCorrections.createdAt), desc(shipmentCorrections.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return { list: list as unknown as CalibrationCorrection[], total: count?.total ?? 0 };
  });
});
