/** The public information pages and the address patterns that show them. */
export const PUBLIC_PAGES = [
  'download',
  'privacy',
  'userManual',
  'enManual',
  'manualVideo',
  'commonIssue',
  'helpCenter',
  'spotlight',
  'gateway',
  'smartSpaceSensor',
  'sceneRecognition',
  'customerCounting',
  'heatmap',
  'videoPlayer',
  'recessedSensor',
] as const;
export type PublicPageId = (typeof PUBLIC_PAGES)[number];

const GUIDES: Record<string, PublicPageId> = {
  spotlight: 'spotlight',
  gateway: 'gateway',
  smartSpaceSensor: 'smartSpaceSensor',
  guideSceneRecognition: 'sceneRecognition',
  guideCustomerCounting: 'customerCounting',
  guideHeatmap: 'heatmap',
  guideVideoPlayer: 'videoPlayer',
  recessedSensor: 'recessedSensor',
};

export interface PublicPageMatch {
  id: PublicPageId;
  /** Help-centre category / question, privacy policy: shown as context until real content arrives. */
  detail?: Record<string, string>;
}

const EXACT: Record<string, PublicPageId> = {
  '/download': 'download',
  '/privacy': 'privacy',
  '/privacy-management': 'privacy',
  '/userManual': 'userManual',
  '/enmanual': 'enManual',
  '/userManualVideo': 'manualVideo',
  '/commonIssue': 'commonIssue',
  '/help-center': 'helpCenter',
};

export function publicPageOf(pathname: string): PublicPageMatch | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const exact = EXACT[path];
  if (exact) return { id: exact };
  let m = /^\/guide\/([A-Za-z]+)$/.exec(path);
  if (m && GUIDES[m[1]!]) return { id: GUIDES[m[1]!]! };
  m = /^\/help-center\/category\/([^/]+)$/.exec(path);
  if (m) return { id: 'helpCenter', detail: { category: decodeURIComponent(m[1]!) } };
  m = /^\/help-center\/question\/([^/]+)\/([^/]+)$/.exec(path);
  if (m) return { id: 'helpCenter', detail: { category: decodeURIComponent(m[1]!), question: decodeURIComponent(m[2]!) } };
  m = /^\/privacy-management\/([^/]+)$/.exec(path);
  if (m) return { id: 'privacy', detail: { policy: decodeURIComponent(m[1]!) } };
  return undefined;
}
