import { CONTENT_FILE_PREFIX } from '@lightdesk/contract';
import { lazyPurifier } from '../../lib/dom-purify';

/** What rich text may hold: structure, emphasis, lists, tables, links, code, quotes and media. */
const TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code', 'kbd'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img', 'video', 'source', 'figure', 'figcaption'],
];
// No `style`: CSS can load from elsewhere and overlay the page. Alignment travels as a class.
const ATTRIBUTES = [
  'href',
  'title',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'start',
  'type',
  'controls',
  'poster',
  'class',
  'id',
];

/** Links: the web, mail, phone, a place on this site or on the page; never `javascript:` or `data:`. */
const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
/** Media: our own content files, or https elsewhere. */
const SAFE_MEDIA = (value: string) => value.startsWith(CONTENT_FILE_PREFIX) || /^https:\/\//i.test(value);
const MEDIA_ATTRIBUTES = new Set(['src', 'poster']);

/** The little of a DOM element the hook below uses (the server builds without the DOM's types). */
interface HookElement {
  tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}
const purifier = lazyPurifier((purify) => {
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue.trim();
    if (data.attrName === 'href' && !SAFE_LINK.test(value)) data.keepAttr = false;
    if (MEDIA_ATTRIBUTES.has(data.attrName) && !SAFE_MEDIA(value)) data.keepAttr = false;
    // DOMPurify drops `target` whatever the allow-list says; a new tab is the one target kept.
    if (data.attrName === 'target') data.forceKeepAttr = value === '_blank';
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as unknown as HookElement;
    // A link opening a new tab must not hand it a handle on this page.
    if (element.tagName === 'A' && element.getAttribute('target')) element.setAttribute('rel', 'noopener noreferrer');
  });
});

/** Rich text reduced to the allow-list: scripts, event handlers, frames, styles and unsafe URLs are dropped. */
export function sanitizeHtml(html: string): string {
  return purifier().purify.sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    // The hook above decides URLs; DOMPurify's own check would still let `data:` images through.
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/|#)/i,
  });
}

const BLOCK_TAG = /<\/?(?:p|div|li|dt|dd|tr|td|th|br|hr|h[1-6]|blockquote|pre|caption|figcaption|table|ul|ol)\b[^>]*>/gi;
// Serialised text escapes only these (attributes are gone with their tags).
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&quot;': '"' };

/**
 * The text a reader sees in HTML that sanitizeHtml produced (well-formed, serialised by the
 * browser engine), words of separate blocks kept apart: what search reads.
 */
export function plainText(sanitized: string): string {
  return sanitized
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|nbsp|quot);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}
