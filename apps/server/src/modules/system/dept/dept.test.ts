import type { Dept, DeptSimple } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { depts, tenants, users } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['system:dept:query', 'system:dept:create', 'system:dept:update', 'system:dept:delete']);
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/dept/create', body);
const list = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Dept[]>('/api/system/dept/list', q);
const byName = async (c: ApiClient, name: string) => (await list(c, { name })).data.find((d) => d.name === name)!;

describe('departments', () => {
  test('a tree: create, read, update, flat list with filters, select list, delete', async () => {
    const hq = (await create(admin, { name: 'Head office', phone: '021-555', email: 'hq@example.com' })).data;
    const sales = (await create(admin, { name: 'Sales', parentId: hq, sort: 2 })).data;
    const support = (await create(admin, { name: 'Support', parentId: hq, sort: 1, status: 1 })).data;
    const east = (await create(admin, { name: 'Sales east', parentId: sales })).data;
    expect([hq, sales, support, east].every((id) => typeof id === 'number')).toBe(true);

    expect((await admin.get<Dept>('/api/system/dept/get', { id: hq })).data).toMatchObject({
      name: 'Head office',
      parentId: 0,
      phone: '021-555',
      email: 'hq@example.com',
      status: 0,
    });
    // The demo's departments are there too: look at the ones this test made, in the order listed.
    const ours = [hq, sales, support, east];
    const own = <T extends { id: number }>(rows: T[]) => rows.filter((d) => ours.includes(d.id));
    const all = (await list(admin)).data;
    // Flat, grouped by parent, siblings by their order: the web builds the tree from parentId.
    expect(own(all).map((d) => [d.name, d.parentId])).toEqual([
      ['Head office', 0],
      ['Support', hq],
      ['Sales', hq],
      ['Sales east', sales],
    ]);
    const byNameFilter = (await list(admin, { name: 'SALES' })).data;
    expect(byNameFilter.every((d) => d.name.toLowerCase().includes('sales'))).toBe(true);
    expect(own(byNameFilter).map((d) => d.name)).toEqual(['Sales', 'Sales east']);
    const disabled = (await list(admin, { status: 1 })).data;
    expect(disabled.every((d) => d.status === 1)).toBe(true);
    expect(own(disabled).map((d) => d.name)).toEqual(['Support']);
    expect(own((await list(admin, { sortBy: 'name', sortOrder: 'asc' })).data).map((d) => d.name)).toEqual(['Head office', 'Sales', 'Sales east', 'Support']);
    expect(await list(admin, { sortBy: 'tenantId' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });

    const simple = (await admin.get<DeptSimple[]>('/api/system/dept/list-all-simple')).data;
    expect(simple.map((d) => d.id)).toEqual(all.filter((d) => d.status === 0).map((d) => d.id)); // Support is disabled
    expect(own(simple).map((d) => d.name)).toEqual(['Head office', 'Sales', 'Sales east']);
    expect(simple.find((d) => d.id === east)).toEqual({ id: east, name: 'Sales east', parentId: sales });

    // Moving a branch: east goes under support.
    expect((await admin.put('/api/system/dept/update', { id: east, name: 'Support east', parentId: support })).code).toBe(200);
    expect((await admin.get<Dept>('/api/system/dept/get', { id: east })).data).toMatchObject({ name: 'Support east', parentId: support });
    expect((await admin.delete('/api/system/dept/delete', { id: east })).code).toBe(200);
    expect((await admin.get('/api/system/dept/get', { id: east })).code).toBe(404);
  });

  test('a department cannot move under itself or below itself', async () => {
    const hq = await byName(admin, 'Head office');
    const sales = await byName(admin, 'Sales');
    expect(await admin.put('/api/system/dept/update', { id: hq.id, name: hq.name, parentId: sales.id })).toMatchObject({
      code: 400,
      key: 'system.dept.parent-is-descendant',
      params: { field: 'parentId' },
    });
    expect(await admin.put('/api/system/dept/update', { id: hq.id, name: hq.name, parentId: hq.id })).toMatchObject({
      code: 400,
      key: 'system.dept.parent-is-descendant',
    });
    expect((await admin.get<Dept>('/api/system/dept/get', { id: hq.id })).data.parentId).toBe(0);
  });

  test('bad input is refused by field and changes nothing', async () => {
    const before = (await list(admin)).data.length;
    const hq = await byName(admin, 'Head office');
    expect(await create(admin, { name: '' })).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await create(admin, { name: 'x', parentId: -1 })).toMatchObject({ code: 400, params: { field: 'parentId' } });
    expect(await create(admin, { name: 'x', parentId: 9_999_999 })).toMatchObject({
      code: 400,
      key: 'common.reference-not-found',
      params: { field: 'parentId' },
    });
    expect(await create(admin, { name: 'x', email: 'nope' })).toMatchObject({ code: 400, params: { field: 'email' } });
    const agentUser = (await t.ctx.db.select().from(users).where(eq(users.username, 'agent')))[0]!;
    expect(await create(admin, { name: 'x', leaderUserId: agentUser.id })).toMatchObject({ code: 400, params: { field: 'leaderUserId' } });
    // Two of a name under one parent could not be told apart; under different parents they can.
    expect(await create(admin, { name: 'Sales', parentId: hq.id })).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'name' } });
    expect(await admin.put('/api/system/dept/update', { id: (await byName(admin, 'Support')).id, name: 'Sales', parentId: hq.id })).toMatchObject({
      code: 409,
      params: { field: 'name' },
    });
    expect((await list(admin)).data.length).toBe(before);
    expect((await create(admin, { name: 'Sales' })).code).toBe(200);
    expect((await admin.delete('/api/system/dept/delete', { id: (await list(admin, { name: 'sales' })).data.find((d) => d.parentId === 0)!.id })).code).toBe(
      200,
    );
  });

  test('a department with sub-departments or staff cannot be deleted, and nothing changes', async () => {
    const hq = await byName(admin, 'Head office');
    expect(await admin.delete('/api/system/dept/delete', { id: hq.id })).toMatchObject({ code: 409, key: 'system.dept.has-children' });
    const sales = await byName(admin, 'Sales');
    const east = { id: (await create(admin, { name: 'Sales east', parentId: sales.id })).data };
    await admin.post('/api/system/user/create', { username: 'seller', nickname: 'Seller', password: 'Lamp-post-42', deptId: east.id });
    expect(await admin.delete('/api/system/dept/delete', { id: east.id })).toMatchObject({ code: 409, key: 'system.dept.has-staff' });
    expect((await list(admin)).data.map((d) => d.id)).toEqual(expect.arrayContaining([hq.id, sales.id, east.id]));
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await list(operator)).code).toBe(403);
    expect((await create(operator, { name: 'x' })).code).toBe(403);
    expect((await operator.get('/api/system/dept/list-all-simple')).code).toBe(403);
  });

  test("an agent's staff can neither list nor read nor change nor delete the platform's departments, nor hang their own under one", async () => {
    const platformDepts = (await list(admin)).data;
    const [northwind] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'northwind'));
    const ofNorthwind = async () => (await t.ctx.db.select().from(depts).where(eq(depts.tenantId, northwind!.id))).map((d) => d.id).sort((a, b) => a - b);
    // The agent sees exactly its own (demo) departments, none of the platform's.
    const seeded = (await list(agent)).data;
    expect(seeded.map((d) => d.id).sort((a, b) => a - b)).toEqual(await ofNorthwind());
    expect(seeded.filter((d) => platformDepts.some((p) => p.id === d.id))).toEqual([]);
    expect((await agent.get<DeptSimple[]>('/api/system/dept/list-all-simple')).data).toEqual(
      seeded.filter((d) => d.status === 0).map(({ id, name, parentId }) => ({ id, name, parentId })),
    );
    const own = (await create(agent, { name: 'Northwind office' })).data;
    for (const d of platformDepts) {
      expect((await agent.get('/api/system/dept/get', { id: d.id })).code).toBe(404);
      expect((await agent.put('/api/system/dept/update', { id: d.id, name: 'Hijacked', parentId: 0 })).code).toBe(404);
      expect((await agent.delete('/api/system/dept/delete', { id: d.id })).code).toBe(404);
    }
    expect(await create(agent, { name: 'Branch', parentId: platformDepts[0]!.id })).toMatchObject({ code: 400, params: { field: 'parentId' } });
    expect(await agent.put('/api/system/dept/update', { id: own, name: 'Northwind office', parentId: platformDepts[0]!.id })).toMatchObject({
      code: 400,
      params: { field: 'parentId' },
    });
    expect((await list(admin)).data).toEqual(platformDepts);
    const after = (await list(agent)).data;
    expect(after.filter((d) => d.id !== own)).toEqual(seeded);
    expect(after.find((d) => d.id === own)).toMatchObject({ name: 'Northwind office', parentId: 0 });
    expect((await admin.get('/api/system/dept/get', { id: own })).code).toBe(404);
    expect(await ofNorthwind()).toEqual([...seeded.map((d) => d.id), own].sort((a, b) => a - b));
  });
});
