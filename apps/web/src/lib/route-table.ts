import type { MenuNode } from '@lightdesk/contract';

/** One crumb of a screen's place in the menu (directory titles down to the screen). */
export interface Crumb {
  name: string;
  componentName: string;
}

/** A screen the signed-in user may open, generated from the server's menu. */
export interface AppRoute {
  /** Full in-app path, e.g. `/store/mesh`. */
  path: string;
  name: string;
  /** Also the translation key of the title: `menu.<componentName>`. */
  componentName: string;
  /** Key into the screen registry. */
  component: string;
  keepAlive: boolean;
  /** False when the entry or one of its directories is hidden: reachable, not listed. */
  visible: boolean;
  /** A tag that cannot be closed. The landing screen is the one. */
  affix: boolean;
  /** Set for entries whose path is an external address, shown in an embedded frame. */
  frameSrc?: string;
  trail: Crumb[];
}

/** What the sidebar and the top menu show: visible entries only. */
export interface MenuItem {
  key: string;
  name: string;
  componentName: string;
  icon?: string;
  /** Present for directories. */
  children?: MenuItem[];
}

export interface RouteTable {
  routes: AppRoute[];
  byPath: ReadonlyMap<string, AppRoute>;
  menu: MenuItem[];
  /** Where `/` goes and the affix tag: the first visible route this build can show (see below). */
  home?: string;
  /**
   * For an address with no route of its own, the path of the route whose screen shows it (a
   * help-centre question is shown by the help-centre screen); undefined when none does.
   */
  hostOf?: (pathname: string) => string | undefined;
}

const isExternal = (path: string) => /^https?:\/\//i.test(path);

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/') || isExternal(child)) return child;
  const base = parent.replace(/\/+$/, '');
  return `${base}/${child}`.replace(/\/{2,}/g, '/');
}

/** The signed-in person's own page. */
export const PROFILE_PATH = '/profile';

/**
 * Routes the console has of its own. The original shipped static shortcuts named mesh,
 * statistics and messages; they are dropped before merging because the server's menu now
 * delivers those screens under the user's permissions — keeping them would bypass that.
 */
export const BUILT_IN_ROUTES: readonly Pick<AppRoute, 'path' | 'name' | 'componentName' | 'component'>[] = [
  // Everyone signed in has a profile, so no menu entry grants it: the user menu opens it.
  { path: PROFILE_PATH, name: 'profile', componentName: 'Profile', component: 'profile/index' },
  { path: '/mesh', name: 'mesh', componentName: 'MeshManage', component: 'store/mesh/index' },
  { path: '/statistics', name: 'statistics', componentName: 'StoreStatistics', component: 'statistics/store-popularity/index' },
  { path: '/messages', name: 'messages', componentName: 'Feedback', component: 'workbench/feedback' },
];
export const DROPPED_BUILT_INS: readonly string[] = ['mesh', 'statistics', 'messages'];

function builtInRoutes(): AppRoute[] {
  return BUILT_IN_ROUTES.filter((r) => !DROPPED_BUILT_INS.includes(r.name)).map((r) => ({
    ...r,
    keepAlive: true,
    visible: false,
    affix: false,
    trail: [{ name: r.name, componentName: r.componentName }],
  }));
}

/**
 * Entries with children are directories (a top-level one gets the main layout, nested
 * ones a parent layout that only composes the path); entries with a component are screens;
 * hidden entries stay routable but are not listed.
 *
 * `/` lands on the first visible route, skipping those `canShow` refuses (screens this build
 * does not contain yet): a person starts on a screen that works, in the menu's order, so the
 * landing moves by itself as screens are built. Only when no visible route can show does it
 * fall back to the first visible one.
 */
export function buildRouteTable(menus: readonly MenuNode[], canShow: (route: AppRoute) => boolean = () => true, hostOf?: RouteTable['hostOf']): RouteTable {
  let externalCount = 0;
  const routes: AppRoute[] = [];

  const walk = (nodes: readonly MenuNode[], parentPath: string, trail: Crumb[], parentVisible: boolean): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const node of nodes) {
      const path = joinPath(parentPath || '/', node.path);
      const visible = parentVisible && node.visible;
      const crumbs = [...trail, { name: node.name, componentName: node.componentName }];
      if (node.children?.length) {
        const children = walk(node.children, path, crumbs, visible);
        if (!visible || children.length === 0) continue;
        // A directory whose only child is shown in its place unless it asks to stay (alwaysShow).
        // It keeps the directory's icon when it has none of its own.
        if (children.length === 1 && !node.alwaysShow) items.push({ ...children[0]!, ...(!children[0]!.icon && node.icon ? { icon: node.icon } : {}) });
        else items.push({ key: path, name: node.name, componentName: node.componentName, ...(node.icon ? { icon: node.icon } : {}), children });
        continue;
      }
      if (!node.component && !isExternal(node.path)) continue; // an empty directory: nothing to open
      const external = isExternal(node.path);
      const routePath = external ? `/frame/${++externalCount}` : path;
      routes.push({
        path: routePath,
        name: node.name,
        componentName: node.componentName,
        component: node.component,
        keepAlive: node.keepAlive,
        visible,
        affix: false,
        ...(external ? { frameSrc: node.path } : {}),
        trail: crumbs,
      });
      if (visible) items.push({ key: routePath, name: node.name, componentName: node.componentName, ...(node.icon ? { icon: node.icon } : {}) });
    }
    return items;
  };

  const menu = walk(menus, '', [], true);
  // The server's routes come after the built-ins so that they win on a shared path.
  const merged = new Map<string, AppRoute>();
  for (const route of [...builtInRoutes(), ...routes]) merged.set(route.path, route);
  const all = [...merged.values()];
  const listed = all.filter((r) => r.visible);
  const home = (listed.find(canShow) ?? listed[0])?.path;
  for (const route of all) route.affix = route.path === home;
  return { routes: all, byPath: merged, menu, ...(home ? { home } : {}), ...(hostOf ? { hostOf } : {}) };
}

/** The route for a location, tolerating a trailing slash. */
export function findRoute(table: RouteTable, pathname: string): AppRoute | undefined {
  const own = table.byPath.get(pathname) ?? table.byPath.get(pathname.replace(/\/+$/, '') || '/');
  if (own) return own;
  const host = table.hostOf?.(pathname);
  return host === undefined ? undefined : table.byPath.get(host);
}
