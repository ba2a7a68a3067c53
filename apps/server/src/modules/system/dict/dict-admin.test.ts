import { dictDataApi, type DictDataDetail, type DictTypeDetail, type DictTypeSimple, type Page } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['system:dict:query', 'system:dict:create', 'system:dict:update', 'system:dict:delete', 'system:dict:export']);
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

type Query = Record<string, string | number>;
const createType = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/dict-type/create', body);
const typePage = (c: ApiClient, q: Query = {}) => c.get<Page<DictTypeDetail>>('/api/system/dict-type/page', q);
const createData = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/dict-data/create', body);
const dataPage = (c: ApiClient, q: Query) => c.get<Page<DictDataDetail>>('/api/system/dict-data/page', q);

async function sheetRows(res: Response) {
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  return readXlsx(res);
}

describe('dictionary types', () => {
  test('create, read, update, list with filters, paging and sort, delete', async () => {
    const ids: number[] = [];
    for (const [type, name] of [
      ['shelf_kind', 'Shelf kind'],
      ['shelf_height', 'Shelf height'],
      ['lamp_finish', 'Lamp finish'],
    ]) {
      const res = await createType(admin, { type, name, remark: 'test' });
      expect(res.code).toBe(200);
      ids.push(res.data);
    }
    expect((await admin.get<DictTypeDetail>('/api/system/dict-type/get', { id: ids[0]! })).data).toMatchObject({
      type: 'shelf_kind',
      name: 'Shelf kind',
      status: 0,
      remark: 'test',
    });
    expect((await admin.put('/api/system/dict-type/update', { id: ids[2], type: 'lamp_finish', name: 'Lamp finish', status: 1 })).code).toBe(200);

    expect((await typePage(admin, { type: 'shelf_' })).data.list.map((d) => d.type)).toEqual(['shelf_height', 'shelf_kind']);
    expect((await typePage(admin, { name: 'LAMP' })).data.list.map((d) => d.type)).toEqual(['lamp_finish']);
    expect((await typePage(admin, { status: 1 })).data.list.map((d) => d.type)).toEqual(['lamp_finish']);
    const all = (await typePage(admin, { limit: 100 })).data;
    expect(all.total).toBeGreaterThan(20);
    expect((await typePage(admin, { type: 'shelf_', limit: 1, page: 2 })).data).toMatchObject({ total: 2, list: [{ type: 'shelf_kind' }] });
    expect((await typePage(admin, { type: 'shelf_', sortBy: 'name', sortOrder: 'desc' })).data.list.map((d) => d.name)).toEqual(['Shelf kind', 'Shelf height']);

    // Renaming a type without entries is fine.
    expect((await admin.put('/api/system/dict-type/update', { id: ids[1], type: 'shelf_depth', name: 'Shelf depth' })).code).toBe(200);
    expect((await admin.delete('/api/system/dict-type/delete', { id: ids[1]! })).code).toBe(200);
    expect((await admin.get('/api/system/dict-type/get', { id: ids[1]! })).code).toBe(404);
  });

  test('bad input is refused by field and changes nothing', async () => {
    const before = (await typePage(admin)).data.total;
    expect(await createType(admin, { type: 'Has-Capitals', name: 'x' })).toMatchObject({ code: 400, params: { field: 'type' } });
    expect(await createType(admin, { type: 'ok_type', name: '' })).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await createType(admin, { type: 'brand', name: 'Again' })).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'type' } });
    expect(await typePage(admin, { sortBy: 'remark' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
    expect((await typePage(admin)).data.total).toBe(before);
  });

  test('a type with entries can be neither deleted nor retyped, and nothing changes', async () => {
    const [brand] = (await typePage(admin, { type: 'brand' })).data.list;
    expect(await admin.delete('/api/system/dict-type/delete', { id: brand!.id })).toMatchObject({ code: 409, key: 'system.dict-type.has-data' });
    expect(await admin.put('/api/system/dict-type/update', { id: brand!.id, type: 'brands', name: 'Brand' })).toMatchObject({
      code: 409,
      key: 'system.dict-type.type-locked',
      params: { field: 'type' },
    });
    expect((await admin.get<DictTypeDetail>('/api/system/dict-type/get', { id: brand!.id })).data.type).toBe('brand');
    expect((await admin.send(dictDataApi.ofType, { type: 'brand' })).data.length).toBe(4);
    // Its name may change.
    expect((await admin.put('/api/system/dict-type/update', { id: brand!.id, type: 'brand', name: 'Brands' })).code).toBe(200);
  });

  test('the simple list holds the enabled types for selects', async () => {
    const simple = (await admin.get<DictTypeSimple[]>('/api/system/dict-type/list-all-simple')).data;
    expect(Object.keys(simple[0]!).sort()).toEqual(['id', 'name', 'type']);
    expect(simple.map((s) => s.type)).toContain('common_status');
    expect(simple.map((s) => s.type)).not.toContain('lamp_finish');
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const rows = await sheetRows(await admin.raw('GET', '/api/system/dict-type/export-excel', { query: { type: 'firmware_' } }));
    expect(rows[0]!.slice(0, 2)).toEqual(['Dictionary type', 'Dictionary name']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      'firmware_channel',
      'firmware_package_type',
      'firmware_signature_algorithm',
      'firmware_type',
      'firmware_verify_status',
    ]);
  });
});

describe('dictionary entries', () => {
  test('create, read, update, list one type with filters, delete; the signed-in reads follow at once', async () => {
    await createType(admin, { type: 'mount_kind', name: 'Mount kind' });
    const ids: number[] = [];
    for (const [value, label, sort] of [
      ['ceiling', 'Ceiling', 1],
      ['track', 'Track', 2],
      ['wall', 'Wall', 3],
    ] as const) {
      const res = await createData(admin, { dictType: 'mount_kind', value, label, sort, colorType: 'primary' });
      expect(res.code).toBe(200);
      ids.push(res.data);
    }
    expect((await admin.get<DictDataDetail>('/api/system/dict-data/get', { id: ids[1]! })).data).toMatchObject({
      dictType: 'mount_kind',
      value: 'track',
      label: 'Track',
      colorType: 'primary',
      cssClass: '',
      status: 0,
    });
    const update = { id: ids[1], dictType: 'mount_kind', value: 'track', label: 'Track rail', sort: 2, colorType: 'success', cssClass: 'rail' };
    expect((await admin.put('/api/system/dict-data/update', update)).code).toBe(200);
    expect((await admin.send(dictDataApi.ofType, { type: 'mount_kind' })).data.map((d) => d.label)).toEqual(['Ceiling', 'Track rail', 'Wall']);

    expect((await dataPage(admin, { dictType: 'mount_kind' })).data).toMatchObject({ total: 3 });
    expect((await dataPage(admin, { dictType: 'mount_kind', label: 'RAIL' })).data.list.map((d) => d.value)).toEqual(['track']);
    await admin.put('/api/system/dict-data/update', { ...update, status: 1 });
    expect((await dataPage(admin, { dictType: 'mount_kind', status: 1 })).data.list.map((d) => d.value)).toEqual(['track']);
    expect((await admin.send(dictDataApi.ofType, { type: 'mount_kind' })).data.map((d) => d.value)).toEqual(['ceiling', 'wall']);
    expect((await dataPage(admin, { dictType: 'mount_kind', sortBy: 'label', sortOrder: 'desc', limit: 2 })).data.list.map((d) => d.value)).toEqual([
      'wall',
      'track',
    ]);

    expect((await admin.delete('/api/system/dict-data/delete', { id: ids[2]! })).code).toBe(200);
    expect((await admin.get('/api/system/dict-data/get', { id: ids[2]! })).code).toBe(404);
    expect((await dataPage(admin, { dictType: 'mount_kind' })).data.total).toBe(2);
  });

  test('bad input is refused by field and changes nothing', async () => {
    const before = (await dataPage(admin, { dictType: 'brand' })).data.total;
    expect(await dataPage(admin, {})).toMatchObject({ code: 400, params: { field: 'dictType' } });
    expect(await createData(admin, { dictType: 'no_such_type', value: 'x', label: 'X' })).toMatchObject({
      code: 400,
      key: 'common.reference-not-found',
      params: { field: 'dictType' },
    });
    expect(await createData(admin, { dictType: 'brand', value: 'lumen', label: 'Again' })).toMatchObject({
      code: 409,
      key: 'common.duplicate',
      params: { field: 'value' },
    });
    expect(await createData(admin, { dictType: 'brand', value: 'x', label: 'X', colorType: 'purple' })).toMatchObject({
      code: 400,
      params: { field: 'colorType' },
    });
    expect(await createData(admin, { dictType: 'brand', value: '', label: 'X' })).toMatchObject({ code: 400, params: { field: 'value' } });
    const [lumen] = (await dataPage(admin, { dictType: 'brand', label: 'Lumen' })).data.list;
    expect(await admin.put('/api/system/dict-data/update', { id: lumen!.id, dictType: 'brand', value: 'aurora', label: 'Lumen' })).toMatchObject({
      code: 409,
      params: { field: 'value' },
    });
    expect((await dataPage(admin, { dictType: 'brand' })).data.total).toBe(before);
    // The same value in another dictionary is no clash.
    expect((await createData(admin, { dictType: 'app_scope', value: 'lumen', label: 'Lumen scope' })).code).toBe(200);
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const rows = await sheetRows(await admin.raw('GET', '/api/system/dict-data/export-excel', { query: { dictType: 'firmware_channel' } }));
    expect(rows[0]!.slice(0, 3)).toEqual(['Dictionary type', 'Value', 'Label']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['release', 'factory', 'development']);
  });
});

describe('dictionaries are platform-level', () => {
  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await typePage(operator)).code).toBe(403);
    expect((await dataPage(operator, { dictType: 'brand' })).code).toBe(403);
  });

  test("an agent's staff can neither list nor read nor change nor delete them, even holding the codes (403), but still read entries", async () => {
    const [type] = (await typePage(admin, { type: 'brand' })).data.list;
    const [entry] = (await dataPage(admin, { dictType: 'brand', label: 'Aurora' })).data.list;
    const refused = [
      await typePage(agent),
      await agent.get('/api/system/dict-type/get', { id: type!.id }),
      await agent.get('/api/system/dict-type/list-all-simple'),
      await createType(agent, { type: 'agent_type', name: 'Agent type' }),
      await agent.put('/api/system/dict-type/update', { id: type!.id, type: 'brand', name: 'Hijacked' }),
      await agent.delete('/api/system/dict-type/delete', { id: type!.id }),
      await dataPage(agent, { dictType: 'brand' }),
      await agent.get('/api/system/dict-data/get', { id: entry!.id }),
      await createData(agent, { dictType: 'brand', value: 'agent', label: 'Agent brand' }),
      await agent.put('/api/system/dict-data/update', { id: entry!.id, dictType: 'brand', value: 'aurora', label: 'Hijacked' }),
      await agent.delete('/api/system/dict-data/delete', { id: entry!.id }),
    ];
    for (const res of refused) expect(res).toMatchObject({ code: 403, key: 'auth.platform-only' });
    expect((await agent.raw('GET', '/api/system/dict-type/export-excel')).headers.get('content-type')).toContain('json');
    expect((await admin.get<DictDataDetail>('/api/system/dict-data/get', { id: entry!.id })).data.label).toBe('Aurora Lighting');
    expect((await agent.send(dictDataApi.ofType, { type: 'brand' })).data.map((d) => d.value)).toContain('aurora');
  });
});
