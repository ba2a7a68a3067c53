import { redirect, type LoaderFunctionArgs } from 'react-router';
import { decideAccess, isPublicPath } from './guard';
import { ensureSession, hasToken, sessionLoaded, signOut, useShell } from './session';

/**
 * Runs before every console page (spec §2, §4): the access rule, then — with a token but no
 * session yet (sign-in, F5, a deep link in a new tab) — dictionaries, user info and routes.
 */
export async function shellLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const access = decideAccess(url.pathname + url.search, hasToken());
  if (!access.allow) return redirect(access.redirectTo);

  if (hasToken() && !sessionLoaded()) {
    try {
      await ensureSession();
    } catch {
      // spec §4: a session that cannot load is ended; public pages still show.
      await signOut();
      if (!isPublicPath(url.pathname)) return redirect('/');
    }
  }
  const home = useShell.getState().table?.home;
  // spec §2: `/` goes to the first visible generated route.
  if (url.pathname === '/' && home) return redirect(home);
  return null;
}
