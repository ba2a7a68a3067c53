import { lazyPurifier } from '../../../lib/dom-purify';

/** A picture's size in pixels. */
export interface PictureSize {
  width: number;
  height: number;
}

/** Larger sides than this are no floor plan a screen can show (and a lying header). */
const MAX_SIDE = 100_000;
const sized = (width: number, height: number): PictureSize | null =>
  Number.isFinite(width) && Number.isFinite(height) && width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE
    ? { width: Math.round(width), height: Math.round(height) }
    : null;

/** JPEG's start-of-frame markers (C0–CF except DHT C4, JPG C8 and DAC CC) carry the size. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(head: Buffer): PictureSize | null {
  let at = 2;
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1]!;
    // Fill bytes and markers without a length (RST, TEM).
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (isStartOfFrame(marker)) return sized(head.readUInt16BE(at + 7), head.readUInt16BE(at + 5));
    at += 2 + head.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * The size of a raster picture from its first bytes (PNG and GIF say it at fixed places; JPEG in
 * its frame header, after whatever metadata comes first); null when the bytes do not say it.
 */
export function rasterSize(type: 'jpg' | 'png' | 'gif', head: Buffer): PictureSize | null {
  if (type === 'png') return head.length >= 24 ? sized(head.readUInt32BE(16), head.readUInt32BE(20)) : null;
  if (type === 'gif') return head.length >= 10 ? sized(head.readUInt16LE(6), head.readUInt16LE(8)) : null;
  return jpegSize(head);
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Absolute lengths in CSS pixels; percentages and font-relative units say nothing without a page. */
const UNITS: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };
const length = (value: string | null): number | undefined => {
  const m = value?.trim().match(/^([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*([a-z]*)$/i);
  const unit = m && UNITS[m[2]!.toLowerCase()];
  return m && unit ? Number(m[1]) * unit : undefined;
};

// Only references inside the picture itself (`#id`): an <img> never fetches more, but the plan is
// also handed to the app, and a link elsewhere (or to javascript:) has no place in a floor plan.
const purifier = lazyPurifier((purify) =>
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href') && !data.attrValue.trim().startsWith('#')) data.keepAttr = false;
    if (name === 'style' && /url\s*\(|@import|expression\s*\(/i.test(data.attrValue)) data.keepAttr = false;
  }),
);

/**
 * An uploaded SVG made safe to keep and show: parsed as XML (a file that is not well-formed SVG
 * is refused: null), then cleaned to drawing only — no scripts, event handlers, foreign objects,
 * style sheets or references outside the picture. Its size comes from width/height, else the viewBox.
 */
export function cleanSvg(text: string): { svg: string; size: PictureSize | null } | null {
  const { purify, window } = purifier();
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0 || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  purify.sanitize(root, { IN_PLACE: true, USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['style', 'foreignObject'] });
  const box = root
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const fromBox = box?.length === 4 ? { width: box[2]!, height: box[3]! } : undefined;
  const width = length(root.getAttribute('width')) ?? fromBox?.width;
  const height = length(root.getAttribute('height')) ?? fromBox?.height;
  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}`;
  return { svg, size: width !== undefined && height !== undefined ? sized(width, height) : null };
}
