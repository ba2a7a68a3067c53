import { menuApi, type Menu, type MenuNode } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menus, operateLog, tenantPackageMenus, tenantPackages, tenants } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
const ALL = ['system:menu:query', 'system:menu:create', 'system:menu:update', 'system:menu:delete'];
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ALL);
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/menu/create', body);
const list = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Menu[]>('/api/system/menu/list', q);
const get = (id: number) => admin.get<Menu>('/api/system/menu/get', { id });
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('menus', () => {
  test('create a directory, a screen and a button; read, update, list flat with filters; delete', async () => {
    const dir = (await create(admin, { type: 'D', name: 'Reports', path: '/reports', icon: 'file', sort: 90 })).data;
    const screen = (
      await create(admin, {
        type: 'M',
        parentId: dir,
        name: 'Energy report',
        path: 'energy',
        component: 'reports/energy/index',
        componentName: 'EnergyReport',
        permission: 'reports:energy:query',
      })
    ).data;
    const button = (await create(admin, { type: 'B', parentId: screen, name: 'Export', permission: 'reports:energy:export' })).data;
    expect([dir, screen, button].every((id) => id > 0)).toBe(true);

    expect((await get(screen)).data).toMatchObject({ parentId: dir, type: 'M', path: 'energy', visible: true, keepAlive: true, alwaysShow: true, status: 0 });
    const update = {
      id: screen,
      type: 'M',
      parentId: dir,
      name: 'Energy use',
      path: 'energy',
      component: 'reports/energy/index',
      componentName: 'EnergyReport',
      permission: 'reports:energy:query',
      keepAlive: false,
      sort: 3,
    };
    expect((await admin.put('/api/system/menu/update', update)).code).toBe(200);
    expect((await get(screen)).data).toMatchObject({ name: 'Energy use', keepAlive: false, sort: 3 });

    const all = (await list(admin)).data;
    expect(all.length).toBeGreaterThan(100);
    expect(all.find((m) => m.id === button)).toMatchObject({ parentId: screen, type: 'B', permission: 'reports:energy:export' });
    expect((await list(admin, { name: 'ENERGY' })).data.map((m) => m.id)).toEqual([screen]);
    await admin.put('/api/system/menu/update', { ...update, status: 1 });
    expect((await list(admin, { status: 1 })).data.map((m) => m.id)).toEqual([screen]);

    expect((await admin.delete('/api/system/menu/delete', { id: button })).code).toBe(200);
    expect((await admin.get('/api/system/menu/get', { id: button })).code).toBe(404);
  });

  test('a menu with children cannot be deleted, and nothing changes', async () => {
    const dir = (await create(admin, { type: 'D', name: 'Parent', path: '/parent' })).data;
    const child = (await create(admin, { type: 'M', parentId: dir, name: 'Child', path: 'child' })).data;
    expect(await admin.delete('/api/system/menu/delete', { id: dir })).toMatchObject({ code: 409, key: 'system.menu.has-children' });
    expect((await get(dir)).code).toBe(200);
    expect((await get(child)).data.parentId).toBe(dir);
    // Nor can it become a button while it holds entries.
    expect(await admin.put('/api/system/menu/update', { id: dir, type: 'B', name: 'Parent', permission: 'a:b:c' })).toMatchObject({
      code: 409,
      params: { field: 'type' },
    });
  });

  test('bad input is refused by field and changes nothing', async () => {
    const before = (await list(admin)).data.length;
    const dir = (await list(admin, { name: 'Administration' })).data[0]!;
    const aButton = (await list(admin)).data.find((m) => m.type === 'B')!;
    expect(await create(admin, { type: 'X', name: 'x', path: '/x' })).toMatchObject({ code: 400, params: { field: 'type' } });
    expect(await create(admin, { type: 'D', name: '', path: '/x' })).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await create(admin, { type: 'D', name: 'No path' })).toMatchObject({ code: 400, params: { field: 'path' } });
    expect(await create(admin, { type: 'D', name: 'Relative', path: 'relative' })).toMatchObject({ code: 400, params: { field: 'path' } });
    expect(await create(admin, { type: 'B', parentId: dir.id, name: 'No code' })).toMatchObject({ code: 400, params: { field: 'permission' } });
    for (const permission of ['system:menu', 'System:Menu:Query', 'a:b:c:d', 'a b:c:d']) {
      expect(await create(admin, { type: 'M', parentId: dir.id, name: 'Bad code', path: 'x', permission })).toMatchObject({
        code: 400,
        params: { field: 'permission' },
      });
    }
    expect(await create(admin, { type: 'M', parentId: 99999, name: 'Orphan', path: 'x' })).toMatchObject({
      code: 400,
      key: 'system.menu.parent-invalid',
      params: { field: 'parentId' },
    });
    expect(await create(admin, { type: 'B', parentId: aButton.id, name: 'Under a button', permission: 'a:b:c' })).toMatchObject({
      code: 400,
      key: 'system.menu.parent-invalid',
    });
    expect(await list(admin, { sortBy: 'permission' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
    expect((await list(admin)).data.length).toBe(before);
  });

  test('a menu cannot move under itself or one of its own entries', async () => {
    const top = (await create(admin, { type: 'D', name: 'Top', path: '/top' })).data;
    const middle = (await create(admin, { type: 'D', parentId: top, name: 'Middle', path: 'middle' })).data;
    const leaf = (await create(admin, { type: 'M', parentId: middle, name: 'Leaf', path: 'leaf' })).data;
    for (const parentId of [top, middle, leaf]) {
      const res = await admin.put('/api/system/menu/update', { id: top, type: 'D', parentId, name: 'Top', path: 'top' });
      expect(res, `under ${parentId}`).toMatchObject({ code: 400, key: 'system.menu.parent-is-descendant', params: { field: 'parentId' } });
    }
    expect((await get(top)).data.parentId).toBe(0);
    // Moving a branch elsewhere is fine.
    expect((await admin.put('/api/system/menu/update', { id: middle, type: 'D', parentId: 0, name: 'Middle', path: '/middle' })).code).toBe(200);
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await list(operator)).code).toBe(403);
    expect((await create(operator, { type: 'D', name: 'x', path: '/x' })).code).toBe(403);
  });

  test("an agent's staff cannot list, read, change or delete menus, even holding the codes (403)", async () => {
    const before = (await list(admin)).data;
    const target = before.find((m) => m.name === 'Stores')!;
    expect(await list(agent)).toMatchObject({ code: 403, key: 'auth.platform-only' });
    expect((await agent.get('/api/system/menu/get', { id: target.id })).code).toBe(403);
    expect((await create(agent, { type: 'D', name: 'Agent menu', path: '/agent' })).code).toBe(403);
    expect((await agent.put('/api/system/menu/update', { id: target.id, type: 'D', name: 'Hijacked', path: '/store' })).code).toBe(403);
    expect((await agent.delete('/api/system/menu/delete', { id: target.id })).code).toBe(403);
    expect((await list(admin)).data).toEqual(before);
  });

  test('the simple list: every enabled entry for platform staff, only its package for an agent', async () => {
    const platform = (await admin.send(menuApi.grantable)).data;
    expect(Object.keys(platform[0]!).sort()).toEqual(['componentName', 'id', 'name', 'parentId', 'type']);
    expect(platform.some((m) => m.type === 'B')).toBe(true);
    // The web translates titles by componentName (namespace menu); buttons have none.
    expect(platform.find((m) => m.name === 'Stores')?.componentName).toBe('Stores');
    expect(platform.filter((m) => m.type === 'B').every((m) => m.componentName === '')).toBe(true);
    const disabled = (await list(admin, { status: 1 })).data.map((m) => m.id);
    expect(platform.filter((m) => disabled.includes(m.id))).toEqual([]);

    // The demo agent sees the enabled entries of its own package, and nothing else.
    const simpleOfAgent = async () => (await agent.send(menuApi.grantable)).data;
    const [northwind] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'northwind'));
    const demoPackage = northwind!.packageId!;
    const packaged = (
      await t.ctx.db.select({ id: tenantPackageMenus.menuId }).from(tenantPackageMenus).where(eq(tenantPackageMenus.packageId, demoPackage))
    ).map((m) => m.id);
    const ofPackage = platform.filter((m) => packaged.includes(m.id));
    expect(ofPackage.length).toBeGreaterThan(0);
    expect(ofPackage.length).toBeLessThan(platform.length);
    expect(await simpleOfAgent()).toEqual(ofPackage);
    const stores = platform.find((m) => m.name === 'Stores')!;
    const [pkg] = await t.ctx.db.insert(tenantPackages).values({ name: 'Stores only' }).returning();
    await t.ctx.db.insert(tenantPackageMenus).values({ packageId: pkg!.id, menuId: stores.id });
    await t.ctx.db.update(tenants).set({ packageId: pkg!.id }).where(eq(tenants.id, northwind!.id));
    expect(await simpleOfAgent()).toEqual([stores]);
    // Without a package it may grant nothing.
    await t.ctx.db.update(tenants).set({ packageId: null }).where(eq(tenants.id, northwind!.id));
    expect(await simpleOfAgent()).toEqual([]);
    await t.ctx.db.update(tenants).set({ packageId: demoPackage }).where(eq(tenants.id, northwind!.id));
  });

  test("a change reaches a user's menus at the next menu load, without signing in again", async () => {
    const operator = await t.signIn('operator');
    const menusOfOperator = async () => flatten((await operator.get<MenuNode[]>('/api/system/auth/list-menus')).data);
    const store = (await menusOfOperator()).find((m) => m.name === 'Store management')!;
    expect(store).toBeDefined();
    const full = (await get(store.id)).data;
    const { createdAt: _createdAt, ...editable } = full;

    await admin.put('/api/system/menu/update', { ...editable, name: 'Shops', icon: 'shop-new' });
    expect((await menusOfOperator()).find((m) => m.id === store.id)).toMatchObject({ name: 'Shops', icon: 'shop-new' });
    await admin.put('/api/system/menu/update', { ...editable, status: 1 });
    expect((await menusOfOperator()).find((m) => m.id === store.id)).toBeUndefined();
    await admin.put('/api/system/menu/update', editable);
    expect((await menusOfOperator()).find((m) => m.id === store.id)?.name).toBe('Store management');
  });

  test('changes are in the operation log', async () => {
    await create(admin, { type: 'D', name: 'Logged', path: '/logged' });
    const [row] = await t.ctx.db.select().from(operateLog).orderBy(desc(operateLog.id)).limit(1);
    expect([row!.path, row!.resultCode, row!.username]).toEqual(['/api/system/menu/create', 200, 'admin']);
    expect((await t.ctx.db.select().from(menus).where(eq(menus.name, 'Logged'))).length).toBe(1);
  });
});
