import { productApi, type Page, type Product } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { iotProducts } from './schema';
import { users } from '../system/schema';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { readXlsx } from '../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const BASE = '/api/iot/product';
const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>(`${BASE}/create`, body);
const page = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<Product>>(`${BASE}/page`, q);
const get = async (id: number) => (await admin.send(productApi.get, { id })).data;

const lamp = {
  properties: [
    { identifier: 'power', name: 'Power', accessMode: 'rw', dataType: { type: 'bool', specs: { true: 'on', false: 'off' } } },
    { identifier: 'brightness', name: 'Brightness', accessMode: 'rw', dataType: { type: 'int', specs: { min: 0, max: 100, step: 1, unit: '%' } } },
    {
      identifier: 'colour',
      name: 'Colour',
      accessMode: 'r',
      dataType: {
        type: 'struct',
        specs: [
          { identifier: 'hue', name: 'Hue', dataType: { type: 'int', specs: { min: 0, max: 360 } } },
          { identifier: 'scene', name: 'Scene', dataType: { type: 'enum', specs: { '0': 'Reading', '1': 'Relax' } } },
        ],
      },
    },
  ],
  events: [
    {
      identifier: 'overheat',
      name: 'Overheat',
      type: 'alert',
      outputData: [{ identifier: 'temp', name: 'Temperature', dataType: { type: 'float', specs: { min: -40, max: 150 } } }],
    },
  ],
  services: [
    {
      identifier: 'blink',
      name: 'Blink',
      callType: 'async',
      inputData: [{ identifier: 'times', name: 'Times', dataType: { type: 'array', specs: { item: 'int', size: 10 } } }],
      outputData: [],
    },
  ],
};
const product = (over: Record<string, unknown> = {}) => ({
  name: 'Smart lamp',
  nodeType: 'direct',
  protocol: 'mqtt',
  description: 'A lamp',
  thingModel: lamp,
  ...over,
});
/** A copy of the lamp's model with one change made by `edit`. */
const lampWith = (edit: (m: typeof lamp) => void) => {
  const m = structuredClone(lamp);
  edit(m);
  return m;
};

describe('products', () => {
  test('create, read, list with filters, update, delete', async () => {
    const made = await create(admin, product());
    expect(made.code).toBe(200);
    const id = made.data;
    const p = await get(id);
    expect(p).toMatchObject({ name: 'Smart lamp', nodeType: 'direct', protocol: 'mqtt', description: 'A lamp' });
    expect(p.productKey).toMatch(/^[A-Za-z0-9]{11}$/);
    expect(p.thingModel.properties.map((x) => x.identifier)).toEqual(['power', 'brightness', 'colour']);
    expect(p.thingModel.services[0]).toMatchObject({ identifier: 'blink', callType: 'async' });
    const [row] = await t.ctx.db.select().from(iotProducts).where(eq(iotProducts.id, id));
    const [adminUser] = await t.ctx.db.select().from(users).where(eq(users.username, 'admin'));
    expect(row!.createdBy).toBe(adminUser!.id);

    const gateway = (await create(admin, product({ name: 'Hall gateway', nodeType: 'gateway', protocol: 'http', thingModel: undefined }))).data;
    expect((await get(gateway)).thingModel).toEqual({ properties: [], events: [], services: [] });

    expect((await page(admin, { name: 'LAMP' })).data.list.map((x) => x.id)).toEqual([id]);
    expect((await page(admin, { productKey: p.productKey.slice(2, 9) })).data.list.map((x) => x.id)).toEqual([id]);
    expect((await page(admin, { nodeType: 'gateway' })).data.list.map((x) => x.id)).toEqual([gateway]);
    expect((await page(admin, { sortBy: 'name', sortOrder: 'asc' })).data.list.map((x) => x.name)).toEqual(['Hall gateway', 'Smart lamp']);
    expect(await page(admin, { sortBy: 'thingModel' })).toMatchObject({ code: 400, params: { field: 'sortBy' } });

    const changed = await admin.put(`${BASE}/update`, {
      id,
      ...product({ name: 'Smart lamp 2', protocol: 'http', thingModel: { properties: lamp.properties.slice(0, 1) } }),
    });
    expect(changed.code).toBe(200);
    expect(await get(id)).toMatchObject({
      name: 'Smart lamp 2',
      protocol: 'http',
      productKey: p.productKey,
      thingModel: { properties: [{ identifier: 'power' }], events: [] },
    });

    expect((await admin.send(productApi.delete, { id: gateway })).code).toBe(200);
    expect((await admin.get(`${BASE}/get`, { id: gateway })).code).toBe(404);
    expect((await admin.send(productApi.delete, { id })).code).toBe(200);
    expect((await page(admin)).data.total).toBe(0);
  });

  test('the product key is handed out once, differs per product and never changes', async () => {
    const ids = [];
    for (const name of ['Key A', 'Key B', 'Key C']) ids.push((await create(admin, product({ name }))).data);
    const keys = await Promise.all(ids.map(async (id) => (await get(id)).productKey));
    expect(new Set(keys).size).toBe(3);
    // A key sent along is no field of the product's: ignored on create and on update.
    const sent = (await create(admin, product({ name: 'Key D', productKey: 'AAAAAAAAAAA' }))).data;
    expect((await get(sent)).productKey).not.toBe('AAAAAAAAAAA');
    expect((await admin.put(`${BASE}/update`, { id: ids[0], ...product({ name: 'Key A' }), productKey: 'BBBBBBBBBBB' })).code).toBe(200);
    expect((await get(ids[0]!)).productKey).toBe(keys[0]);
    for (const id of [...ids, sent]) await admin.send(productApi.delete, { id });
  });

  test('a name is used once, whatever its case: 409 naming name', async () => {
    const id = (await create(admin, product({ name: 'Thermostat' }))).data;
    const other = (await create(admin, product({ name: 'Sensor' }))).data;
    expect(await create(admin, product({ name: 'thermostat' }))).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'name' } });
    expect(await admin.put(`${BASE}/update`, { id: other, ...product({ name: 'THERMOSTAT' }) })).toMatchObject({ code: 409, params: { field: 'name' } });
    // Its own name is no clash.
    expect((await admin.put(`${BASE}/update`, { id, ...product({ name: 'Thermostat', description: 'Changed' }) })).code).toBe(200);
    const racing = await Promise.all(Array.from({ length: 4 }, () => create(admin, product({ name: 'Race' }))));
    expect(racing.filter((a) => a.code === 200)).toHaveLength(1);
    for (const a of racing.filter((a) => a.code !== 200)) expect(a).toMatchObject({ code: 409, params: { field: 'name' } });
    expect((await page(admin, { limit: 100 })).data.list.map((p) => p.name).sort()).toEqual(['Race', 'Sensor', 'Thermostat']);
  });

  test('a wrong thing model is refused naming the exact path of the first wrong field, and nothing is saved', async () => {
    const before = (await page(admin)).data.total;
    const cases: [unknown, string][] = [
      [lampWith((m) => Object.assign(m.properties[1]!.dataType.specs, { min: 200 })), 'thingModel.properties[1].dataType.specs.min'],
      [
        lampWith((m) => ((m.properties[2]!.dataType.specs as { dataType: unknown }[])[1]!.dataType = { type: 'enum', specs: {} })),
        'thingModel.properties[2].dataType.specs[1].dataType.specs',
      ],
      [
        lampWith((m) => ((m.properties[2]!.dataType.specs as { dataType: unknown }[])[0]!.dataType = { type: 'struct', specs: [] })),
        'thingModel.properties[2].dataType.specs[0].dataType.type',
      ],
      [lampWith((m) => (m.properties[0]!.identifier = '1power')), 'thingModel.properties[0].identifier'],
      [lampWith((m) => (m.properties[0]!.accessMode = 'w')), 'thingModel.properties[0].accessMode'],
      [lampWith((m) => (m.services[0]!.identifier = 'brightness')), 'thingModel.services[0].identifier'],
      [lampWith((m) => (m.events[0]!.identifier = 'blink')), 'thingModel.services[0].identifier'],
      [lampWith((m) => m.services[0]!.inputData.push({ ...m.services[0]!.inputData[0]! })), 'thingModel.services[0].inputData[1].identifier'],
      [
        lampWith((m) => (m.events[0]!.outputData[0]!.dataType = { type: 'text', specs: { length: 10241 } } as never)),
        'thingModel.events[0].outputData[0].dataType.specs.length',
      ],
      [lampWith((m) => (m.events[0]!.type = 'panic')), 'thingModel.events[0].type'],
      [
        lampWith((m) => (m.services[0]!.inputData[0]!.dataType = { type: 'array', specs: { item: 'struct', size: 3 } } as never)),
        'thingModel.services[0].inputData[0].dataType.specs.item',
      ],
      ['not a model', 'thingModel'],
    ];
    for (const [thingModel, field] of cases) {
      expect(await create(admin, product({ name: 'Bad model', thingModel })), field).toMatchObject({ code: 400, key: 'common.bad-input', params: { field } });
    }
    expect(await create(admin, product({ nodeType: 'hub' }))).toMatchObject({ code: 400, params: { field: 'nodeType' } });
    expect(await create(admin, product({ name: 'x'.repeat(51) }))).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await create(admin, product({ description: 'x'.repeat(501) }))).toMatchObject({ code: 400, params: { field: 'description' } });
    // On update too.
    const id = (await create(admin, product({ name: 'Good model' }))).data;
    const saved = await get(id);
    const bad = lampWith((m) => Object.assign(m.properties[1]!.dataType.specs, { max: -1 }));
    expect(await admin.put(`${BASE}/update`, { id, ...product({ name: 'Good model', thingModel: bad }) })).toMatchObject({
      code: 400,
      params: { field: 'thingModel.properties[1].dataType.specs.min' },
    });
    expect(await get(id)).toEqual(saved);
    expect((await page(admin)).data.total).toBe(before + 1);
    await admin.send(productApi.delete, { id });
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const id = (await create(admin, product({ name: 'Exported lamp' }))).data;
    const key = (await get(id)).productKey;
    const res = await admin.raw('GET', `${BASE}/export-excel`, { query: { name: 'exported' } });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('products.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 7)).toEqual(['Product key', 'Product name', 'Node type', 'Protocol', 'Properties', 'Events', 'Services']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([[key, 'Exported lamp', 'Direct device', 'MQTT', 3, 1, 1]]);
    await admin.send(productApi.delete, { id });
  });

  test("an agent's staff are refused every product endpoint, whatever their roles, and nothing changes", async () => {
    await t.grant('agent', ['iot:product:query', 'iot:product:create', 'iot:product:update', 'iot:product:delete', 'iot:product:export']);
    const agent = await t.signIn('agent');
    const id = (await create(admin, product({ name: 'Platform lamp' }))).data;
    const before = await get(id);
    const total = (await page(admin)).data.total;
    const answers = [
      await page(agent),
      await agent.get(`${BASE}/get`, { id }),
      await create(agent, product({ name: 'Agent lamp' })),
      await agent.put(`${BASE}/update`, { id, ...product({ name: 'Hijacked' }) }),
      await agent.delete(`${BASE}/delete`, { id }),
      await agent.raw('GET', `${BASE}/export-excel`).then((r) => r.json() as Promise<{ code: number }>),
    ];
    for (const a of answers) expect(a.code).toBe(403);
    expect(await get(id)).toEqual(before);
    expect((await page(admin)).data.total).toBe(total);
    const operator = await t.signIn('operator');
    expect((await page(operator)).code).toBe(403);
  });
});
