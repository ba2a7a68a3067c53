/**
 * File types the console accepts, recognised by content as well as by name: a renamed
 * file is refused before it is sent (the server checks again).
 */
export interface FileTypeRule {
  /** Shown to users in refusal messages. */
  label: string;
  extensions: readonly string[];
  mime: string;
  /** True when the file's first bytes look like this type. */
  sniff: (head: Uint8Array) => boolean;
}

const startsWith = (head: Uint8Array, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** SVG is text: skip a BOM, an XML declaration, comments and a doctype, then expect <svg. */
const looksLikeSvg = (head: Uint8Array) => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[\s\S]*?\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
};

export const FILE_TYPES = {
  jpg: { label: 'JPG', extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg', sniff: (h) => startsWith(h, 0xff, 0xd8, 0xff) },
  png: { label: 'PNG', extensions: ['.png'], mime: 'image/png', sniff: (h) => startsWith(h, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  gif: { label: 'GIF', extensions: ['.gif'], mime: 'image/gif', sniff: (h) => startsWith(h, ...ascii('GIF87a')) || startsWith(h, ...ascii('GIF89a')) },
  svg: { label: 'SVG', extensions: ['.svg'], mime: 'image/svg+xml', sniff: looksLikeSvg },
} satisfies Record<string, FileTypeRule>;
export type FileTypeName = keyof typeof FILE_TYPES;

/** spec §9: floor plans and images are JPG, PNG, GIF or SVG of at most 100 MB. */
export const IMAGE_TYPES: readonly FileTypeName[] = ['jpg', 'png', 'gif', 'svg'];
export const MAX_IMAGE_BYTES = 100 * 1024 * 1024;

/** How many leading bytes sniffing reads; enough for an SVG's XML prologue. */
const HEAD_BYTES = 1024;

/** The value of an <input accept> attribute for these types. */
export const acceptAttribute = (types: readonly FileTypeName[]) => types.flatMap((name) => [...FILE_TYPES[name].extensions, FILE_TYPES[name].mime]).join(',');

export type FileRefusal = { reason: 'extension' | 'content' } | { reason: 'size'; maxBytes: number };

/** Why a file is refused, or null when it is acceptable. */
export async function checkFile(file: File, types: readonly FileTypeName[], maxBytes: number): Promise<FileRefusal | null> {
  const name = file.name.toLowerCase();
  const byName = types.filter((type) => FILE_TYPES[type].extensions.some((ext) => name.endsWith(ext)));
  if (byName.length === 0) return { reason: 'extension' };
  if (file.size > maxBytes) return { reason: 'size', maxBytes };
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return byName.some((type) => FILE_TYPES[type].sniff(head)) ? null : { reason: 'content' };
}
