import type { PlatformInfo } from '@lightdesk/contract';
import type { Language } from './i18n/languages';
import { local } from './storage';

/**
 * Sign-in branding per deployment. Brands are data: adding one is adding one entry
 * here and its files under public/brands/<key>/.
 */
export interface Brand {
  key: string;
  name: string;
  /** Text matched against the page address (host and path) to pick this brand. */
  domain: string;
  logo: string;
  /** Videos come as WebM (VP9) and MP4 (H.264): browsers without one codec play the other. */
  background: { kind: 'video'; webm: string; mp4: string; poster: string } | { kind: 'image'; src: string };
  colors: {
    /** Buttons and links on the sign-in screen: 4.5:1 or better with white either way (WCAG AA). */
    primary: string;
    /** The panel behind the welcome text, shown while the background loads. */
    backdrop: string;
    /** Text drawn over the background. */
    onBackdrop: string;
  };
  /** `{year}` becomes the current year. */
  copyright: string;
  languages: readonly Language[];
  defaultLanguage: Language;
}

const asset = (file: string) => `${import.meta.env.BASE_URL}brands/${file}`;

export const BRANDS: readonly Brand[] = [
  {
    key: 'lightdesk',
    name: 'Lightdesk',
    domain: 'lightdesk',
    logo: asset('lightdesk/logo.svg'),
    background: { kind: 'image', src: asset('lightdesk/background.svg') },
    colors: { primary: '#0958d9', backdrop: '#0b1f3a', onBackdrop: '#ffffff' },
    copyright: '© {year} Lightdesk Technologies Ltd. All rights reserved.',
    languages: ['zh-CN', 'en-US'],
    defaultLanguage: 'zh-CN',
  },
  {
    key: 'lumen',
    name: 'Lumen Retail',
    domain: 'lumen-retail',
    logo: asset('lumen/logo.svg'),
    background: { kind: 'video', webm: asset('lumen/background.webm'), mp4: asset('lumen/background.mp4'), poster: asset('lumen/poster.jpg') },
    colors: { primary: '#b5501e', backdrop: '#2a1508', onBackdrop: '#fff7ef' },
    copyright: '© {year} Lumen Retail Systems Inc.',
    languages: ['zh-CN', 'en-US'],
    defaultLanguage: 'en-US',
  },
  {
    key: 'aurora',
    name: 'Aurora Lighting',
    domain: 'aurora-lighting',
    logo: asset('aurora/logo.svg'),
    background: { kind: 'video', webm: asset('aurora/background.webm'), mp4: asset('aurora/background.mp4'), poster: asset('aurora/poster.jpg') },
    colors: { primary: '#0b7a6e', backdrop: '#041b22', onBackdrop: '#e8fffb' },
    copyright: '© {year} Aurora Lighting Co., Ltd.',
    languages: ['zh-CN', 'en-US'],
    defaultLanguage: 'en-US',
  },
  {
    key: 'nordlicht',
    name: 'Nordlicht',
    domain: 'nordlicht',
    logo: asset('nordlicht/logo.svg'),
    background: { kind: 'image', src: asset('nordlicht/background.svg') },
    colors: { primary: '#3758c9', backdrop: '#101a33', onBackdrop: '#f3f6ff' },
    copyright: '© {year} Nordlicht Beleuchtung GmbH',
    languages: ['en-GB', 'de-DE', 'fr-FR', 'nl-NL'],
    defaultLanguage: 'en-GB',
  },
];

/** index.html preloads this brand's background, the sign-in screen's largest paint (brands.test.ts keeps them in step). */
export const DEFAULT_BRAND_KEY: PlatformInfo['defaultBrand'] = 'lightdesk';

const byKey = (key: unknown): Brand | undefined => BRANDS.find((b) => b.key === key);
export const defaultBrand = (): Brand => byKey(DEFAULT_BRAND_KEY) ?? BRANDS[0]!;

/**
 * The page address names the brand first, then a stored choice, then the platform's default
 * brand (platform settings), then the built-in default. The built-in default brand is tried last
 * among the addresses so that e.g. `lumen-retail.lightdesk.cloud` is Lumen's.
 */
export function chooseBrand(address: string, stored: unknown, platformDefault?: string): Brand {
  const text = address.toLowerCase();
  const ordered = [...BRANDS].sort((a, b) => Number(a.key === DEFAULT_BRAND_KEY) - Number(b.key === DEFAULT_BRAND_KEY));
  return ordered.find((b) => text.includes(b.domain.toLowerCase())) ?? byKey(stored) ?? byKey(platformDefault) ?? defaultBrand();
}

/** The platform's default brand goes by the platform's name; the other brands are deployments of their own and keep theirs. */
export const namedFor = (brand: Brand, platform: PlatformInfo | undefined): Brand =>
  platform && brand.key === platform.defaultBrand ? { ...brand, name: platform.platformName } : brand;

/** `?brand=<key>` in the real query or in the hash's query stores that choice. */
export function brandParam(location: Pick<Location, 'search' | 'hash'>): string | undefined {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  const key = new URLSearchParams(location.search).get('brand') ?? new URLSearchParams(hashQuery).get('brand');
  return key && byKey(key) ? key : undefined;
}

/** The brand for this page load; a valid `?brand=` is remembered for later visits. */
export function currentBrand(location: Location = window.location, platform?: PlatformInfo): Brand {
  const param = brandParam(location);
  if (param) local.set('brand', param);
  // The address is host and path: the query and hash are the user's, not the deployment's.
  return namedFor(chooseBrand(location.host + location.pathname, local.get<string>('brand'), platform?.defaultBrand), platform);
}

export const copyrightLine = (brand: Brand, now = new Date()) => brand.copyright.replace('{year}', String(now.getFullYear()));

let platform: PlatformInfo | undefined;
let active: Brand | undefined;

/** What the platform settings publish (`/open/platform-info`), given once at start before the brand is first read. */
export function setPlatformInfo(info: PlatformInfo | undefined) {
  platform = info;
  active = undefined;
}

/** The brand of this page load, decided once: a deployment does not change brand mid-session. */
export const getBrand = (): Brand => (active ??= currentBrand(window.location, platform));

/** The brand a new record starts with: the platform's default brand. */
export const platformDefaultBrand = (): PlatformInfo['defaultBrand'] => platform?.defaultBrand ?? DEFAULT_BRAND_KEY;
