/** The sign-in screen, carrying the full path to return to. */
export const loginPath = (from: string) => (from && from !== '/' ? `/login?redirect=${encodeURIComponent(from)}` : '/login');

const PROBE_ORIGIN = 'https://console.invalid';

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20);

/**
 * Only in-app paths of this origin are followed after sign-in: `//evil.example`, `\\evil`,
 * `https://…` and `javascript:` targets would turn the sign-in screen into an open redirect.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback;
  // Backslashes and control characters are read as slashes or dropped by browsers: refuse.
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\') || hasControlCharacter(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Going back to a sign-in screen after signing in would loop.
  return /^\/login2?(\/|\?|$)/.test(path) ? fallback : path;
}

/** `/redirect/<path>` re-renders `<path>` (how a page is refreshed); the target is an in-app path by construction. */
export const redirectTarget = (pathname: string, search = ''): string | undefined =>
  pathname.startsWith('/redirect/') ? pathname.slice('/redirect'.length) + search : undefined;
