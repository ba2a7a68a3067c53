import { authApi, DEFAULT_ROLE, type MenuNode } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, userRoles, users } from '../schema';
import { SESSION_LIFETIME } from './staff-sessions';
import { sha256 } from '../../../lib/secrets';
import { ApiClient, testApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const info = (c: ApiClient) => c.send(authApi.permissionInfo);
const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? []).map((p) => `${n.path}/${p}`)]);

describe('session expiry', () => {
  test('a session ends after 30 idle minutes', async () => {
    const c = await t.signIn('admin');
    t.clock.advance(SESSION_LIFETIME.normal.idle - 60);
    expect((await info(c)).code).toBe(200);
    t.clock.advance(SESSION_LIFETIME.normal.idle + 1);
    expect(await info(c)).toMatchObject({ code: 401, key: 'auth.unauthorized' });
  });

  test('activity keeps a session alive, but never past its absolute end', async () => {
    const c = await t.signIn('admin');
    const step = SESSION_LIFETIME.normal.idle - 120;
    let elapsed = 0;
    while (elapsed + step < SESSION_LIFETIME.normal.absolute) {
      t.clock.advance(step);
      elapsed += step;
      expect((await info(c)).code).toBe(200);
    }
    t.clock.advance(SESSION_LIFETIME.normal.absolute - elapsed);
    expect((await info(c)).code).toBe(401);
  });

  test('a remembered session survives a day of idleness', async () => {
    const res = await t.login('admin', undefined, { rememberMe: true });
    const c = new ApiClient(t.base, res.data.accessToken);
    t.clock.advance(86400);
    expect((await info(c)).code).toBe(200);
    t.clock.advance(SESSION_LIFETIME.remembered.idle + 1);
    expect((await info(c)).code).toBe(401);
  });

  test('tokens are kept only as hashes', async () => {
    const res = await t.login('admin');
    const rows = await t.ctx.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === res.data.accessToken)).toBe(false);
    expect(rows.some((r) => r.tokenHash === sha256(res.data.accessToken))).toBe(true);
  });

  test('an unknown or malformed token is simply not signed in', async () => {
    for (const header of ['Bearer nonsense', 'Basic abc', 'Bearer']) {
      const res = await t.api.call('GET', '/api/system/auth/get-permission-info', { headers: { authorization: header } });
      expect(res.code).toBe(401);
    }
  });
});

describe('logout', () => {
  test('revokes the session it is called with, and only that one', async () => {
    const one = await t.signIn('admin');
    const two = await t.signIn('admin');
    expect((await one.send(authApi.logout)).code).toBe(200);
    expect((await info(one)).code).toBe(401);
    expect((await info(two)).code).toBe(200);
  });

  test('without a session it still answers ok', async () => {
    expect((await t.api.send(authApi.logout)).code).toBe(200);
  });
});

describe('tenant', () => {
  test('a tenantcode header that contradicts the session is refused', async () => {
    const agent = await t.signIn('agent');
    expect(await agent.withHeaders({ tenantcode: 'saas' }).get('/api/system/auth/get-permission-info')).toMatchObject({
      code: 403,
      key: 'auth.tenant-mismatch',
    });
    expect((await agent.withHeaders({ tenantcode: 'northwind' }).get('/api/system/auth/get-permission-info')).code).toBe(200);
    expect((await agent.get('/api/system/auth/get-permission-info')).code).toBe(200);
  });
});

describe('permission info and menus', () => {
  test('the admin holds *:*:* and every menu, with the user fields the console reads', async () => {
    const res = await info(await t.signIn('admin'));
    expect(res.data.user).toMatchObject({ userName: 'admin', nickname: 'Administrator', avatar: '/avatar-default.svg' });
    expect(res.data.roles).toEqual(['admin']);
    expect(res.data.permissions).toEqual(['*:*:*']);
    const all = paths(res.data.menus);
    for (const p of [
      '/store/mesh',
      '/firmware/release',
      '/firmware/factory',
      '/firmware/development',
      '/app/ios-intl',
      '/system/user',
      '/system/log/login-log',
      '/guide/spotlight',
      '/',
    ]) {
      expect(all).toContain(p);
    }
    const workbench = res.data.menus.find((m) => m.path === '/');
    expect(workbench).toMatchObject({ visible: false, parentId: 0 });
    expect(workbench?.children?.map((c) => c.path)).toEqual([
      'home',
      'messageList',
      'hardwareList',
      'appList',
      'storeHeatmap',
      'customerCounting',
      'meshManage',
    ]);
  });

  test('an operator sees only stores and devices, and only their permissions', async () => {
    const c = await t.signIn('operator');
    const res = await info(c);
    expect(res.data.roles).toEqual(['operator']);
    expect(res.data.menus.filter((m) => m.visible).map((m) => m.path)).toEqual(['/store', '/device']);
    // The hidden workbench keeps only the shortcut the operator may open.
    expect(res.data.menus.find((m) => m.path === '/')?.children?.map((c) => c.path)).toEqual(['meshManage']);
    expect(res.data.permissions).toContain('store:mesh:query');
    expect(res.data.permissions).toContain('device:group-control:send');
    expect(res.data.permissions.every((p) => p.startsWith('store:') || p.startsWith('device:'))).toBe(true);
    const menus = await c.send(authApi.listMenus);
    expect(menus.data).toEqual(res.data.menus);
  });

  test('a user without roles gets ROLE_DEFAULT and no menus', async () => {
    const [agent] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    const c = await t.signIn('agent');
    await t.ctx.db.delete(userRoles).where(eq(userRoles.userId, agent!.id));
    const res = await info(c);
    expect(res.data).toMatchObject({ roles: [DEFAULT_ROLE], permissions: [], menus: [] });
  });
});
