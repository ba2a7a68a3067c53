import { roleApi, type Page, type Role, type RoleDetail } from '@lightdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { depts, menus, roleMenus, roles, tenantPackageMenus, tenantPackages, tenants, userRoles, users } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let northwind: number;
const ROLE_CODES = ['system:role:query', 'system:role:create', 'system:role:update', 'system:role:delete', 'system:role:export', 'system:role:assign-menu'];
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ROLE_CODES);
  agent = await t.signIn('agent');
  northwind = (await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'northwind')))[0]!.id;
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/role/create', body);
const page = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<Role>>('/api/system/role/page', { limit: 100, ...q });
const codes = async (c: ApiClient, q: Record<string, string | number> = {}) => (await page(c, q)).data.list.map((r) => r.code);
const menuIds = async (...permissions: string[]) =>
  (await t.ctx.db.select({ id: menus.id }).from(menus).where(inArray(menus.permission, permissions))).map((m) => m.id);
const builtinAdminRole = async () =>
  (
    await t.ctx.db
      .select({ id: roles.id })
      .from(roles)
      .innerJoin(tenants, eq(tenants.id, roles.tenantId))
      .where(and(eq(tenants.code, 'saas'), eq(roles.code, 'admin')))
  )[0]!.id;

describe('roles', () => {
  test('create, read, update, list with filters and paging, delete', async () => {
    const ids: number[] = [];
    for (const [code, name, sort] of [
      ['auditor', 'Auditor', 1],
      ['support', 'Support desk', 2],
      ['field', 'Field technician', 3],
    ] as const) {
      const res = await create(admin, { code, name, sort });
      expect(res.code).toBe(200);
      ids.push(res.data);
    }
    expect((await admin.get<RoleDetail>('/api/system/role/get', { id: ids[1] })).data).toMatchObject({
      code: 'support',
      name: 'Support desk',
      status: 0,
      dataScope: 1,
      deptIds: [],
    });
    expect((await admin.put('/api/system/role/update', { id: ids[1], code: 'support', name: 'Help desk', sort: 2, status: 1 })).code).toBe(200);
    expect((await admin.get<Role>('/api/system/role/get', { id: ids[1] })).data).toMatchObject({ name: 'Help desk', status: 1 });

    expect(await codes(admin, { name: 'TECH' })).toEqual(['field']);
    expect(await codes(admin, { code: 'audit' })).toEqual(['auditor']);
    expect(await codes(admin, { status: 1 })).toEqual(['support']);
    expect(await codes(admin, { createdFrom: new Date(Date.now() + 3_600_000).toISOString() })).toEqual([]);
    const all = await codes(admin);
    expect(all).toEqual(expect.arrayContaining(['admin', 'auditor', 'support', 'field']));
    const first = await page(admin, { page: 2, limit: 2, sortBy: 'code', sortOrder: 'desc' });
    expect(first.data.list.map((r) => r.code)).toEqual([...all].sort().reverse().slice(2, 4));
    expect(first.data.total).toBe(all.length);
    expect(await page(admin, { sortBy: 'tenantId' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });

    const simple = (await admin.get<{ code: string }[]>('/api/system/role/list-all-simple')).data.map((r) => r.code);
    expect(simple).toEqual(expect.arrayContaining(['admin', 'auditor', 'field']));
    expect(simple).not.toContain('support'); // disabled

    expect((await admin.delete('/api/system/role/delete', { id: ids[2] })).code).toBe(200);
    expect((await admin.get('/api/system/role/get', { id: ids[2] })).code).toBe(404);
  });

  test('codes are unique within a tenant, not across tenants; bad input changes nothing', async () => {
    const before = (await page(admin)).data.total;
    expect(await create(admin, { code: 'auditor', name: 'Again' })).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'code' } });
    expect(await create(admin, { code: 'has space', name: 'x' })).toMatchObject({ code: 400, params: { field: 'code' } });
    expect(await create(admin, { code: 'ok', name: '' })).toMatchObject({ code: 400, params: { field: 'name' } });
    expect((await page(admin)).data.total).toBe(before);
    expect((await create(agent, { code: 'auditor', name: 'Agent auditor' })).code).toBe(200);
  });

  test('the built-in administrator role cannot be changed, re-granted or deleted, and its code is reserved', async () => {
    const id = await builtinAdminRole();
    expect(await admin.put('/api/system/role/update', { id, code: 'admin', name: 'Renamed' })).toMatchObject({ code: 409, key: 'system.role.builtin' });
    expect(await admin.delete('/api/system/role/delete', { id })).toMatchObject({ code: 409, key: 'system.role.builtin' });
    expect(await admin.put('/api/system/role/assign-menus', { roleId: id, menuIds: [] })).toMatchObject({ code: 409, key: 'system.role.builtin' });
    expect(await admin.put('/api/system/role/assign-data-scope', { roleId: id, dataScope: 5 })).toMatchObject({ code: 409, key: 'system.role.builtin' });
    expect((await admin.get<Role>('/api/system/role/get', { id })).data).toMatchObject({ name: 'Administrator', dataScope: 1 });
    // An agent's role named admin would pass the web's role checks (`hasRole`).
    expect(await create(agent, { code: 'Admin', name: 'Sneaky' })).toMatchObject({ code: 409, key: 'system.role.code-reserved' });
    const auditor = (await page(admin, { code: 'auditor' })).data.list[0]!;
    expect(await admin.put('/api/system/role/update', { id: auditor.id, code: 'tenant_admin', name: 'x' })).toMatchObject({
      code: 409,
      key: 'system.role.code-reserved',
    });
  });

  test('a role held by staff cannot be deleted, and nothing changes', async () => {
    const id = (await create(admin, { code: 'held', name: 'Held role' })).data;
    const [operator] = await t.ctx.db.select().from(users).where(eq(users.username, 'operator'));
    await t.ctx.db.insert(userRoles).values({ userId: operator!.id, roleId: id });
    expect(await admin.delete('/api/system/role/delete', { id })).toMatchObject({ code: 409, key: 'system.role.has-staff' });
    expect((await admin.get('/api/system/role/get', { id })).code).toBe(200);
    expect((await t.ctx.db.select().from(userRoles).where(eq(userRoles.roleId, id))).length).toBe(1);
  });

  test('assigning menus replaces them, brings the directories above, and reaches the holders at once', async () => {
    const id = (await create(admin, { code: 'post_clerk', name: 'Post clerk' })).data;
    const [button] = await menuIds('system:post:create');
    const [screen] = await menuIds('system:post:query');
    expect((await admin.send(roleApi.assignMenus, { roleId: id, menuIds: [button, screen] })).code).toBe(200);
    const granted = (await admin.send(roleApi.menuIds, { roleId: id })).data;
    const [system] = await t.ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.componentName, 'System'));
    expect(granted).toEqual([system!.id, screen!, button!].sort((a, b) => a - b));

    await admin.post('/api/system/user/create', { username: 'clerk', nickname: 'Clerk', password: 'Lamp-post-42', roleIds: [id] });
    const clerk = await t.signIn('clerk', 'Lamp-post-42');
    expect((await clerk.get<{ permissions: string[] }>('/api/system/auth/get-permission-info')).data.permissions).toEqual([
      'system:post:create',
      'system:post:query',
    ]);
    expect((await admin.send(roleApi.assignMenus, { roleId: id, menuIds: [screen] })).code).toBe(200);
    expect((await clerk.get<{ permissions: string[] }>('/api/system/auth/get-permission-info')).data.permissions).toEqual(['system:post:query']);

    expect(await admin.put('/api/system/role/assign-menus', { roleId: id, menuIds: [button, 9_999_999] })).toMatchObject({
      code: 400,
      params: { field: 'menuIds' },
    });
    expect((await admin.send(roleApi.menuIds, { roleId: id })).data).toEqual([system!.id, screen!].sort((a, b) => a - b));
  });

  test("an agent's roles can grant only menus in its agent package", async () => {
    const id = (await create(agent, { code: 'store_clerk', name: 'Store clerk' })).data;
    const inside = await menuIds('store:mesh:query');
    const device = await menuIds('device:luminaire:query');
    const outside = await menuIds('system:post:query');
    const assign = (ids: number[]) => agent.put('/api/system/role/assign-menus', { roleId: id, menuIds: ids });
    const refused = { code: 400, key: 'system.role.menu-outside-package', params: { field: 'menuIds' } };
    const granted = async () => (await t.ctx.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id))).map((m) => m.id);
    // The demo agent's package holds the store and device screens, not the system ones.
    const demoPackage = (await t.ctx.db.select().from(tenants).where(eq(tenants.id, northwind)))[0]!.packageId;
    expect(demoPackage).not.toBeNull();
    expect((await assign([...inside, ...device])).code).toBe(200);
    expect(await assign([...inside, ...outside])).toMatchObject(refused);
    expect(await granted()).toEqual(expect.arrayContaining([...inside, ...device]));
    expect(await granted()).not.toContain(outside[0]);

    // No package: nothing may be granted.
    await t.ctx.db.update(tenants).set({ packageId: null }).where(eq(tenants.id, northwind));
    expect(await assign(inside)).toMatchObject(refused);
    // A package of the stores alone: the device screen is outside it now.
    const [pkg] = await t.ctx.db.insert(tenantPackages).values({ name: 'Stores only' }).returning();
    const [storesDir] = await t.ctx.db.select({ parentId: menus.parentId }).from(menus).where(inArray(menus.id, inside));
    await t.ctx.db.insert(tenantPackageMenus).values([...inside, storesDir!.parentId].filter(Boolean).map((menuId) => ({ packageId: pkg!.id, menuId })));
    await t.ctx.db.update(tenants).set({ packageId: pkg!.id }).where(eq(tenants.id, northwind));

    expect((await assign(inside)).code).toBe(200);
    expect(await assign([...inside, ...outside])).toMatchObject(refused);
    expect(await assign([...inside, ...device])).toMatchObject(refused);
    expect(await granted()).toEqual(expect.arrayContaining(inside));
    expect(await granted()).not.toContain(outside[0]);
    expect(await granted()).not.toContain(device[0]);
    await t.ctx.db.update(tenants).set({ packageId: demoPackage }).where(eq(tenants.id, northwind));
    // The platform grants from the whole menu tree.
    const own = (await create(admin, { code: 'post_only', name: 'Posts' })).data;
    expect((await admin.send(roleApi.assignMenus, { roleId: own, menuIds: outside })).code).toBe(200);
  });

  test('the data scope: custom departments of the own tenant only, other scopes clear them', async () => {
    const id = (await create(admin, { code: 'scoped', name: 'Scoped' })).data;
    const hq = (await admin.post<number>('/api/system/dept/create', { name: 'HQ' })).data;
    const [foreign] = await t.ctx.db.insert(depts).values({ tenantId: northwind, name: 'Agent office' }).returning();
    expect((await admin.send(roleApi.assignDataScope, { roleId: id, dataScope: 2, deptIds: [hq] })).code).toBe(200);
    expect((await admin.get<RoleDetail>('/api/system/role/get', { id })).data).toMatchObject({ dataScope: 2, deptIds: [hq] });
    expect(await admin.put('/api/system/role/assign-data-scope', { roleId: id, dataScope: 2, deptIds: [foreign!.id] })).toMatchObject({
      code: 400,
      key: 'common.reference-not-found',
      params: { field: 'deptIds' },
    });
    expect(await admin.put('/api/system/role/assign-data-scope', { roleId: id, dataScope: 6 })).toMatchObject({ code: 400, params: { field: 'dataScope' } });
    expect((await admin.get<RoleDetail>('/api/system/role/get', { id })).data).toMatchObject({ dataScope: 2, deptIds: [hq] });
    expect((await admin.send(roleApi.assignDataScope, { roleId: id, dataScope: 4, deptIds: [hq] })).code).toBe(200);
    expect((await admin.get<RoleDetail>('/api/system/role/get', { id })).data).toMatchObject({ dataScope: 4, deptIds: [] });
  });

  test('staff without the permission are refused', async () => {
    await t.grant('operator', ['system:role:query']);
    const operator = await t.signIn('operator');
    const id = (await page(admin, { code: 'auditor' })).data.list[0]!.id;
    expect((await page(operator)).code).toBe(200);
    expect((await create(operator, { code: 'x', name: 'x' })).code).toBe(403);
    expect((await operator.get('/api/system/role/menu-ids', { roleId: id })).code).toBe(403);
    expect((await operator.put('/api/system/role/assign-menus', { roleId: id, menuIds: [] })).code).toBe(403);
    expect((await operator.put('/api/system/role/assign-data-scope', { roleId: id, dataScope: 5 })).code).toBe(403);
    expect((await operator.get('/api/system/role/export-excel')).code).toBe(403);
  });

  test("an agent's staff can neither list nor read nor change nor delete the platform's roles, nor the platform the agent's", async () => {
    const platformRoles = (await page(admin)).data.list;
    const agentCodes = await codes(agent);
    expect(agentCodes).toEqual(expect.arrayContaining(['tenant_admin', 'store_staff']));
    expect(await codes(admin)).not.toContain('tenant_admin');
    expect(await codes(admin)).not.toContain('store_staff');
    for (const r of platformRoles) {
      expect((await agent.get('/api/system/role/get', { id: r.id })).code).toBe(404);
      expect((await agent.put('/api/system/role/update', { id: r.id, code: r.code, name: 'Hijacked' })).code).toBe(404);
      expect((await agent.delete('/api/system/role/delete', { id: r.id })).code).toBe(404);
      expect((await agent.get('/api/system/role/menu-ids', { roleId: r.id })).code).toBe(404);
      expect((await agent.put('/api/system/role/assign-menus', { roleId: r.id, menuIds: [] })).code).toBe(404);
      expect((await agent.put('/api/system/role/assign-data-scope', { roleId: r.id, dataScope: 5 })).code).toBe(404);
    }
    expect((await page(admin)).data.list.map((r) => [r.code, r.name, r.dataScope])).toEqual(platformRoles.map((r) => [r.code, r.name, r.dataScope]));
    for (const code of ['tenant_admin', 'store_staff']) {
      const agentRole = (await page(agent, { code })).data.list.find((r) => r.code === code)!;
      expect(agentRole).toBeDefined();
      expect((await admin.get('/api/system/role/get', { id: agentRole.id })).code).toBe(404);
      expect((await admin.put('/api/system/role/update', { id: agentRole.id, code, name: 'Hijacked' })).code).toBe(404);
      expect((await admin.delete('/api/system/role/delete', { id: agentRole.id })).code).toBe(404);
    }
  });

  test("the demo agent's admin holds the built-in tenant_admin role, equal to its package; store_staff is an ordinary role", async () => {
    const [account] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    const held = await t.ctx.db
      .select({ id: roles.id, code: roles.code })
      .from(roles)
      .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
      .where(eq(userRoles.userId, account!.id));
    const builtin = held.find((r) => r.code === 'tenant_admin')!;
    expect(builtin).toBeDefined();
    const [agentTenant] = await t.ctx.db.select().from(tenants).where(eq(tenants.id, northwind));
    const packaged = (
      await t.ctx.db.select({ id: tenantPackageMenus.menuId }).from(tenantPackageMenus).where(eq(tenantPackageMenus.packageId, agentTenant!.packageId!))
    ).map((m) => m.id);
    const granted = (await t.ctx.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, builtin.id))).map((m) => m.id);
    expect(packaged.length).toBeGreaterThan(0);
    expect([...granted].sort((a, b) => a - b)).toEqual([...packaged].sort((a, b) => a - b));
    expect(await agent.put('/api/system/role/update', { id: builtin.id, code: 'tenant_admin', name: 'Renamed' })).toMatchObject({
      code: 409,
      key: 'system.role.builtin',
    });
    expect(await agent.put('/api/system/role/assign-menus', { roleId: builtin.id, menuIds: [] })).toMatchObject({ code: 409, key: 'system.role.builtin' });

    const [staff] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, northwind), eq(roles.code, 'store_staff')));
    expect(staff).toBeDefined();
    const staffMenus = await t.ctx.db
      .select({ permission: menus.permission })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(eq(roleMenus.roleId, staff!.id));
    const permissions = staffMenus.map((m) => m.permission).filter(Boolean);
    expect(permissions).toContain('store:mesh:query');
    expect(permissions.every((p) => p.startsWith('store:'))).toBe(true);
    expect((await agent.put('/api/system/role/update', { id: staff!.id, code: 'store_staff', name: 'Store staff' })).code).toBe(200);
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const res = await admin.raw('GET', '/api/system/role/export-excel', { query: { code: 'audit' } });
    expect(res.headers.get('content-disposition')).toContain('roles.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 5)).toEqual(['Role code', 'Role name', 'Display order', 'Data scope', 'Status']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([['auditor', 'Auditor', 1, 'All data', 'Enabled']]);
  });
});
