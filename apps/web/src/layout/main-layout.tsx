import Drawer from 'antd/es/drawer';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MOBILE_BREAKPOINT, useWindowWidth } from '../components/use-window-width';
import { AntdScope } from '../lib/antd-scope';
import { lazyPart } from '../lib/lazy';
import { getBrand } from '../lib/brands';
import { menuTitle } from '../lib/navigation';
import { findRoute, type RouteTable } from '../lib/route-table';
import { redirectTarget } from '../lib/redirect';
import { countScreenVisit } from '../lib/screen-visits';
import { useSession } from '../lib/session';
import { NoScreens } from './no-screens';
import { Navbar } from './navbar';
import { PageHost, useScrollMemory } from './page-host';
import { LayoutServicesContext, type LayoutServices } from './services';
import { useSettings } from './settings';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';
import { sectionOf } from './top-menu';
import { useTags } from './tags-store';
import './layout.css';

const ANTD_SIZES = { small: 'small', medium: 'middle', large: 'large' } as const;

// The drawer's colour picker and sliders are heavy and seldom used: loaded when first opened.
const SettingsDrawer = lazyPart<{ open: boolean; onClose: () => void }>(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

/** The navbar drops names below this width. */
export const COMPACT_BREAKPOINT = 768;

/** The console frame: sidebar, navbar, tags view and the open page. */
export function MainLayout({ table, services }: { table: RouteTable; services: LayoutServices }) {
  const { t } = useTranslation('menu');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const width = useWindowWidth();
  const mobile = width < MOBILE_BREAKPOINT;
  const compact = width < COMPACT_BREAKPOINT;
  const settings = useSettings((s) => s.settings);
  const sidebarOpened = useSettings((s) => s.sidebarOpened);
  const size = useSettings((s) => s.size);
  const toggleSidebar = useSettings((s) => s.toggleSidebar);
  const visit = useTags((s) => s.visit);
  const refresh = useTags((s) => s.refresh);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Kept mounted once opened, so closing animates.
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);

  const active = findRoute(table, pathname);
  const scroller = useScrollMemory(active);
  const home = table.home ?? '/';
  const redirectTo = redirectTarget(pathname, search);

  // `/redirect/<path>`: rebuild that page and show it again, without leaving the layout.
  useEffect(() => {
    if (!redirectTo) return;
    refresh(redirectTo.split('?', 1)[0]!);
    void navigate(redirectTo, { replace: true });
  }, [redirectTo, refresh, navigate]);

  useEffect(() => {
    if (active) visit({ path: active.path, name: active.name, componentName: active.componentName, affix: active.affix, keepAlive: active.keepAlive });
  }, [active, visit]);

  // The workbench offers each person shortcuts to the screens they open most.
  const userId = useSession((s) => s.user?.id);
  useEffect(() => {
    if (active && userId !== undefined) countScreenVisit(userId, active.path);
  }, [active, userId]);

  // The landing page is always in the tags view (affix), even before it is first opened.
  useEffect(() => {
    const landing = table.home ? table.byPath.get(table.home) : undefined;
    if (landing) visit({ path: landing.path, name: landing.name, componentName: landing.componentName, affix: true, keepAlive: landing.keepAlive });
  }, [table, visit]);

  const title = active ? menuTitle(t, active) : undefined;
  useEffect(() => {
    const brand = getBrand().name;
    document.title = settings.dynamicTitle && title ? `${title} - ${brand}` : brand;
  }, [settings.dynamicTitle, title]);

  // With the top menu, the sidebar lists the open section only.
  const sideItems = useMemo(() => {
    if (!settings.topNav || mobile) return table.menu;
    const section = sectionOf(table.menu, active?.path ?? '');
    return section?.children ?? (section ? [section] : table.menu);
  }, [settings.topNav, mobile, table.menu, active]);

  if (!active && !redirectTo && pathname !== '/') return <Navigate to="/404" replace />;

  const sidebarOpen = mobile ? drawerOpen : sidebarOpened;
  const sidebar = (
    <Sidebar
      items={sideItems}
      activePath={active?.path ?? ''}
      collapsed={!mobile && !sidebarOpened}
      onNavigate={mobile ? () => setDrawerOpen(false) : undefined}
    />
  );
  return (
    <LayoutServicesContext value={services}>
      <AntdScope primary={settings.theme} size={ANTD_SIZES[size]}>
        <div className={`app-layout${mobile ? ' is-mobile' : ''}${settings.fixedHeader ? ' fixed-header' : ''}`} data-testid="app-layout">
          {mobile ? (
            <Drawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              placement="left"
              size={252}
              closable={false}
              className={`sidebar-drawer sidebar-drawer-${settings.sideTheme}`}
            >
              {sidebar}
            </Drawer>
          ) : (
            <aside className={`app-sidebar sidebar-${settings.sideTheme}${sidebarOpened ? '' : ' collapsed'}`}>{sidebar}</aside>
          )}
          <div className="app-main" ref={scroller}>
            <div className="app-header">
              <Navbar
                route={active}
                menu={table.menu}
                activePath={active?.path ?? ''}
                sidebarOpen={sidebarOpen}
                compact={compact}
                onToggleSidebar={mobile ? () => setDrawerOpen(!drawerOpen) : toggleSidebar}
                onOpenSettings={() => setSettingsOpen(true)}
              />
              {settings.tagsView && <TagsView activePath={active?.path ?? ''} home={home} />}
            </div>
            <main className="app-content">{active ? <PageHost table={table} active={active} /> : !redirectTo && <NoScreens />}</main>
          </div>
          {settingsUsed && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
        </div>
      </AntdScope>
    </LayoutServicesContext>
  );
}
