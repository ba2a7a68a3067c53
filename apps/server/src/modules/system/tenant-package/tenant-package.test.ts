import type { Page, TenantPackage, TenantPackageDetail } from '@lightdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menus, roleMenus, roles, tenantPackageMenus, tenants } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
/** Menu ids by permission code. */
const menu: Record<string, number> = {};
let adminDir: number;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  // Even holding every code of the screen, an agent's staff may not manage packages.
  await t.grant('agent', ['system:tenant-package:query', 'system:tenant-package:create', 'system:tenant-package:update', 'system:tenant-package:delete']);
  agent = await t.signIn('agent');
  for (const m of await t.ctx.db.select().from(menus)) if (m.permission) menu[m.permission] = m.id;
  const [dir] = await t.ctx.db.select().from(menus).where(eq(menus.componentName, 'System'));
  adminDir = dir!.id;
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/tenant-package/create', body);
const page = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<TenantPackage>>('/api/system/tenant-package/page', q);
const detail = async (id: number) => (await admin.get<TenantPackageDetail>('/api/system/tenant-package/get', { id })).data;
const m = (code: string) => menu[code]!;

/** An agent on `packageId` with its admin role, through the agents API. */
async function agentOn(packageId: number, code: string) {
  const res = await admin.post<number>('/api/system/tenant/create', {
    code,
    name: `Agent ${code}`,
    packageId,
    adminUsername: `${code}-admin`,
    adminPassword: 'Agent-admin-pass1',
  });
  expect(res.code).toBe(200);
  return res.data;
}
const menusOfRole = async (roleId: number) =>
  (await t.ctx.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId))).map((r) => r.id).sort((a, b) => a - b);

describe('agent packages', () => {
  test('create, read, update, list with filters and paging, delete', async () => {
    const before = (await page(admin)).data.total;
    const basic = await create(admin, { name: 'Basic', menuIds: [m('store:mesh:query')], remark: 'Stores only' });
    expect(basic.code).toBe(200);
    const full = await create(admin, { name: 'Full', menuIds: [m('store:mesh:query'), m('device:luminaire:query')] });
    const trial = await create(admin, { name: 'Trial', status: 1 });
    expect(await detail(basic.data)).toMatchObject({ name: 'Basic', status: 0, remark: 'Stores only' });

    // The demo's package is there too: look at the ones this test made, in the order listed.
    const ours = [basic.data, full.data, trial.data];
    const own = <T extends { id: number; name: string }>(rows: T[]) => rows.filter((p) => ours.includes(p.id)).map((p) => p.name);
    const named = (await page(admin, { name: 'ul' })).data.list;
    expect(named.every((p) => p.name.toLowerCase().includes('ul'))).toBe(true);
    expect(own(named)).toEqual(['Full']);
    const disabled = (await page(admin, { status: 1 })).data.list;
    expect(disabled.every((p) => p.status === 1)).toBe(true);
    expect(own(disabled)).toEqual(['Trial']);
    const all = (await page(admin, { limit: 100 })).data;
    expect(all.total).toBe(before + 3);
    expect(all.list).toHaveLength(all.total);
    expect(own(all.list)).toEqual(['Basic', 'Full', 'Trial']);
    expect((await page(admin, { page: 2, limit: 2 })).data).toEqual({ total: all.total, list: all.list.slice(2, 4) });
    expect(own((await page(admin, { sortBy: 'name', sortOrder: 'desc' })).data.list)).toEqual(['Trial', 'Full', 'Basic']);
    const simple = (await admin.get<{ id: number; name: string }[]>('/api/system/tenant-package/list-all-simple')).data;
    expect(simple).toEqual(all.list.filter((p) => p.status === 0).map(({ id, name }) => ({ id, name })));
    expect(simple.filter((p) => ours.includes(p.id))).toEqual([
      { id: basic.data, name: 'Basic' },
      { id: full.data, name: 'Full' },
    ]);

    expect(
      (await admin.put('/api/system/tenant-package/update', { id: trial.data, name: 'Trial 30 days', status: 0, menuIds: [m('store:user:query')] })).code,
    ).toBe(200);
    expect(await detail(trial.data)).toMatchObject({ name: 'Trial 30 days', status: 0 });
    expect((await admin.delete('/api/system/tenant-package/delete', { id: trial.data })).code).toBe(200);
    expect((await admin.get('/api/system/tenant-package/get', { id: trial.data })).code).toBe(404);
    expect(await t.ctx.db.select().from(tenantPackageMenus).where(eq(tenantPackageMenus.packageId, trial.data))).toEqual([]);
  });

  test('a package holding a button also holds the screen and directories above it', async () => {
    const id = (await create(admin, { name: 'Posts clerk', menuIds: [m('system:post:create')] })).data;
    expect((await detail(id)).menuIds).toEqual([adminDir, m('system:post:query'), m('system:post:create')].sort((a, b) => a - b));
  });

  test('bad input is refused by field and changes nothing', async () => {
    const before = (await page(admin)).data.total;
    expect(await create(admin, { name: '' })).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await create(admin, { name: 'Ghost menus', menuIds: [999999] })).toMatchObject({ code: 400, params: { field: 'menuIds' } });
    expect(await create(admin, { name: 'Bad ids', menuIds: ['x'] })).toMatchObject({ code: 400, params: { field: 'menuIds[0]' } });
    expect(await create(admin, { name: 'Basic' })).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'name' } });
    expect(await page(admin, { sortBy: 'constructor' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
    expect((await page(admin)).data.total).toBe(before);
  });

  test('a package used by an agent cannot be deleted, and nothing changes', async () => {
    const id = (await create(admin, { name: 'In use', menuIds: [m('store:mesh:query')] })).data;
    await agentOn(id, 'in-use-agent');
    expect(await admin.delete('/api/system/tenant-package/delete', { id })).toMatchObject({ code: 409, key: 'system.tenant-package.in-use' });
    expect((await detail(id)).menuIds).toContain(m('store:mesh:query'));
  });

  test("menus a package loses leave its agents' roles; menus it gains reach their admin role", async () => {
    const id = (await create(admin, { name: 'Shrinking', menuIds: [m('store:mesh:query'), m('device:luminaire:query'), m('device:luminaire:update')] })).data;
    const tenantId = await agentOn(id, 'shrink-agent');
    const [adminRole] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.code, 'tenant_admin')));
    expect(await menusOfRole(adminRole!.id)).toEqual((await detail(id)).menuIds);
    // A second role of the agent holding the luminaire screen and its button.
    const [clerk] = await t.ctx.db.insert(roles).values({ tenantId, code: 'clerk', name: 'Clerk' }).returning();
    const held = [m('device:luminaire:query'), m('device:luminaire:update'), m('store:mesh:query')];
    await t.ctx.db.insert(roleMenus).values(held.map((menuId) => ({ roleId: clerk!.id, menuId })));
    // Another agent's role on another package, holding the same menus, is not touched.
    const otherPackage = (await create(admin, { name: 'Untouched', menuIds: held })).data;
    const otherTenant = await agentOn(otherPackage, 'other-agent');
    const [otherRole] = await t.ctx.db.insert(roles).values({ tenantId: otherTenant, code: 'clerk', name: 'Clerk' }).returning();
    await t.ctx.db.insert(roleMenus).values(held.map((menuId) => ({ roleId: otherRole!.id, menuId })));

    const res = await admin.put('/api/system/tenant-package/update', { id, name: 'Shrinking', menuIds: [m('store:mesh:query'), m('store:user:query')] });
    expect(res.code).toBe(200);
    const now = (await detail(id)).menuIds;
    expect(now).toContain(m('store:user:query'));
    expect(now).not.toContain(m('device:luminaire:query'));
    expect(await menusOfRole(clerk!.id)).toEqual(held.filter((x) => now.includes(x)).sort((a, b) => a - b));
    expect(await menusOfRole(adminRole!.id)).toEqual(now);
    expect(await menusOfRole(otherRole!.id)).toEqual([...held].sort((a, b) => a - b));

    // The agent's administrator now has exactly the package's screens.
    const agentAdmin = await t.signIn('shrink-agent-admin', 'Agent-admin-pass1');
    const info = await agentAdmin.get<{ permissions: string[] }>('/api/system/auth/get-permission-info');
    expect(info.data.permissions).toEqual(['store:mesh:query', 'store:user:query']);
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await page(operator)).code).toBe(403);
    expect((await create(operator, { name: 'x' })).code).toBe(403);
  });

  test("an agent's staff can neither list nor read nor change nor delete packages, even holding the codes", async () => {
    const [pkg] = (await page(admin)).data.list;
    expect(await page(agent)).toMatchObject({ code: 403, key: 'auth.platform-only' });
    expect((await agent.get('/api/system/tenant-package/list-all-simple')).code).toBe(403);
    expect((await agent.get('/api/system/tenant-package/get', { id: pkg!.id })).code).toBe(403);
    expect((await create(agent, { name: 'Agent made' })).code).toBe(403);
    expect((await agent.put('/api/system/tenant-package/update', { id: pkg!.id, name: 'Hijacked' })).code).toBe(403);
    expect((await agent.delete('/api/system/tenant-package/delete', { id: pkg!.id })).code).toBe(403);
    expect((await detail(pkg!.id)).name).toBe(pkg!.name);
    expect(
      await t.ctx.db
        .select()
        .from(tenants)
        .where(inArray(tenants.code, ['agent-made'])),
    ).toEqual([]);
  });
});
