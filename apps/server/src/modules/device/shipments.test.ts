import { calibrationApi, shipmentApi, type CalibrationItem, type ShipmentCreate } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storeDevices, storeEvents, stores } from '../store/schema';
import { makeStore, tenantIds } from '../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { readXlsx } from '../../test/xlsx';
import { assignStoresOfShippedDevices } from '.';
import { storeWithGateway } from '../../test/devices';
import { iotDevices } from './schema';
import { shipments } from './shipment/schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let tenant: Awaited<ReturnType<typeof tenantIds>>;
const SHIPMENT_PERMISSIONS = ['query', 'create', 'update', 'delete', 'export', 'import'].map((a) => `system:shipment:${a}`);
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  // The agent's package holds no shipment screens; a role gives them here, as an operator could.
  await t.grant('agent', [...SHIPMENT_PERMISSIONS, 'system:shipment-calibration:query', 'system:shipment-calibration:update']);
  agent = await t.signIn('agent');
  tenant = await tenantIds(t);
});
afterAll(() => t.close());

let batch = 0;
const shipment = (over: Partial<ShipmentCreate> = {}): ShipmentCreate => ({
  batchNo: `B-${++batch}`,
  shipDate: '2026-03-10',
  countryCode: 'NL',
  agentId: null,
  customerName: '',
  note: '',
  devices: [],
  ...over,
});
const create = async (c: ApiClient, body: ShipmentCreate) => {
  const res = await c.send(shipmentApi.create, body);
  expect(res.code, res.egMsg).toBe(200);
  return res.data;
};
const detail = async (id: number) => (await admin.send(shipmentApi.get, { id })).data;

/** A workbook of the rows given, the first one its header. */
async function workbook(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
async function upload(c: ApiClient, id: number | string, file: Buffer, name = 'devices.xlsx') {
  const form = new FormData();
  form.append('id', String(id));
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(new URL(shipmentApi.importDevices.path, c.base), { method: 'POST', headers: { authorization: `Bearer ${c.token}` }, body: form });
  return (await res.json()) as {
    code: number;
    key?: string;
    params?: Record<string, string>;
    data: { imported: number; errors: { row: number; field: string; reason: string }[] };
  };
}

describe('shipments', () => {
  test('create, read with its devices, list with filters, update, export, delete', async () => {
    const id = await create(
      admin,
      shipment({
        batchNo: 'NW-2026-001',
        agentId: tenant.northwind,
        countryCode: 'de',
        customerName: 'Kaufhaus Nord',
        devices: [
          { uuid: 'crud-uuid-1', deviceCode: 'LD-1' },
          { uuid: '', deviceCode: 'LD-2' },
          { uuid: 'crud-uuid-3', deviceCode: '' },
        ],
      }),
    );
    const other = await create(admin, shipment({ batchNo: 'CUST-7', shipDate: '2026-04-02', countryCode: 'FR', customerName: 'Maison' }));
    const got = await detail(id);
    expect(got).toMatchObject({ batchNo: 'NW-2026-001', countryCode: 'DE', agentId: tenant.northwind, agentName: 'Northwind Retail Lighting', deviceCount: 3 });
    expect(got.devices.map((d) => [d.uuid, d.deviceCode])).toEqual([
      ['crud-uuid-1', 'LD-1'],
      ['', 'LD-2'],
      ['crud-uuid-3', ''],
    ]);

    const ids = async (q: Record<string, string | number>) => (await admin.send(shipmentApi.page, { limit: 100, ...q })).data.list.map((s) => s.id);
    expect(await ids({ batchNo: 'nw-2026' })).toEqual([id]);
    expect(await ids({ agentId: tenant.northwind })).toContain(id);
    expect(await ids({ agentId: tenant.northwind })).not.toContain(other);
    expect(await ids({ countryCode: 'fr' })).toEqual([other]);
    // Picked in Amsterdam: 2 April 00:00 to 23:59:59.999 local time.
    expect(await ids({ shipFrom: '2026-04-01T22:00:00.000Z', shipTo: '2026-04-02T21:59:59.999Z' })).toEqual([other]);
    expect(await ids({ shipFrom: '2026-04-02T22:00:00.000Z' })).not.toContain(other);

    // The devices kept keep their line ids; the one dropped goes, the new one comes.
    const keptLine = got.devices[0]!.id;
    const updated = await admin.send(shipmentApi.update, {
      ...shipment({ batchNo: 'NW-2026-001', agentId: tenant.northwind, countryCode: 'DE', customerName: 'Kaufhaus Nord', note: 'Second truck' }),
      id,
      devices: [
        { uuid: 'crud-uuid-1', deviceCode: 'LD-1' },
        { uuid: 'crud-uuid-4', deviceCode: '' },
      ],
    });
    expect(updated.code, updated.egMsg).toBe(200);
    const after = await detail(id);
    expect(after.note).toBe('Second truck');
    expect(after.devices.map((d) => d.uuid)).toEqual(['crud-uuid-1', 'crud-uuid-4']);
    expect(after.devices[0]!.id).toBe(keptLine);

    const file = await admin.raw('GET', shipmentApi.exportExcel.path, { query: { batchNo: 'NW-2026' } });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await readXlsx(file);
    expect(rows[0]).toEqual(['Batch number', 'Ship date', 'Destination country', 'Agent', 'Customer', 'Devices', 'Note', 'Created']);
    // The ship date is a date cell of that day.
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['NW-2026-001', new Date('2026-03-10T00:00:00Z'), 'DE', 'Northwind Retail Lighting', 'Kaufhaus Nord', 2],
    ]);

    expect((await admin.send(shipmentApi.delete, { id: other })).code).toBe(200);
    expect((await admin.send(shipmentApi.get, { id: other })).code).toBe(404);
  });

  test('bad input names the field and changes nothing', async () => {
    const bad = async (over: Partial<ShipmentCreate>, field: string, code = 400) => {
      const res = await admin.send(shipmentApi.create, shipment(over));
      expect([res.code, res.params?.field]).toEqual([code, field]);
    };
    await bad({ countryCode: 'XX' }, 'countryCode');
    await bad({ agentId: tenant.platform }, 'agentId');
    await bad({ shipDate: '2026-02-30' }, 'shipDate');
    await bad({ batchNo: 'has space' }, 'batchNo');
    await bad({ devices: [{ uuid: '', deviceCode: '' }] }, 'devices[0].uuid');
    await bad(
      {
        devices: [
          { uuid: 'two', deviceCode: '' },
          { uuid: 'two', deviceCode: 'x' },
        ],
      },
      'devices[1].uuid',
    );
    await create(admin, shipment({ batchNo: 'DUP-1' }));
    await bad({ batchNo: 'dup-1' }, 'batchNo', 409);
  });

  test('a uuid is shipped in one shipment only', async () => {
    await create(admin, shipment({ devices: [{ uuid: 'only-once', deviceCode: '' }] }));
    const res = await admin.send(
      shipmentApi.create,
      shipment({
        devices: [
          { uuid: 'fine', deviceCode: '' },
          { uuid: 'only-once', deviceCode: '' },
        ],
      }),
    );
    expect([res.code, res.key, res.params?.field]).toEqual([409, 'common.duplicate', 'devices[1].uuid']);
    expect((await admin.send(shipmentApi.page, { batchNo: `B-${batch}` })).data.total).toBe(0);
  });

  test('an import adds every row of the workbook', async () => {
    const id = await create(admin, shipment({ devices: [{ uuid: 'typed-1', deviceCode: '' }] }));
    const res = await upload(admin, id, await workbook([['uuid', 'device code'], ['imp-1', 'LD-100'], ['', 'LD-101'], [], ['imp-3', '']]));
    expect(res.data).toEqual({ imported: 3, errors: [] });
    expect((await detail(id)).devices.map((d) => `${d.uuid}/${d.deviceCode}`)).toEqual(['typed-1/', 'imp-1/LD-100', '/LD-101', 'imp-3/']);
  });

  test('one bad row imports nothing and every bad row is reported', async () => {
    await create(admin, shipment({ devices: [{ uuid: 'elsewhere-1', deviceCode: '' }] }));
    const id = await create(admin, shipment({ devices: [{ uuid: 'mine-1', deviceCode: '' }] }));
    const res = await upload(
      admin,
      id,
      await workbook([
        ['Device code', 'UUID'],
        ['LD-1', 'good-1'],
        ['LD-2', 'bad uuid!'],
        ['LD-3', 'good-1'],
        ['LD-4', 'elsewhere-1'],
        ['LD-5', 'mine-1'],
        ['x'.repeat(65), ''],
      ]),
    );
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      imported: 0,
      errors: [
        { row: 3, field: 'uuid', reason: 'invalid' },
        { row: 4, field: 'uuid', reason: 'duplicate-in-file' },
        { row: 5, field: 'uuid', reason: 'shipped-elsewhere' },
        { row: 6, field: 'uuid', reason: 'already-listed' },
        { row: 7, field: 'deviceCode', reason: 'invalid' },
      ],
    });
    expect((await detail(id)).devices.map((d) => d.uuid)).toEqual(['mine-1']);
  });

  test('an upload must be a real workbook within the size limit', async () => {
    const id = await create(admin, shipment());
    const renamed = await upload(admin, id, Buffer.from('uuid,device code\nabc,def\n'));
    expect([renamed.code, renamed.key]).toEqual([400, 'file.type-not-allowed']);
    const zipOfNothing = await upload(admin, id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]));
    expect([zipOfNothing.code, zipOfNothing.key]).toEqual([400, 'file.type-not-allowed']);
    const huge = await upload(admin, id, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024)]));
    expect([huge.code, huge.key]).toEqual([400, 'file.too-large']);
    const noHeader = await upload(admin, id, await workbook([['a', 'b']]));
    expect(noHeader.data.errors).toEqual([{ row: 1, field: 'file', reason: 'no-columns' }]);
    expect((await upload(admin, 'x', await workbook([['uuid']]))).params?.field).toBe('id');
    expect((await detail(id)).deviceCount).toBe(0);
  });

  test("an agent's staff see and change only their own agent's shipments", async () => {
    const theirs = await create(admin, shipment({ agentId: tenant.northwind, devices: [{ uuid: 'nw-1', deviceCode: '' }] }));
    const platforms = await create(admin, shipment({ customerName: 'Direct customer', devices: [{ uuid: 'pf-1', deviceCode: '' }] }));
    const list = (await agent.send(shipmentApi.page, { limit: 100 })).data.list.map((s) => s.id);
    expect(list).toContain(theirs);
    expect(list).not.toContain(platforms);
    expect((await agent.send(shipmentApi.get, { id: platforms })).code).toBe(404);
    expect((await agent.send(shipmentApi.update, { ...shipment({ note: 'mine now' }), id: platforms })).code).toBe(404);
    expect((await agent.send(shipmentApi.delete, { id: platforms })).code).toBe(404);
    expect((await upload(agent, platforms, await workbook([['uuid'], ['sneaky']]))).code).toBe(404);
    expect(await detail(platforms)).toMatchObject({ customerName: 'Direct customer', deviceCount: 1, agentId: null });
    // Their own new shipments are their agent's, whatever agent the request names.
    const made = await create(agent, shipment({ agentId: null }));
    expect((await detail(made)).agentId).toBe(tenant.northwind);
  });

  test('staff without the permissions are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await operator.send(shipmentApi.page, {})).code).toBe(403);
    expect((await operator.send(shipmentApi.create, shipment())).code).toBe(403);
    expect((await operator.send(calibrationApi.page, {})).code).toBe(403);
    await t.grant('operator', ['system:shipment:query', 'system:shipment-calibration:query']);
    const reader = await t.signIn('operator');
    expect((await reader.send(shipmentApi.page, {})).code).toBe(200);
    expect((await reader.send(shipmentApi.create, shipment())).code).toBe(403);
    expect((await upload(reader, 1, await workbook([['uuid'], ['x']]))).code).toBe(403);
    expect((await reader.send(calibrationApi.correct, { key: 'shipped-not-activated:1:0', action: 'resolve', reason: 'x' })).code).toBe(403);
  });
});

/** A store with luminaires as the app makes them, and their uuids. */
async function storeWith(options: Parameters<typeof makeStore>[1]) {
  const made = await makeStore(t, options);
  const devices = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, made.store.id));
  return { ...made, devices };
}

describe('shipment calibration', () => {
  const items = async (c: ApiClient, q: Record<string, string | number> = {}) => {
    const res = await c.send(calibrationApi.page, { limit: 100, ...q });
    expect(res.code, res.egMsg).toBe(200);
    return res.data.list;
  };
  const ofUuid = async (uuid: string, q: Record<string, string> = {}) => (await items(admin, { uuid, ...q })).map((i: CalibrationItem) => i.category);

  test('finds shipped devices never activated, activated devices never shipped, and country mismatches', async () => {
    const shop = await storeWith({ tenantId: tenant.platform, countryCode: 'NL', luminaires: 3 });
    const [inNl, inDe, unshipped] = shop.devices.map((d) => d.uuid);
    await create(
      admin,
      shipment({
        countryCode: 'NL',
        devices: [
          { uuid: inNl!, deviceCode: '' },
          { uuid: 'never-seen-1', deviceCode: '' },
        ],
      }),
    );
    await create(admin, shipment({ countryCode: 'DE', agentId: tenant.northwind, devices: [{ uuid: inDe!, deviceCode: '' }] }));

    expect(await ofUuid(inNl!)).toEqual([]);
    expect(await ofUuid('never-seen-1')).toEqual(['shipped-not-activated']);
    expect(await ofUuid(unshipped!)).toEqual(['activated-not-shipped']);
    const [mismatch] = await items(admin, { uuid: inDe! });
    expect(mismatch).toMatchObject({
      category: 'country-mismatch',
      shipmentCountry: 'DE',
      storeCountry: 'NL',
      agentName: 'Northwind Retail Lighting',
      resolved: false,
    });

    // Filters: category, agent, country.
    const mismatches = await items(admin, { category: 'country-mismatch' });
    expect(mismatches.every((i) => i.category === 'country-mismatch')).toBe(true);
    expect(mismatches.map((i) => i.uuid)).toContain(inDe);
    expect((await items(admin, { agentId: tenant.northwind })).map((i) => i.uuid)).toContain(inDe);
    expect((await items(admin, { agentId: tenant.northwind })).map((i) => i.uuid)).not.toContain('never-seen-1');
    expect((await items(admin, { countryCode: 'DE', uuid: inDe! })).length).toBe(1);
    expect((await items(admin, { countryCode: 'FR', uuid: inDe! })).length).toBe(0);

    // An agent's staff see their agent's items only.
    const seen = (await items(agent)).map((i) => i.uuid);
    expect(seen).toContain(inDe);
    expect(seen).not.toContain('never-seen-1');
    expect(seen).not.toContain(unshipped);

    const file = await admin.raw('GET', calibrationApi.exportExcel.path, { query: { uuid: 'never-seen-1' } });
    const rows = await readXlsx(file);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([['Shipped, not activated', 'never-seen-1']]);
  });

  test('corrections resolve, change the country or link a device, and are recorded with their reason', async () => {
    const shop = await storeWith({ tenantId: tenant.platform, countryCode: 'BE', luminaires: 2 });
    const [shipped, unshipped] = shop.devices.map((d) => d.uuid);
    const target = await create(
      admin,
      shipment({
        countryCode: 'NL',
        devices: [
          { uuid: shipped!, deviceCode: '' },
          { uuid: 'lost-in-transit', deviceCode: '' },
        ],
      }),
    );

    const [lost] = await items(admin, { uuid: 'lost-in-transit' });
    const correct = (body: Record<string, unknown>, c = admin) => c.send(calibrationApi.correct, { reason: 'checked with the warehouse', ...body } as never);
    expect((await correct({ key: lost!.key, action: 'resolve', reason: '' })).params?.field).toBe('reason');
    expect((await correct({ key: lost!.key, action: 'resolve', reason: 'Lost in transit, written off' })).code).toBe(200);
    expect(await ofUuid('lost-in-transit')).toEqual([]);
    expect((await items(admin, { uuid: 'lost-in-transit', state: 'resolved' })).map((i) => [i.category, i.resolved])).toEqual([
      ['shipped-not-activated', true],
    ]);
    expect((await correct({ key: lost!.key, action: 'resolve' })).code).toBe(400);

    const [mismatch] = await items(admin, { uuid: shipped! });
    expect(mismatch!.category).toBe('country-mismatch');
    expect((await correct({ key: mismatch!.key, action: 'change-country' })).params?.field).toBe('countryCode');
    expect((await correct({ key: mismatch!.key, action: 'change-country', countryCode: 'BE', reason: 'Rerouted to Antwerp' })).code).toBe(200);
    expect(await ofUuid(shipped!)).toEqual([]);
    expect((await detail(target)).countryCode).toBe('BE');

    const [stray] = await items(admin, { uuid: unshipped! });
    expect((await correct({ key: stray!.key, action: 'link-shipment' })).params?.field).toBe('shipmentId');
    expect((await correct({ key: stray!.key, action: 'link-shipment', shipmentId: target, reason: 'Packed without a scan' })).code).toBe(200);
    expect(await ofUuid(unshipped!)).toEqual([]);
    expect((await detail(target)).devices.map((d) => d.uuid)).toContain(unshipped);

    // Another agent's item is no item of theirs.
    expect((await correct({ key: 'shipped-not-activated:999999:0', action: 'resolve' })).code).toBe(404);
    expect((await correct({ key: 'nonsense', action: 'resolve' })).params?.field).toBe('key');

    const history = (await admin.send(calibrationApi.corrections, { limit: 100 })).data.list;
    expect(history.slice(0, 3).map((h) => [h.action, h.uuid, h.reason, h.staffName])).toEqual([
      ['link-shipment', unshipped, 'Packed without a scan', expect.any(String)],
      ['change-country', shipped, 'Rerouted to Antwerp', expect.any(String)],
      ['resolve', 'lost-in-transit', 'Lost in transit, written off', expect.any(String)],
    ]);
    expect(history[1]!.detail).toEqual({ from: 'NL', to: 'BE' });
  });

  test("an agent's staff cannot correct another's item", async () => {
    await create(admin, shipment({ devices: [{ uuid: 'platform-line', deviceCode: '' }] }));
    const [item] = await items(admin, { uuid: 'platform-line' });
    const res = await agent.send(calibrationApi.correct, { key: item!.key, action: 'resolve', reason: 'not mine' });
    expect(res.code).toBe(404);
    expect(await ofUuid('platform-line')).toEqual(['shipped-not-activated']);
  });
});

describe('stores follow their shipments', () => {
  test("a platform store whose device was shipped to an agent becomes the agent's store, recorded in its history", async () => {
    const shop = await storeWith({ tenantId: tenant.platform, luminaires: 2 });
    const shippedId = await create(admin, shipment({ agentId: tenant.northwind, devices: [{ uuid: shop.devices[0]!.uuid, deviceCode: '' }] }));
    const [{ batchNo }] = (await t.ctx.db.select({ batchNo: shipments.batchNo }).from(shipments).where(eq(shipments.id, shippedId))) as [{ batchNo: string }];

    const assigned = await t.ctx.db.transaction((tx) =>
      assignStoresOfShippedDevices(
        tx,
        shop.devices.map((d) => d.id),
      ),
    );
    expect(assigned).toEqual([{ storeId: shop.store.id, agentId: tenant.northwind }]);
    const [store] = await t.ctx.db.select().from(stores).where(eq(stores.id, shop.store.id));
    expect(store!.tenantId).toBe(tenant.northwind);
    const events = await t.ctx.db
      .select()
      .from(storeEvents)
      .where(and(eq(storeEvents.storeId, shop.store.id), eq(storeEvents.kind, 'assigned-to-agent')));
    expect(events.map((e) => e.detail)).toEqual([{ tenantId: tenant.northwind, shipmentId: shippedId, batchNo }]);
    // Nothing more happens the second time.
    expect(await t.ctx.db.transaction((tx) => assignStoresOfShippedDevices(tx, [shop.devices[0]!.id]))).toEqual([]);
  });

  test("a shipped device's first report moves its platform store to the shipment's agent", async () => {
    const shop = await storeWithGateway(t, { tenantId: tenant.platform, luminaires: 1 });
    const uuid = shop.luminaires[0]!.uuid;
    await create(admin, shipment({ agentId: tenant.northwind, devices: [{ uuid, deviceCode: '' }] }));
    await shop.gateway.report([{ id: 'first', at: t.clock.now().toISOString(), device: uuid, kind: 'zone', people: 0 }]);
    const [store] = await t.ctx.db.select().from(stores).where(eq(stores.id, shop.store.id));
    expect(store!.tenantId).toBe(tenant.northwind);
    // Its gateway moved with it.
    const [gateway] = await t.ctx.db.select().from(iotDevices).where(eq(iotDevices.id, shop.device.id));
    expect(gateway!.tenantId).toBe(tenant.northwind);
  });

  test('stores already with an agent, and devices shipped to no agent, change nothing', async () => {
    const agents = await storeWith({ tenantId: tenant.northwind, luminaires: 1 });
    const direct = await storeWith({ tenantId: tenant.platform, luminaires: 1 });
    const unshipped = await storeWith({ tenantId: tenant.platform, luminaires: 1 });
    await create(admin, shipment({ agentId: tenant.northwind, devices: [{ uuid: agents.devices[0]!.uuid, deviceCode: '' }] }));
    await create(admin, shipment({ agentId: null, devices: [{ uuid: direct.devices[0]!.uuid, deviceCode: '' }] }));
    const ids = [agents, direct, unshipped].map((s) => s.devices[0]!.id);
    expect(await t.ctx.db.transaction((tx) => assignStoresOfShippedDevices(tx, ids))).toEqual([]);
    expect(await assignStoresOfShippedDevices(t.ctx.db, [])).toEqual([]);
    const tenantsNow = await Promise.all(
      [direct, unshipped].map(async (s) => (await t.ctx.db.select().from(stores).where(eq(stores.id, s.store.id)))[0]!.tenantId),
    );
    expect(tenantsNow).toEqual([tenant.platform, tenant.platform]);
  });
});
