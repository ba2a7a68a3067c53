import { tenantApi, type Page, type Tenant } from '@lightdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menus, operateLog, roleMenus, roles, tenants, userRoles, users } from '../schema';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let stores: number;
let devices: number;
let disabledPackage: number;
const menuId = async (permission: string) => (await t.ctx.db.select().from(menus).where(eq(menus.permission, permission)))[0]!.id;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['system:tenant:query', 'system:tenant:create', 'system:tenant:update', 'system:tenant:delete', 'system:tenant:export']);
  agent = await t.signIn('agent');
  const newPackage = async (name: string, codes: string[], status = 0) =>
    (await admin.post<number>('/api/system/tenant-package/create', { name, status, menuIds: await Promise.all(codes.map(menuId)) })).data;
  stores = await newPackage('Stores', ['store:mesh:query', 'store:user:query']);
  devices = await newPackage('Devices', ['device:luminaire:query', 'device:luminaire:update']);
  disabledPackage = await newPackage('Retired', ['store:mesh:query'], 1);
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/tenant/create', body);
const page = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<Tenant>>('/api/system/tenant/page', q);
const get = async (id: number) => (await admin.get<Tenant>('/api/system/tenant/get', { id })).data;
const agentBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Agent ${code}`,
  contactName: 'Contact',
  contactMobile: '13900000000',
  packageId: stores,
  adminUsername: `${code}-admin`,
  adminPassword: 'Agent-admin-pass1',
  ...extra,
});
const permissionsOf = async (c: ApiClient) => (await c.get<{ permissions: string[] }>('/api/system/auth/get-permission-info')).data.permissions;

describe('agents', () => {
  test('creating an agent creates its admin role and first administrator, who can sign in with the package', async () => {
    const res = await create(admin, agentBody('acme', { expiresAt: '2099-01-01T00:00:00Z', staffQuota: 5, remark: 'Key account' }));
    expect(res.code).toBe(200);
    expect(await get(res.data)).toMatchObject({
      code: 'acme',
      type: 'agent',
      status: 0,
      packageId: stores,
      packageName: 'Stores',
      staffQuota: 5,
      staffCount: 1,
      expiresAt: '2099-01-01T00:00:00.000Z',
      remark: 'Key account',
    });
    const [account] = await t.ctx.db.select().from(users).where(eq(users.username, 'acme-admin'));
    expect(account).toMatchObject({ tenantId: res.data, nickname: 'Contact' });
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    const [role] = await t.ctx.db.select().from(roles).innerJoin(userRoles, eq(userRoles.roleId, roles.id)).where(eq(userRoles.userId, account!.id));
    expect(role!.roles).toMatchObject({ code: 'tenant_admin', tenantId: res.data });

    const acme = await t.signIn('acme-admin', 'Agent-admin-pass1');
    expect(await permissionsOf(acme)).toEqual(['store:mesh:query', 'store:user:query']);
    // The password travels in the operation log masked.
    const [logged] = await t.ctx.db.select().from(operateLog).where(eq(operateLog.path, '/api/system/tenant/create')).orderBy(desc(operateLog.id)).limit(1);
    expect(logged!.params).not.toContain('Agent-admin-pass1');
  });

  test('bad input is refused by field and creates nothing', async () => {
    const count = async () => (await t.ctx.db.select().from(tenants)).length;
    const before = await count();
    const staffBefore = (await t.ctx.db.select().from(users)).length;
    expect(await create(admin, agentBody('saas'))).toMatchObject({ code: 400, params: { field: 'code' } });
    expect(await create(admin, agentBody('Has Space'))).toMatchObject({ code: 400, params: { field: 'code' } });
    expect(await create(admin, agentBody('x'))).toMatchObject({ code: 400, params: { field: 'code' } });
    expect(await create(admin, agentBody('ok-code', { name: '' }))).toMatchObject({ code: 400, params: { field: 'name' } });
    expect(await create(admin, agentBody('ok-code', { packageId: undefined }))).toMatchObject({ code: 400, params: { field: 'packageId' } });
    expect(await create(admin, agentBody('ok-code', { packageId: 99999 }))).toMatchObject({
      code: 400,
      key: 'system.tenant.package-unavailable',
      params: { field: 'packageId' },
    });
    expect(await create(admin, agentBody('ok-code', { packageId: disabledPackage }))).toMatchObject({ code: 400, key: 'system.tenant.package-unavailable' });
    expect(await create(admin, agentBody('ok-code', { expiresAt: 'next year' }))).toMatchObject({ code: 400, params: { field: 'expiresAt' } });
    expect(await create(admin, agentBody('ok-code', { staffQuota: 0 }))).toMatchObject({ code: 400, params: { field: 'staffQuota' } });
    expect(await create(admin, agentBody('ok-code', { adminPassword: 'short' }))).toMatchObject({ code: 400, params: { field: 'adminPassword' } });
    expect(await create(admin, agentBody('ok-code', { contactMobile: 'call me' }))).toMatchObject({ code: 400, params: { field: 'contactMobile' } });
    expect(await create(admin, agentBody('northwind'))).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'code' } });
    // Usernames are unique across every tenant, whatever their case.
    expect(await create(admin, agentBody('ok-code', { adminUsername: 'AGENT' }))).toMatchObject({
      code: 409,
      key: 'common.duplicate',
      params: { field: 'adminUsername' },
    });
    expect(await create(admin, agentBody('ok-code', { adminUsername: 'Admin' }))).toMatchObject({ code: 409, params: { field: 'adminUsername' } });
    expect(await count()).toBe(before);
    expect((await t.ctx.db.select().from(users)).length).toBe(staffBefore);
  });

  test('the list filters by name, code, status, contact and expiry, pages and sorts', async () => {
    await create(admin, agentBody('filter-a', { name: 'Alpha Beams', contactName: 'Ann', contactMobile: '13911110000', expiresAt: '2030-06-01T00:00:00Z' }));
    await create(
      admin,
      agentBody('filter-b', { name: 'Beta Beams', contactName: 'Bob', contactMobile: '13922220000', expiresAt: '2031-06-01T00:00:00Z', status: 1 }),
    );
    const codes = async (q: Record<string, string | number>) => (await page(admin, q)).data.list.map((x) => x.code);
    expect(await codes({ name: 'beams' })).toEqual(['filter-a', 'filter-b']);
    expect(await codes({ code: 'FILTER-B' })).toEqual(['filter-b']);
    expect(await codes({ status: 1 })).toEqual(['filter-b']);
    expect(await codes({ contact: 'ann' })).toEqual(['filter-a']);
    expect(await codes({ contact: '139222' })).toEqual(['filter-b']);
    expect(await codes({ expiresFrom: '2031-01-01T00:00:00Z', expiresTo: '2031-12-31T00:00:00Z' })).toEqual(['filter-b']);
    expect(await codes({ name: 'beams', sortBy: 'code', sortOrder: 'desc' })).toEqual(['filter-b', 'filter-a']);
    expect((await page(admin, { name: 'beams', limit: 1, page: 2 })).data).toMatchObject({ total: 2, list: [{ code: 'filter-b' }] });
    expect(await page(admin, { sortBy: 'adminPassword' })).toMatchObject({ code: 400, params: { field: 'sortBy' } });
    // The platform is listed (as the platform); list-all-simple offers enabled tenants only.
    expect(await codes({ code: 'saas' })).toEqual(['saas']);
    const simple = (await admin.get<{ code: string }[]>('/api/system/tenant/list-all-simple')).data.map((x) => x.code);
    expect(simple).toContain('filter-a');
    expect(simple).not.toContain('filter-b');
  });

  test('an update keeps the code; a new package re-grants the admin role and strips other roles', async () => {
    const id = (await create(admin, agentBody('moving'))).data;
    const [clerk] = await t.ctx.db.insert(roles).values({ tenantId: id, code: 'clerk', name: 'Clerk' }).returning();
    await t.ctx.db.insert(roleMenus).values([{ roleId: clerk!.id, menuId: await menuId('store:mesh:query') }]);
    const res = await admin.put('/api/system/tenant/update', { id, code: 'renamed', name: 'Moving Co', packageId: devices, staffQuota: 3, contactName: 'Mo' });
    expect(res.code).toBe(200);
    expect(await get(id)).toMatchObject({ code: 'moving', name: 'Moving Co', packageId: devices, staffQuota: 3, contactName: 'Mo', expiresAt: null });
    const moving = await t.signIn('moving-admin', 'Agent-admin-pass1');
    expect(await permissionsOf(moving)).toEqual(['device:luminaire:query', 'device:luminaire:update']);
    expect(await t.ctx.db.select().from(roleMenus).where(eq(roleMenus.roleId, clerk!.id))).toEqual([]);
  });

  test("disabling an agent ends its staff's sessions at once and refuses their sign-in", async () => {
    const id = (await create(admin, agentBody('paused'))).data;
    const paused = await t.signIn('paused-admin', 'Agent-admin-pass1');
    expect((await paused.get('/api/system/auth/get-permission-info')).code).toBe(200);
    expect((await admin.send(tenantApi.updateStatus, { id, status: 1 })).code).toBe(200);
    expect((await paused.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect(await t.login('paused-admin', 'Agent-admin-pass1')).toMatchObject({ code: 403, key: 'auth.tenant-disabled' });
    // Enabled again: its staff sign in anew, but the old session stays ended.
    expect((await admin.send(tenantApi.updateStatus, { id, status: 0 })).code).toBe(200);
    expect((await t.login('paused-admin', 'Agent-admin-pass1')).code).toBe(200);
    expect((await paused.get('/api/system/auth/get-permission-info')).code).toBe(401);
  });

  test("an expired agent's staff are signed out and refused", async () => {
    const id = (await create(admin, agentBody('lapsing', { expiresAt: '2099-01-01T00:00:00Z' }))).data;
    const lapsing = await t.signIn('lapsing-admin', 'Agent-admin-pass1');
    const body = { id, name: 'Lapsing', packageId: stores, expiresAt: new Date(Date.now() - 60_000).toISOString() };
    expect((await admin.put('/api/system/tenant/update', body)).code).toBe(200);
    expect((await lapsing.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect(await t.login('lapsing-admin', 'Agent-admin-pass1')).toMatchObject({ code: 403, key: 'auth.tenant-disabled' });
  });

  test('the platform tenant can never be disabled, changed here or deleted', async () => {
    const [platform] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'saas'));
    const id = platform!.id;
    expect(await admin.put('/api/system/tenant/update-status', { id, status: 1 })).toMatchObject({ code: 409, key: 'system.tenant.platform-protected' });
    expect(await admin.put('/api/system/tenant/update', { id, name: 'Taken over', packageId: stores, status: 1 })).toMatchObject({
      code: 409,
      key: 'system.tenant.platform-protected',
    });
    expect(await admin.delete('/api/system/tenant/delete', { id })).toMatchObject({ code: 409, key: 'system.tenant.platform-protected' });
    expect(await get(id)).toMatchObject({ name: platform!.name, status: 0, packageId: null });
    expect((await admin.get('/api/system/auth/get-permission-info')).code).toBe(200);
  });

  test('an enabled agent cannot be deleted; a disabled one is deleted with its staff, sessions and roles', async () => {
    const id = (await create(admin, agentBody('closing'))).data;
    expect(await admin.delete('/api/system/tenant/delete', { id })).toMatchObject({ code: 409, key: 'system.tenant.enabled' });
    expect((await get(id)).code).toBe('closing');
    expect((await admin.send(tenantApi.updateStatus, { id, status: 1 })).code).toBe(200);
    expect((await admin.delete('/api/system/tenant/delete', { id })).code).toBe(200);
    expect((await admin.get('/api/system/tenant/get', { id })).code).toBe(404);
    expect(await t.ctx.db.select().from(users).where(eq(users.tenantId, id))).toEqual([]);
    expect(await t.ctx.db.select().from(roles).where(eq(roles.tenantId, id))).toEqual([]);
    expect(await admin.put('/api/system/tenant/update-status', { id, status: 1 })).toMatchObject({ code: 404 });
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator');
    expect((await page(operator)).code).toBe(403);
    expect((await create(operator, agentBody('nope'))).code).toBe(403);
    expect((await operator.put('/api/system/tenant/update-status', { id: 1, status: 1 })).code).toBe(403);
  });

  test("an agent's staff can neither list nor read nor change nor delete any tenant, even holding the codes", async () => {
    const [own] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'northwind'));
    const [platform] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'saas'));
    expect(await page(agent)).toMatchObject({ code: 403, key: 'auth.platform-only' });
    expect((await agent.get('/api/system/tenant/list-all-simple')).code).toBe(403);
    expect((await agent.get('/api/system/tenant/export-excel')).code).toBe(403);
    for (const id of [own!.id, platform!.id]) {
      expect((await agent.get('/api/system/tenant/get', { id })).code).toBe(403);
      expect((await agent.put('/api/system/tenant/update', { id, name: 'Hijacked', packageId: stores })).code).toBe(403);
      expect((await agent.put('/api/system/tenant/update-status', { id, status: 1 })).code).toBe(403);
      expect((await agent.delete('/api/system/tenant/delete', { id })).code).toBe(403);
    }
    // Extending its own expiry or quota is exactly what an agent must not do.
    expect((await create(agent, agentBody('sub-agent'))).code).toBe(403);
    expect(
      await t.ctx.db
        .select()
        .from(tenants)
        .where(and(eq(tenants.id, own!.id), eq(tenants.name, 'Hijacked'))),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'sub-agent'))).toEqual([]);
    expect((await agent.get('/api/system/auth/get-permission-info')).code).toBe(200);
  });

  test('every platform-level route refuses an agent holding its code', async () => {
    const platformRoutes = t.routes.filter((r) => 'permission' in r.access && r.access.platform);
    expect(platformRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/system/tenant/update-status', '/api/system/tenant-package/create', '/api/system/sms-log/page']),
    );
    await t.grant(
      'agent',
      platformRoutes.map((r) => ('permission' in r.access ? r.access.permission : '')),
    );
    for (const r of platformRoutes) {
      const res = await agent.call(r.method, r.url, { query: { id: 1 }, body: r.method === 'GET' || r.method === 'DELETE' ? undefined : { id: 1 } });
      expect(res, `${r.method} ${r.url}`).toMatchObject({ code: 403, key: 'auth.platform-only' });
    }
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    await create(admin, agentBody('export-me', { name: 'Exported Lighting', contactName: 'Eve' }));
    const res = await admin.raw('GET', '/api/system/tenant/export-excel', { query: { name: 'exported' } });
    expect(res.headers.get('content-disposition')).toContain('agents.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 4)).toEqual(['Agent code', 'Agent name', 'Agent package', 'Contact name']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([['export-me', 'Exported Lighting', 'Stores', 'Eve']]);
  });
});
