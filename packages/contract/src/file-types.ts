/**
 * File types the platform accepts, recognised by their content (the first bytes) as well as
 * by name. The console refuses a renamed file before sending it; the server checks the
 * content again, since a client can claim anything.
 */
export interface FileTypeRule {
  /** Shown to users in refusal messages. */
  label: string;
  extensions: readonly string[];
  mime: string;
  /** True when the file's first bytes look like this type. */
  sniff: (head: Uint8Array) => boolean;
}

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** SVG is text: skip a BOM, an XML declaration, comments and a doctype, then expect <svg. */
const looksLikeSvg = (head: Uint8Array) => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[\s\S]*?\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
};

export const FILE_TYPES = {
  jpg: { label: 'JPG', extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg', sniff: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  png: { label: 'PNG', extensions: ['.png'], mime: 'image/png', sniff: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: { label: 'GIF', extensions: ['.gif'], mime: 'image/gif', sniff: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) },
  webp: { label: 'WebP', extensions: ['.webp'], mime: 'image/webp', sniff: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
  svg: { label: 'SVG', extensions: ['.svg'], mime: 'image/svg+xml', sniff: looksLikeSvg },
} satisfies Record<string, FileTypeRule>;
export type FileTypeName = keyof typeof FILE_TYPES;

/** How many leading bytes sniffing reads; enough for an SVG's XML prologue. */
export const SNIFF_BYTES = 1024;

/** The first of `types` whose content rule the file's first bytes match. */
export const sniffFileType = (head: Uint8Array, types: readonly FileTypeName[]): FileTypeName | undefined => types.find((type) => FILE_TYPES[type].sniff(head));

/** A staff member's picture: raster images only, since an SVG may carry script. */
export const AVATAR_TYPES: readonly FileTypeName[] = ['jpg', 'png', 'gif', 'webp'];
