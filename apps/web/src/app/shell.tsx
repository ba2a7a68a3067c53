import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken } from '../lib/auth-token';
import { lazyScreen } from '../lib/lazy';
import { publicPageOf } from '../features/public/pages';
import { isPublicPath, redirectTarget } from './guard';
import { findRoute, type RouteTable } from '../lib/route-table';
import { PageSpinner } from './page-spinner';
import { useShell } from './session';

/**
 * The layout and the app's services for it (screens, dialogs), which arrive together. The shell's
 * loader starts this while it loads the session, so the two downloads overlap.
 */
export const loadLayout = () => Promise.all([import('../layout/main-layout'), import('./layout-services')]);

// The layout and public pages load on demand: the sign-in screen never carries them.
const MainLayout = lazyScreen(async () => {
  const [{ MainLayout: Layout }, { layoutServices, ConsoleProviders }] = await loadLayout();
  return {
    default: ({ table }: { table: RouteTable }) => (
      <ConsoleProviders>
        <Layout table={table} services={layoutServices} />
      </ConsoleProviders>
    ),
  };
});
const PublicPage = lazyScreen(async () => ({ default: (await import('../features/public/public-page')).PublicPage }));

/**
 * Every path that is not a sign-in screen or the 404 page: console screens inside the layout
 * for a signed-in user, public pages on their own, everything else the 404 page.
 */
export function Shell() {
  const { pathname, search } = useLocation();
  const table = useShell((s) => s.table);
  const redirectTo = redirectTarget(pathname, search);

  let content;
  if (table && (findRoute(table, pathname) || redirectTo || pathname === '/')) {
    content = <MainLayout table={table} />;
  } else if (redirectTo) {
    content = <Navigate to={redirectTo} replace />;
  } else {
    const page = publicPageOf(pathname);
    if (page) content = <PublicPage page={page} />;
    // The session is loading, or has just ended and whoever ended it is navigating away
    // (sign-out, password change, a 401): not a 404 in either case.
    else if (!table && (getToken() || !isPublicPath(pathname))) content = <PageSpinner />;
    else content = <Navigate to="/404" replace />;
  }
  return <Suspense fallback={<PageSpinner />}>{content}</Suspense>;
}
