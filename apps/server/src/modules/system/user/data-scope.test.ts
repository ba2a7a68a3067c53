import { staffApi, type Page, type Staff } from '@lightdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menus, roles, tenants } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

// The data scope (lib/data-scope.ts) as it applies to the staff screen: HQ > Sales > East, and Support.
let t: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
const PASSWORD = 'Lamp-post-42';
const dept: Record<string, number> = {};
const staff: Record<string, number> = {};
let scoped: number;
let second: number;

const names = async (c: ApiClient, q: Record<string, string | number> = {}) =>
  (await c.get<Page<Staff>>('/api/system/user/page', { limit: 100, ...q })).data.list.map((u) => u.username).sort();
const setScope = async (roleId: number, dataScope: number, deptIds: number[] = []) =>
  expect((await admin.put('/api/system/role/assign-data-scope', { roleId, dataScope, deptIds })).code).toBe(200);

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  const mkDept = async (name: string, parent?: string) =>
    (dept[name] = (await admin.post<number>('/api/system/dept/create', { name, parentId: parent ? dept[parent] : 0 })).data);
  await mkDept('hq');
  await mkDept('sales', 'hq');
  await mkDept('east', 'sales');
  await mkDept('support');
  const codes = ['system:user:query', 'system:user:update', 'system:user:delete', 'system:user:export'];
  const menuIds = (await t.ctx.db.select({ id: menus.id }).from(menus).where(inArray(menus.permission, codes))).map((m) => m.id);
  const mkRole = async (code: string) => {
    const id = (await admin.post<number>('/api/system/role/create', { code, name: code })).data;
    expect((await admin.put('/api/system/role/assign-menus', { roleId: id, menuIds })).code).toBe(200);
    return id;
  };
  scoped = await mkRole('scoped');
  second = await mkRole('second');
  for (const [username, d] of [
    ['in-hq', 'hq'],
    ['in-sales', 'sales'],
    ['in-east', 'east'],
    ['in-support', 'support'],
  ] as const) {
    staff[username] = (await admin.post<number>('/api/system/user/create', { username, nickname: username, password: PASSWORD, deptId: dept[d] })).data;
  }
  staff.viewer = (
    await admin.post<number>('/api/system/user/create', { username: 'viewer', nickname: 'viewer', password: PASSWORD, deptId: dept.sales, roleIds: [scoped] })
  ).data;
  viewer = await t.signIn('viewer', PASSWORD);
});
afterAll(() => t.close());

describe('data scope on staff', () => {
  test('own department (3) shows only the staff of that department', async () => {
    await setScope(scoped, 3);
    expect(await names(viewer)).toEqual(['in-sales', 'viewer']);
  });

  test('own department and below (4) takes in the sub-departments', async () => {
    await setScope(scoped, 4);
    expect(await names(viewer)).toEqual(['in-east', 'in-sales', 'viewer']);
  });

  test('custom departments (2) show exactly the chosen departments', async () => {
    await setScope(scoped, 2, [dept.support!, dept.east!]);
    expect(await names(viewer)).toEqual(['in-east', 'in-support']);
    const detail = await admin.get<{ deptIds: number[] }>('/api/system/role/get', { id: scoped });
    expect(detail.data.deptIds).toEqual([dept.east, dept.support].sort((a, b) => a! - b!));
  });

  test('own data only (5) shows only oneself', async () => {
    await setScope(scoped, 5);
    expect(await names(viewer)).toEqual(['viewer']);
  });

  test("all data (1) shows the whole tenant's staff, and still no other tenant's", async () => {
    await setScope(scoped, 1);
    const all = await names(viewer);
    expect(all).toEqual(expect.arrayContaining(['admin', 'operator', 'in-hq', 'in-sales', 'in-east', 'in-support', 'viewer']));
    expect(all).not.toContain('agent');
  });

  test('a row outside the scope behaves as not found: read, change, delete, disable, reset, export, select', async () => {
    await setScope(scoped, 3);
    const outside = staff['in-east']!;
    expect((await viewer.get('/api/system/user/get', { id: outside })).code).toBe(404);
    expect((await viewer.put('/api/system/user/update', { id: outside, nickname: 'Hijacked' })).code).toBe(404);
    expect((await viewer.put('/api/system/user/update-status', { id: outside, status: 1 })).code).toBe(404);
    expect((await viewer.delete('/api/system/user/delete', { id: outside })).code).toBe(404);
    expect((await admin.get<Staff>('/api/system/user/get', { id: outside })).data).toMatchObject({ nickname: 'in-east', status: 0 });
    // A department filter cannot widen the scope.
    expect(await names(viewer, { deptId: dept.hq! })).toEqual(['in-sales', 'viewer']);
    expect((await viewer.get<Staff>('/api/system/user/get', { id: staff['in-sales']! })).code).toBe(200);

    const res = await viewer.raw('GET', '/api/system/user/export-excel');
    const rows = await readXlsx(res);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['in-sales', 'viewer']);
  });

  test('several roles widen one another; a disabled role does not count', async () => {
    await setScope(scoped, 3);
    await setScope(second, 2, [dept.support!]);
    expect((await admin.send(staffApi.assignRoles, { userId: staff.viewer, roleIds: [scoped, second] })).code).toBe(200);
    expect(await names(viewer)).toEqual(['in-sales', 'in-support', 'viewer']);
    await setScope(second, 1);
    expect(await names(viewer)).toContain('admin');
    await t.ctx.db.update(roles).set({ status: 1 }).where(eq(roles.id, second));
    expect(await names(viewer)).toEqual(['in-sales', 'viewer']);
  });

  test('the platform administrator (*:*:*) sees all, whatever the scope of its role says', async () => {
    const [platform] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'saas'));
    await t.ctx.db
      .update(roles)
      .set({ dataScope: 5 })
      .where(and(eq(roles.tenantId, platform!.id), eq(roles.code, 'admin')));
    expect(await names(admin)).toEqual(expect.arrayContaining(['in-hq', 'in-east', 'viewer', 'operator']));
  });
});
