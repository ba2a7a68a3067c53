import { redirect, type LoaderFunctionArgs } from 'react-router';
import { decideAccess, isPublicPath } from './guard';
import { ensureSession, hasToken, sessionLoaded, signOut, useShell } from './session';
import { loadLayout } from './shell';
import { loadTexts } from '../lib/i18n';
import { findRoute } from '../lib/route-table';

/**
 * Runs before every console page: the access rule, then — with a token but no
 * session yet (sign-in, F5, a deep link in a new tab) — dictionaries, user info and routes.
 */
export async function shellLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const access = decideAccess(url.pathname + url.search, hasToken());
  if (!access.allow) return redirect(access.redirectTo);

  if (hasToken() && !sessionLoaded()) {
    // The layout will be needed once the session is there: fetch both at once. (A failure here
    // shows when the layout renders, through its own error handling.)
    loadLayout().catch(() => undefined);
    try {
      await ensureSession();
    } catch {
      // A session that cannot load is ended; public pages still show.
      await signOut();
      if (!isPublicPath(url.pathname)) return redirect('/');
    }
  }
  const table = useShell.getState().table;
  // `/` goes to the landing screen: the first visible route this build can show (route-table.ts).
  if (url.pathname === '/' && table?.home) return redirect(table.home);
  // The screen's code and texts start now, beside the layout's, rather than once the layout has rendered.
  const route = table && findRoute(table, url.pathname);
  if (route) void import('./screen-registry').then((screens) => screens.preloadScreen(route, loadTexts));
  return null;
}
