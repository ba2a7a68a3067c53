import { GUIDE_SLUGS } from '@lightdesk/contract';

/** The public information pages and the address patterns that show them. */
export const PUBLIC_PAGES = [
  'download',
  'privacy',
  'privacyManagement',
  'userManual',
  'enManual',
  'manualVideo',
  'commonIssue',
  'helpCenter',
  ...GUIDE_SLUGS,
] as const;
export type PublicPageId = (typeof PUBLIC_PAGES)[number];
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

/** The guides' addresses: three name the guide's slug as the original console did, the rest prefix it with `guide`. */
export const GUIDE_PATHS: Record<GuideSlug, string> = {
  spotlight: '/guide/spotlight',
  gateway: '/guide/gateway',
  smartSpaceSensor: '/guide/smartSpaceSensor',
  sceneRecognition: '/guide/guideSceneRecognition',
  customerCounting: '/guide/guideCustomerCounting',
  heatmap: '/guide/guideHeatmap',
  videoPlayer: '/guide/guideVideoPlayer',
  recessedSensor: '/guide/recessedSensor',
};
const GUIDE_BY_PATH = new Map(Object.entries(GUIDE_PATHS).map(([slug, path]) => [path, slug as GuideSlug]));

export const isGuide = (id: PublicPageId): id is GuideSlug => (GUIDE_SLUGS as readonly string[]).includes(id);

export interface PublicPageMatch {
  id: PublicPageId;
  /** Help-centre category and question, privacy policy: the ids in the address (not checked here). */
  detail?: { category?: string; question?: string; policy?: string };
}

const EXACT: Record<string, PublicPageId> = {
  '/download': 'download',
  '/privacy': 'privacy',
  '/privacy-management': 'privacyManagement',
  '/userManual': 'userManual',
  '/enmanual': 'enManual',
  '/userManualVideo': 'manualVideo',
  '/commonIssue': 'commonIssue',
  '/help-center': 'helpCenter',
};

export function publicPageOf(pathname: string): PublicPageMatch | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const exact = EXACT[path] ?? GUIDE_BY_PATH.get(path);
  if (exact) return { id: exact };
  let m = /^\/help-center\/category\/([^/]+)$/.exec(path);
  if (m) return { id: 'helpCenter', detail: { category: decodeURIComponent(m[1]!) } };
  m = /^\/help-center\/question\/([^/]+)\/([^/]+)$/.exec(path);
  if (m) return { id: 'helpCenter', detail: { category: decodeURIComponent(m[1]!), question: decodeURIComponent(m[2]!) } };
  m = /^\/privacy-management\/([^/]+)$/.exec(path);
  if (m) return { id: 'privacyManagement', detail: { policy: decodeURIComponent(m[1]!) } };
  return undefined;
}

/**
 * The page an address below a public page belongs to (a category or question of the help centre,
 * one privacy policy): in the console, that page's screen shows it.
 */
export function publicHostOf(pathname: string): string | undefined {
  const page = publicPageOf(pathname);
  if (!page?.detail) return undefined;
  return Object.entries(EXACT).find(([, id]) => id === page.id)?.[0];
}

/** An id from the address, or undefined when it is not one (the page then says "not found"). */
export const idOf = (text: string | undefined): number | undefined => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);
