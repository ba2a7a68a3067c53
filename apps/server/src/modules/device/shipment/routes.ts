import { shipmentApi, type ShipmentCreate, type ShipmentUpdate } from '@lightdesk/contract';
import { asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Session } from '../../../lib/context';
import { contains, equals } from '../../../lib/filters';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { importDevices } from './import';
import { assertAgent, assertCountry, checkLines, isPlatform, shipmentScope, writeLines } from './lines';
import { shipmentDevices, shipments } from './schema';
import { column, dateColumn, dayColumn } from '../../../lib/excel';

const columns = {
  id: shipments.id,
  batchNo: shipments.batchNo,
  shipDate: shipments.shipDate,
  countryCode: shipments.countryCode,
  agentId: shipments.agentId,
  agentName: sql<string | null>`(select t.name from tenants t where t.id = "shipments"."agent_id")`.as('agent_name'),
  customerName: shipments.customerName,
  note: shipments.note,
  deviceCount: sql<number>`(select count(*)::int from shipment_devices c where c.shipment_id = "shipments"."id")`.as('device_count'),
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
};
type ShipmentRow = RowOf<typeof columns>;

/**
 * A ship date is a calendar day of no time zone, while a date filter's ends are instants (the
 * start and end of the days the person picked, in their zone). The day is taken at its midday in
 * UTC, which lies inside that same calendar day in every zone from UTC−11 to UTC+11.
 */
const shipDay = sql`(${shipments.shipDate}::timestamp + interval '12 hours') at time zone 'UTC'`;

/** An agent's staff ship to their own agent only; platform staff choose any agent or none. */
const agentOf = (session: Session, values: ShipmentCreate | ShipmentUpdate) => (isPlatform(session) ? (values.agentId ?? null) : session.tenantId);

export default defineRoutes((r, ctx) => {
  resourceRoutes(r, ctx, {
    api: shipmentApi,
    table: shipments,
    id: shipments.id,
    tenancy: { scope: shipmentScope },
    columns,
    filters: (q) => [
      contains(shipments.batchNo, q.batchNo),
      // For an agent's staff this can only narrow their own shipments further.
      equals(shipments.agentId, q.agentId),
      equals(shipments.countryCode, q.countryCode),
      q.shipFrom ? gte(shipDay, new Date(q.shipFrom)) : undefined,
      q.shipTo ? lte(shipDay, new Date(q.shipTo)) : undefined,
    ],
    sortable: { batchNo: shipments.batchNo, shipDate: shipments.shipDate, countryCode: shipments.countryCode, createdAt: shipments.createdAt },
    defaultSort: [desc(shipments.shipDate), desc(shipments.id)],
    unique: [{ field: 'batchNo', column: shipments.batchNo, platformWide: true, ignoreCase: true, index: 'shipments_batch_no_key' }],
    validate: async ({ db }, session, values, id) => {
      await assertCountry(db, values.countryCode);
      await assertAgent(db, agentOf(session, values));
      await checkLines(db, values.devices, id);
    },
    toRow: (values, session) => {
      const { devices: _devices, ...row } = values;
      return { ...row, agentId: agentOf(session, values), ...(!('id' in values) && { createdBy: session.userId }) };
    },
    afterWrite: (tx, _session, id, values) => writeLines(tx, id, values.devices),
    detail: async ({ db }, row: ShipmentRow) => ({
      ...row,
      devices: await db
        .select({ id: shipmentDevices.id, uuid: shipmentDevices.uuid, deviceCode: shipmentDevices.deviceCode })
        .from(shipmentDevices)
        .where(eq(shipmentDevices.shipmentId, row.id))
        .orderBy(asc(shipmentDevices.id)),
    }),
    excel: {
      file: 'shipments',
      columns: [
        column<ShipmentRow>('batchNo', 'device:shipment.field.batchNo'),
        dayColumn<ShipmentRow>('shipDate', 'device:shipment.field.shipDate'),
        column<ShipmentRow>('countryCode', 'device:shipment.field.countryCode'),
        column<ShipmentRow>('agentName', 'device:shipment.field.agent'),
        column<ShipmentRow>('customerName', 'device:shipment.field.customerName'),
        column<ShipmentRow>('deviceCount', 'device:shipment.field.deviceCount'),
        column<ShipmentRow>('note', 'device:shipment.field.note'),
        dateColumn<ShipmentRow>('createdAt', 'device:shipment.field.createdAt'),
      ],
    },
  });

  r.endpoint(shipmentApi.importDevices, ({ session, req }) => importDevices(ctx, session, req));
});
