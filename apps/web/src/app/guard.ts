import { loginPath } from '../lib/redirect';

export { loginPath, redirectTarget, safeRedirect } from '../lib/redirect';

/**
 * The routes that need no sign-in, with every path below them (`/help-center/question/3/9`). A
 * console screen whose path merely contains one (`/system/log/login-log`) still needs it.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/login2',
  '/download',
  '/404',
  '/redirect',
  '/userManual',
  '/enmanual',
  '/userManualVideo',
  '/privacy',
  '/commonIssue',
  '/guide/spotlight',
  '/guide/gateway',
  '/guide/smartSpaceSensor',
  '/guide/guideSceneRecognition',
  '/guide/guideCustomerCounting',
  '/guide/guideHeatmap',
  '/guide/guideVideoPlayer',
  '/help-center',
  '/privacy-management',
];

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

export type Access = { allow: true } | { allow: false; redirectTo: string };

/** Without a token every non-public path goes to /login carrying the full original path. */
export function decideAccess(fullPath: string, hasToken: boolean): Access {
  const pathname = fullPath.split(/[?#]/, 1)[0] ?? '/';
  if (hasToken || isPublicPath(pathname)) return { allow: true };
  return { allow: false, redirectTo: loginPath(fullPath) };
}
