import { staffApi, type Page, type Staff, type StaffDetail } from '@lightdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cancellationRequests, depts, menus, roles, tenants, users } from '../schema';
import { TEST_PASSWORD, testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
const USER_CODES = ['system:user:query', 'system:user:create', 'system:user:update', 'system:user:delete', 'system:user:export', 'system:user:reset-password'];
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', USER_CODES);
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const PASSWORD = 'Lamp-post-42';
const create = (c: ApiClient, body: Record<string, unknown>) => c.post<number>('/api/system/user/create', { password: PASSWORD, ...body });
const page = (c: ApiClient, q: Record<string, string | number> = {}) => c.get<Page<Staff>>('/api/system/user/page', { limit: 100, ...q });
const names = async (c: ApiClient, q: Record<string, string | number> = {}) => (await page(c, q)).data.list.map((u) => u.username).sort();
const dept = async (c: ApiClient, name: string, parentId = 0) => (await c.post<number>('/api/system/dept/create', { name, parentId })).data;
const idOf = async (username: string) => (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0]!.id;
const roleId = async (tenantCode: string, code: string) =>
  (
    await t.ctx.db
      .select({ id: roles.id })
      .from(roles)
      .innerJoin(tenants, eq(tenants.id, roles.tenantId))
      .where(and(eq(tenants.code, tenantCode), eq(roles.code, code)))
  )[0]!.id;

describe('staff', () => {
  test('create, read, update, list with filters and paging, delete', async () => {
    const started = Date.now() - 1000;
    const hq = await dept(admin, 'Head office');
    const sales = await dept(admin, 'Sales', hq);
    const east = await dept(admin, 'Sales east', sales);
    const post = (await admin.post<number>('/api/system/post/create', { code: 'rep', name: 'Sales rep' })).data;
    const auditor = (await admin.post<number>('/api/system/role/create', { code: 'auditor', name: 'Auditor' })).data;

    const alice = await create(admin, { username: 'alice', nickname: 'Alice', deptId: hq, mobile: '13900000001', email: 'alice@example.com', sex: 2 });
    expect(alice.code).toBe(200);
    const bob = (await create(admin, { username: 'bob.s', nickname: 'Bob', deptId: sales, postIds: [post], roleIds: [auditor] })).data;
    const carol = (await create(admin, { username: 'carol', nickname: 'Carol', deptId: east, status: 1 })).data;

    const detail = await admin.get<StaffDetail>('/api/system/user/get', { id: bob });
    expect(detail.data).toMatchObject({ username: 'bob.s', nickname: 'Bob', deptId: sales, deptName: 'Sales', status: 0, roleIds: [auditor], postIds: [post] });
    expect(detail.data).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(detail.data)).not.toContain('argon2');

    // Omitted roles and status stay; the username is not editable here.
    expect((await admin.put('/api/system/user/update', { id: bob, username: 'robert', nickname: 'Bobby', deptId: east, postIds: [] })).code).toBe(200);
    expect((await admin.get<StaffDetail>('/api/system/user/get', { id: bob })).data).toMatchObject({
      username: 'bob.s',
      nickname: 'Bobby',
      deptId: east,
      roleIds: [auditor],
      postIds: [],
      status: 0,
    });

    expect(await names(admin, { username: 'ALI' })).toEqual(['alice']);
    expect(await names(admin, { nickname: 'bob' })).toEqual(['bob.s']);
    expect(await names(admin, { mobile: '1390' })).toEqual(['alice']);
    expect(await names(admin, { status: 1 })).toEqual(['carol']);
    // A department takes in everything below it.
    expect(await names(admin, { deptId: sales })).toEqual(['bob.s', 'carol']);
    expect(await names(admin, { deptId: hq })).toEqual(['alice', 'bob.s', 'carol']);
    expect(await names(admin, { deptId: east })).toEqual(['bob.s', 'carol']);
    const now = Date.now();
    // The seeded operator was made before this test began: the range leaves it out.
    expect(await names(admin, { createdFrom: new Date(started).toISOString(), username: 'o' })).toEqual(['bob.s', 'carol']);
    expect(await names(admin, { createdFrom: new Date(now + 3_600_000).toISOString() })).toEqual([]);
    expect(await names(admin, { createdTo: new Date(now - 3_600_000).toISOString() })).toEqual([]);

    const first = await page(admin, { page: 1, limit: 2, sortBy: 'username', sortOrder: 'asc' });
    expect(first.data.total).toBe(5); // admin, operator and the three above
    expect(first.data.list.map((u) => u.username)).toEqual(['admin', 'alice']);
    expect((await page(admin, { page: 2, limit: 2, sortBy: 'username', sortOrder: 'asc' })).data.list.map((u) => u.username)).toEqual(['bob.s', 'carol']);

    const simple = await admin.get<{ id: number; nickname: string }[]>('/api/system/user/list-all-simple');
    expect(simple.data.map((u) => u.nickname)).not.toContain('Carol'); // disabled
    expect(simple.data.map((u) => u.nickname)).toContain('Bobby');

    expect((await admin.delete('/api/system/user/delete', { id: carol })).code).toBe(200);
    expect((await admin.get('/api/system/user/get', { id: carol })).code).toBe(404);
  });

  test('usernames are unique across all agents, whatever their case; mobiles too when given', async () => {
    expect(await create(admin, { username: 'AGENT', nickname: 'Clash' })).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'username' } });
    expect(await create(agent, { username: 'Operator', nickname: 'Clash' })).toMatchObject({ code: 409, params: { field: 'username' } });
    expect(await create(agent, { username: 'mobile-clash', nickname: 'Clash', mobile: '13800000001' })).toMatchObject({
      code: 409,
      params: { field: 'mobile' },
    });
    expect((await create(admin, { username: 'no-mobile-1', nickname: 'A' })).code).toBe(200);
    expect((await create(admin, { username: 'no-mobile-2', nickname: 'B', mobile: '' })).code).toBe(200);
  });

  test('racing creations of one username or mobile: one wins, the rest answer 409 naming the field', async () => {
    const byName = await Promise.all([1, 2, 3, 4].map((i) => create(admin, { username: 'racer', nickname: `Racer ${i}` })));
    expect(byName.map((r) => r.code).sort()).toEqual([200, 409, 409, 409]);
    expect(byName.filter((r) => r.code === 409).every((r) => r.params?.field === 'username')).toBe(true);
    const byMobile = await Promise.all([1, 2, 3].map((i) => create(admin, { username: `mobile-racer-${i}`, nickname: 'Racer', mobile: '13911112222' })));
    expect(byMobile.map((r) => r.code).sort()).toEqual([200, 409, 409]);
    expect(byMobile.filter((r) => r.code === 409).every((r) => r.params?.field === 'mobile')).toBe(true);
  });

  test('bad input is refused by field and changes nothing', async () => {
    const before = (await page(admin)).data.total;
    const northwind = (await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'northwind')))[0]!.id;
    const [agentDept] = await t.ctx.db.insert(depts).values({ tenantId: northwind, name: 'Agent office' }).returning();
    expect(await create(admin, { username: 'dave', nickname: 'Dave', password: 'short' })).toMatchObject({ code: 400, params: { field: 'password' } });
    expect(await create(admin, { username: 'has space', nickname: 'Dave' })).toMatchObject({ code: 400, params: { field: 'username' } });
    expect(await create(admin, { username: 'dave', nickname: '' })).toMatchObject({ code: 400, params: { field: 'nickname' } });
    expect(await create(admin, { username: 'dave', nickname: 'Dave', email: 'not-mail' })).toMatchObject({ code: 400, params: { field: 'email' } });
    expect((await create(admin, { username: 'dave', nickname: 'Dave' })).code).toBe(200);
    expect(await create(admin, { username: 'erin1234', nickname: 'Erin', password: 'ERIN1234' })).toMatchObject({
      code: 400,
      key: 'auth.password-same-as-username',
      params: { field: 'password' },
    });
    // Another tenant's department and roles are as unknown as ids that never existed.
    expect(await create(admin, { username: 'frank', nickname: 'Frank', deptId: agentDept!.id })).toMatchObject({
      code: 400,
      key: 'common.reference-not-found',
      params: { field: 'deptId' },
    });
    for (const code of ['tenant_admin', 'store_staff']) {
      expect(await create(admin, { username: 'frank', nickname: 'Frank', roleIds: [await roleId('northwind', code)] })).toMatchObject({
        code: 400,
        params: { field: 'roleIds' },
      });
    }
    expect(await create(admin, { username: 'frank', nickname: 'Frank', postIds: [999999] })).toMatchObject({ code: 400, params: { field: 'postIds' } });
    expect(await page(admin, { sortBy: 'passwordHash' })).toMatchObject({ code: 400, key: 'common.sort-not-allowed' });
    expect((await page(admin)).data.total).toBe(before + 1);
    expect(await names(admin, { username: 'frank' })).toEqual([]);
  });

  test('a new staff member signs in with the password they were given', async () => {
    await create(admin, { username: 'grace', nickname: 'Grace' });
    expect((await t.login('grace', PASSWORD)).code).toBe(200);
  });

  test("an administrator's password reset works and ends the staff member's sessions", async () => {
    const id = (await create(admin, { username: 'heidi', nickname: 'Heidi' })).data;
    const heidi = await t.signIn('heidi', PASSWORD);
    expect((await heidi.get('/api/system/auth/get-permission-info')).code).toBe(200);
    expect(await admin.put('/api/system/user/update-password', { id, password: 'short' })).toMatchObject({ code: 400, params: { field: 'password' } });
    expect((await admin.send(staffApi.resetPassword, { id, password: 'New-lamp-99' })).code).toBe(200);
    expect((await heidi.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect((await t.login('heidi', PASSWORD)).code).not.toBe(200);
    expect((await t.login('heidi', 'New-lamp-99')).code).toBe(200);
  });

  test('resetting a password takes its own permission', async () => {
    await t.grant('operator', ['system:user:query', 'system:user:update']);
    const operator = await t.signIn('operator');
    expect((await operator.put('/api/system/user/update-password', { id: await idOf('grace'), password: 'New-lamp-99' })).code).toBe(403);
    expect((await t.login('grace', PASSWORD)).code).toBe(200);
  });

  test('a disabled staff member is signed out at once and cannot sign in until enabled again', async () => {
    const id = (await create(admin, { username: 'ivan', nickname: 'Ivan' })).data;
    const ivan = await t.signIn('ivan', PASSWORD);
    expect((await admin.send(staffApi.updateStatus, { id, status: 1 })).code).toBe(200);
    expect((await ivan.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect(await t.login('ivan', PASSWORD)).toMatchObject({ code: 403, key: 'auth.disabled' });
    expect((await admin.send(staffApi.updateStatus, { id, status: 0 })).code).toBe(200);
    const again = await t.signIn('ivan', PASSWORD);
    // Disabling through the edit form signs out too.
    expect((await admin.put('/api/system/user/update', { id, nickname: 'Ivan', status: 1 })).code).toBe(200);
    expect((await again.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect(await admin.put('/api/system/user/update-status', { id, status: 2 })).toMatchObject({ code: 400, params: { field: 'status' } });
  });

  test('nobody deletes or disables themselves or the built-in administrator', async () => {
    const adminId = await idOf('admin');
    expect(await admin.delete('/api/system/user/delete', { id: adminId })).toMatchObject({ code: 409, key: 'system.user.self' });
    expect(await admin.put('/api/system/user/update-status', { id: adminId, status: 1 })).toMatchObject({ code: 409, key: 'system.user.self' });
    await admin.post('/api/system/user/create', { username: 'judy', nickname: 'Judy', password: PASSWORD, roleIds: [await roleId('saas', 'admin')] });
    const judy = await t.signIn('judy', PASSWORD);
    expect(await judy.delete('/api/system/user/delete', { id: adminId })).toMatchObject({ code: 409, key: 'system.user.builtin-admin' });
    expect(await judy.put('/api/system/user/update-status', { id: adminId, status: 1 })).toMatchObject({ code: 409, key: 'system.user.builtin-admin' });
    expect(await judy.put('/api/system/user/update', { id: adminId, nickname: 'Admin', status: 1 })).toMatchObject({
      code: 409,
      key: 'system.user.builtin-admin',
    });
    expect(await judy.put('/api/system/user/assign-roles', { userId: adminId, roleIds: [] })).toMatchObject({ code: 409, key: 'system.user.builtin-admin' });
    expect((await admin.get('/api/system/auth/get-permission-info')).code).toBe(200);
  });

  test('deleting a staff member ends their sessions; an account awaiting its cancellation purge stays', async () => {
    const id = (await create(admin, { username: 'kim.k', nickname: 'Kim' })).data;
    const kim = await t.signIn('kim.k', PASSWORD);
    const led = (await admin.post<number>('/api/system/dept/create', { name: 'Led by Kim', leaderUserId: id })).data;
    expect((await admin.delete('/api/system/user/delete', { id })).code).toBe(200);
    expect((await kim.get('/api/system/auth/get-permission-info')).code).toBe(401);
    expect((await admin.get<{ leaderUserId: number | null }>('/api/system/dept/get', { id: led })).data.leaderUserId).toBeNull();

    const leaving = (await create(admin, { username: 'leo.l', nickname: 'Leo' })).data;
    const [platform] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'saas'));
    await t.ctx.db
      .insert(cancellationRequests)
      .values({ userId: leaving, tenantId: platform!.id, username: 'leo.l', purgeAfter: new Date(Date.now() + 86400_000) });
    expect(await admin.delete('/api/system/user/delete', { id: leaving })).toMatchObject({ code: 409, key: 'system.user.has-cancellation' });
    expect((await admin.get('/api/system/user/get', { id: leaving })).code).toBe(200);
  });

  test('assigning roles replaces them, applies at once, and takes only roles of the same tenant', async () => {
    const menuIds = (
      await t.ctx.db
        .select({ id: menus.id })
        .from(menus)
        .where(inArray(menus.permission, ['system:post:query']))
    ).map((m) => m.id);
    const viewer = (await admin.post<number>('/api/system/role/create', { code: 'post_viewer', name: 'Post viewer' })).data;
    await admin.put('/api/system/role/assign-menus', { roleId: viewer, menuIds });
    const id = (await create(admin, { username: 'mallory', nickname: 'Mallory' })).data;
    const mallory = await t.signIn('mallory', PASSWORD);
    expect((await mallory.get('/api/system/post/page')).code).toBe(403);
    expect((await admin.send(staffApi.assignRoles, { userId: id, roleIds: [viewer] })).code).toBe(200);
    expect((await mallory.get('/api/system/post/page')).code).toBe(200);
    expect((await admin.get<StaffDetail>('/api/system/user/get', { id })).data.roleIds).toEqual([viewer]);
    for (const code of ['tenant_admin', 'store_staff']) {
      expect(await admin.put('/api/system/user/assign-roles', { userId: id, roleIds: [await roleId('northwind', code)] })).toMatchObject({
        code: 400,
        params: { field: 'roleIds' },
      });
    }
    expect((await admin.get<StaffDetail>('/api/system/user/get', { id })).data.roleIds).toEqual([viewer]);
    expect((await admin.send(staffApi.assignRoles, { userId: id, roleIds: [] })).code).toBe(200);
    expect((await mallory.get('/api/system/post/page')).code).toBe(403);
  });

  test('an agent cannot create staff beyond its quota', async () => {
    const [northwind] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'northwind'));
    const count = (await page(agent)).data.total;
    await t.ctx.db
      .update(tenants)
      .set({ staffQuota: count + 1 })
      .where(eq(tenants.id, northwind!.id));
    expect((await create(agent, { username: 'nw-one', nickname: 'One' })).code).toBe(200);
    expect(await create(agent, { username: 'nw-two', nickname: 'Two' })).toMatchObject({
      code: 409,
      key: 'system.user.quota-exceeded',
      params: { quota: count + 1 },
    });
    expect((await page(agent)).data.total).toBe(count + 1);
    expect((await t.login('nw-two', PASSWORD)).code).not.toBe(200);
    // Concurrent creations cannot both take the last place.
    await t.ctx.db
      .update(tenants)
      .set({ staffQuota: count + 3 })
      .where(eq(tenants.id, northwind!.id));
    const racing = await Promise.all([1, 2, 3, 4].map((i) => create(agent, { username: `nw-race-${i}`, nickname: 'Racer' })));
    expect(racing.map((r) => r.code).sort()).toEqual([200, 200, 409, 409]);
    expect((await page(agent)).data.total).toBe(count + 3);
    await t.ctx.db.update(tenants).set({ staffQuota: 20 }).where(eq(tenants.id, northwind!.id));
  });

  test('staff without the permission are refused', async () => {
    const operator = await t.signIn('operator'); // granted only system:user:query and :update above
    expect((await operator.get('/api/system/user/page')).code).toBe(200);
    expect((await create(operator, { username: 'zed1', nickname: 'Z' })).code).toBe(403);
    expect((await operator.delete('/api/system/user/delete', { id: await idOf('grace') })).code).toBe(403);
    expect((await operator.get('/api/system/user/export-excel')).code).toBe(403);
    expect(await names(admin, { username: 'zed1' })).toEqual([]);
  });

  test("an agent's staff can neither list nor read nor change nor delete the platform's staff, and the platform sees only its own", async () => {
    const platformStaff = (await page(admin)).data.list;
    const agentStaff = await names(agent);
    expect(agentStaff).toContain('agent');
    expect(agentStaff.some((u) => platformStaff.some((p) => p.username === u))).toBe(false);
    expect(await names(admin)).not.toContain('agent');
    const agentId = await idOf('agent');
    expect((await admin.get('/api/system/user/get', { id: agentId })).code).toBe(404);
    for (const p of platformStaff) {
      expect((await agent.get('/api/system/user/get', { id: p.id })).code).toBe(404);
      expect((await agent.put('/api/system/user/update', { id: p.id, nickname: 'Hijacked' })).code).toBe(404);
      expect((await agent.delete('/api/system/user/delete', { id: p.id })).code).toBe(404);
      expect((await agent.put('/api/system/user/update-status', { id: p.id, status: 1 })).code).toBe(404);
      expect((await agent.put('/api/system/user/update-password', { id: p.id, password: 'Hijacked-123' })).code).toBe(404);
      expect((await agent.put('/api/system/user/assign-roles', { userId: p.id, roleIds: [] })).code).toBe(404);
    }
    const after = (await page(admin)).data.list;
    expect(after.map((u) => [u.username, u.nickname, u.status])).toEqual(platformStaff.map((u) => [u.username, u.nickname, u.status]));
    expect((await t.login('admin', TEST_PASSWORD)).code).toBe(200);
    expect((await agent.get<{ nickname: string }[]>('/api/system/user/list-all-simple')).data.map((u) => u.nickname)).not.toContain('Administrator');
  });

  test('the export is a real .xlsx holding the filtered rows', async () => {
    const res = await admin.raw('GET', '/api/system/user/export-excel', { query: { username: 'ALIC' } });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('staff.xlsx');
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 6)).toEqual(['Username', 'Nickname', 'Department', 'Mobile', 'Email', 'Gender']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([['alice', 'Alice', 'Head office', '13900000001', 'alice@example.com', 'Female', 'Enabled']]);
  });
});
