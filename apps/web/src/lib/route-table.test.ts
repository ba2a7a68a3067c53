import type { MenuNode } from '@lightdesk/contract';
import { describe, expect, test } from 'vitest';
import { buildRouteTable, findRoute, joinPath } from './route-table';

let nextId = 1;
const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: nextId++,
  parentId: 0,
  name: path,
  path,
  icon: '',
  visible: true,
  keepAlive: true,
  alwaysShow: true,
  component: '',
  componentName: path.replace(/\W/g, '') || 'Root',
  ...extra,
});

// The shape of the seeded menu (apps/server/src/modules/system/seed/menus.ts), trimmed.
const menus: MenuNode[] = [
  node('/', { visible: false, children: [node('home', { component: 'workbench/home' }), node('meshManage', { component: 'store/mesh/index' })] }),
  node('/today', { icon: 'dashboard', alwaysShow: false, children: [node('index', { component: 'statistics/today/index' })] }),
  node('/store', {
    icon: 'shop',
    children: [node('mesh', { component: 'store/mesh/index' }), node('user', { component: 'store/user/index', visible: false })],
  }),
  node('/system', {
    icon: 'setting',
    children: [node('log', { children: [node('login-log', { component: 'system/login-log/index', keepAlive: false })] }), node('empty', { children: [] })],
  }),
  node('/help', { children: [node('/help-center', { component: 'help/center' })] }),
  node('https://docs.example.com', { component: '' }),
];

describe('routes built from the server menu', () => {
  const table = buildRouteTable(menus);

  test('child paths are joined to their directories; absolute ones stay', () => {
    expect(joinPath('/store', 'mesh')).toBe('/store/mesh');
    expect(joinPath('/', 'home')).toBe('/home');
    expect(joinPath('/help', '/help-center')).toBe('/help-center');
    expect(table.routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/home', '/meshManage', '/today/index', '/store/mesh', '/store/user', '/system/log/login-log', '/help-center']),
    );
  });

  test('an address below a screen is shown by the screen its host names, and only then', () => {
    const hosted = buildRouteTable(menus, undefined, (p) => (p.startsWith('/help-center/') ? '/help-center' : p === '/privacy/3' ? '/privacy' : undefined));
    expect(findRoute(hosted, '/help-center/question/3/9')?.path).toBe('/help-center');
    // The host names a page this person has no route to: no screen.
    expect(findRoute(hosted, '/privacy/3')).toBeUndefined();
    expect(findRoute(hosted, '/store/mesh/7')).toBeUndefined();
    expect(findRoute(table, '/help-center/question/3/9')).toBeUndefined();
  });

  test('hidden entries stay routable but are not listed', () => {
    expect(findRoute(table, '/home')?.visible).toBe(false);
    expect(findRoute(table, '/store/user')?.visible).toBe(false);
    const listed = JSON.stringify(table.menu);
    expect(listed).not.toContain('/home');
    expect(listed).not.toContain('/store/user');
  });

  test('/ goes to the first visible generated route, which is the affix tag', () => {
    expect(table.home).toBe('/today/index');
    expect(findRoute(table, '/today/index')?.affix).toBe(true);
    expect(table.routes.filter((r) => r.affix)).toHaveLength(1);
  });

  test('/ skips routes this build cannot show and lands on the first visible one it can', () => {
    const built = buildRouteTable(menus, (r) => r.component === 'system/login-log/index');
    expect(built.home).toBe('/system/log/login-log');
    expect(built.routes.filter((r) => r.affix).map((r) => r.path)).toEqual(['/system/log/login-log']);
    // A hidden route is never the landing, even when it is the only one that can show.
    expect(buildRouteTable(menus, (r) => r.component === 'workbench/home').home).toBe('/today/index');
  });

  test('a directory with one child and no alwaysShow shows the child in its place, with its icon', () => {
    expect(table.menu[0]).toMatchObject({ key: '/today/index', icon: 'dashboard' });
  });

  test('nested directories nest in the menu; empty directories are left out', () => {
    const system = table.menu.find((m) => m.key === '/system');
    expect(system?.children?.map((c) => c.key)).toEqual(['/system/log']);
    expect(system?.children?.[0]?.children?.[0]?.key).toBe('/system/log/login-log');
  });

  test('keepAlive is carried to the route (noCache pages are rebuilt)', () => {
    expect(findRoute(table, '/system/log/login-log')?.keepAlive).toBe(false);
    expect(findRoute(table, '/store/mesh')?.keepAlive).toBe(true);
  });

  test('the built-in mesh, statistics and messages routes are dropped before merging', () => {
    expect(findRoute(table, '/mesh')).toBeUndefined();
    expect(findRoute(table, '/statistics')).toBeUndefined();
    expect(findRoute(table, '/messages')).toBeUndefined();
  });

  test('an external address opens in an embedded frame', () => {
    const frame = table.routes.find((r) => r.frameSrc);
    expect(frame).toMatchObject({ path: '/frame/1', frameSrc: 'https://docs.example.com' });
  });

  test('a trailing slash finds the same route', () => {
    expect(findRoute(table, '/store/mesh/')?.path).toBe('/store/mesh');
  });
});
