import { areaApi, type AreaNode } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const tree = (keyword?: string, c = admin) => c.send(areaApi.tree, { keyword });
const codes = (nodes: AreaNode[] | undefined) => (nodes ?? []).map((n) => n.code);

describe('areas', () => {
  test('the tree holds the world’s countries with their first-level subdivisions', async () => {
    const countries = (await tree()).data;
    expect(countries.length).toBeGreaterThanOrEqual(240);
    const byCode = new Map(countries.map((c) => [c.code, c]));
    expect(byCode.get('DE')).toMatchObject({ name: 'Germany', type: 'country', parentCode: null });
    expect(byCode.get('DE')!.children).toHaveLength(16);
    expect(byCode.get('DE')!.children).toContainEqual({ code: 'DE-BY', name: 'Bavaria', type: 'subdivision', parentCode: 'DE' });
    expect(byCode.get('CN')!.children!.find((s) => s.code === 'CN-GD')?.name).toBe('Guangdong');
    expect(byCode.get('US')!.children!.find((s) => s.code === 'US-CA')?.name).toBe('California');
    // First level only: France's regions, not its departments.
    expect(codes(byCode.get('FR')!.children)).toContain('FR-ARA');
    expect(codes(byCode.get('FR')!.children)).not.toContain('FR-01');
    // Subdivisions come in name order.
    const names = byCode.get('US')!.children!.map((s) => s.name);
    expect(names.indexOf('Alabama')).toBeLessThan(names.indexOf('Wyoming'));
  });

  test('a keyword matches a code or a name; matching subdivisions keep their country, a matching country keeps all', async () => {
    expect((await tree('bavaria')).data).toEqual([
      { code: 'DE', name: 'Germany', type: 'country', parentCode: null, children: [{ code: 'DE-BY', name: 'Bavaria', type: 'subdivision', parentCode: 'DE' }] },
    ]);
    expect((await tree('us-ca')).data.map((c) => [c.code, codes(c.children)])).toEqual([['US', ['US-CA']]]);
    const germany = (await tree('GERMANY')).data;
    expect(codes(germany)).toEqual(['DE']);
    expect(germany[0]!.children).toHaveLength(16);
    // Wildcards in a keyword are plain characters.
    expect((await tree('%')).data).toEqual([]);
    expect((await tree('_')).data).toEqual([]);
    expect((await tree('   ')).data.length).toBeGreaterThanOrEqual(240);
  });

  test('children: the countries, or one country’s subdivisions; get: one area by code', async () => {
    const countries = (await admin.send(areaApi.children, {})).data;
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany', type: 'country', parentCode: null, hasChildren: true });
    expect(countries.find((c) => c.code === 'AQ')?.hasChildren).toBe(false);
    const states = (await admin.send(areaApi.children, { parentCode: 'de' })).data;
    expect(states).toHaveLength(16);
    expect(states.every((s) => s.parentCode === 'DE' && !s.hasChildren)).toBe(true);
    expect((await admin.send(areaApi.children, { parentCode: 'ZZ' })).data).toEqual([]);

    expect((await admin.send(areaApi.get, { code: 'cn-gd' })).data).toEqual({
      code: 'CN-GD',
      name: 'Guangdong',
      type: 'subdivision',
      parentCode: 'CN',
    });
    expect((await admin.get('/api/system/area/get', { code: 'ZZ' })).code).toBe(404);
    expect(await admin.get('/api/system/area/get', { code: "DE' OR 1=1" })).toMatchObject({ code: 400, params: { field: 'code' } });
    expect(await admin.get('/api/system/area/children', { parentCode: 'not a code' })).toMatchObject({ code: 400, params: { field: 'parentCode' } });
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await tree(undefined, operator)).code).toBe(403);
    expect((await operator.get('/api/system/area/get', { code: 'DE' })).code).toBe(403);
    expect((await t.api.get('/api/system/area/tree')).code).toBe(401);
  });

  test("areas are shared reference data: an agent's staff holding the code read the same tree, and nothing can change it", async () => {
    const agentBefore = await t.signIn('agent');
    expect((await tree('bavaria', agentBefore)).code).toBe(403);
    await t.grant('agent', ['system:area:query']);
    const agent = await t.signIn('agent');
    expect((await tree('bavaria', agent)).data).toEqual((await tree('bavaria')).data);
    expect(t.routes.filter((r) => r.url.startsWith('/api/system/area/')).map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
  });

  test('the export is the tree as a table, each country followed by its subdivisions, with the same search, in the reader’s language', async () => {
    const res = await admin.raw('GET', areaApi.exportExcel.path, { query: { keyword: 'bavaria' }, headers: { 'accept-language': 'fr-FR' } });
    expect(res.headers.get('content-disposition')).toContain('areas.xlsx');
    expect(await readXlsx(res)).toEqual([
      ['Code', 'Nom', 'Type', 'Code pays'],
      ['DE', 'Germany', 'Pays'],
      ['DE-BY', 'Bavaria', 'Subdivision', 'DE'],
    ]);
    const everything = await readXlsx(await admin.raw('GET', areaApi.exportExcel.path, { headers: { 'accept-language': 'nl-NL' } }));
    const germany = everything.findIndex((r) => r[0] === 'DE');
    expect(everything[germany]).toEqual(['DE', 'Germany', 'Land']);
    expect(everything.slice(germany + 1, germany + 17).every((r) => r[2] === 'Onderverdeling' && r[3] === 'DE')).toBe(true);
    expect(everything.length).toBeGreaterThan(4000);
  });

  test('exporting needs its own permission beside reading; bad input names the field', async () => {
    await t.grant('agent', ['system:area:query']);
    expect((await (await t.signIn('agent')).get(areaApi.exportExcel.path)).code).toBe(403);
    await t.grant('agent', ['system:area:export']);
    const res = await (await t.signIn('agent')).raw('GET', areaApi.exportExcel.path, { query: { keyword: 'DE-BY' } });
    expect((await readXlsx(res)).map((r) => r[0])).toEqual(['Code', 'DE', 'DE-BY']);
    expect(await admin.get(areaApi.exportExcel.path, { keyword: 'x'.repeat(101) })).toMatchObject({ code: 400, params: { field: 'keyword' } });
  });
});
