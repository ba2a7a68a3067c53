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

/**
 * A firmware image has no one signature: vendors' formats differ (raw flash dumps, ESP32 and
 * Telink images, Intel HEX, vendor containers, zip bundles). So the rule is the other way round:
 * anything is accepted except what is plainly something else — markup or script text (HTML, XML,
 * SVG, `#!` scripts, PHP), pictures, PDF documents, and programs for a computer (ELF, Windows PE,
 * Mach-O) — and an empty file.
 */
const NOT_FIRMWARE: readonly (readonly number[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47], // PNG
  ascii('GIF8'),
  ascii('%PDF'),
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  ascii('MZ'), // Windows PE
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32-bit
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal / Java class
  ascii('#!'), // a script
];
const looksLikeFirmware = (head: Uint8Array) => {
  if (head.length === 0) return false;
  if (NOT_FIRMWARE.some((bytes) => startsWith(head, bytes))) return false;
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return false;
  // Markup: text whose first non-blank character opens a tag (<!DOCTYPE, <html, <?xml, <?php, <script, <svg).
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 256)).replace(/^\uFEFF/, '');
  return !/^\s*<[!?a-zA-Z]/.test(text);
};

export const FILE_TYPES = {
  jpg: { label: 'JPG', extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg', sniff: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  png: { label: 'PNG', extensions: ['.png'], mime: 'image/png', sniff: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: { label: 'GIF', extensions: ['.gif'], mime: 'image/gif', sniff: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) },
  webp: { label: 'WebP', extensions: ['.webp'], mime: 'image/webp', sniff: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
  svg: { label: 'SVG', extensions: ['.svg'], mime: 'image/svg+xml', sniff: looksLikeSvg },
  // A workbook is a zip archive; the reader checks the rest.
  xlsx: {
    label: 'Excel (.xlsx)',
    extensions: ['.xlsx'],
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    sniff: (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
  },
  // An APK is a zip archive too. Only the local file header's signature (PK\x03\x04) is checked:
  // the AndroidManifest.xml entry that makes it an APK need not be the first, so telling an APK
  // from another zip would mean reading its central directory at the end of the file.
  apk: {
    label: 'Android (.apk)',
    extensions: ['.apk'],
    mime: 'application/vnd.android.package-archive',
    sniff: (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
  },
  // An ISO media file names its brand in a `ftyp` box at byte 4.
  mp4: { label: 'MP4', extensions: ['.mp4', '.m4v'], mime: 'video/mp4', sniff: (h) => startsWith(h, ascii('ftyp'), 4) },
  // Matroska's EBML header, whose doc type (within the first bytes) says webm.
  webm: {
    label: 'WebM',
    extensions: ['.webm'],
    mime: 'video/webm',
    sniff: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) && new TextDecoder('latin1').decode(h.subarray(0, 64)).includes('webm'),
  },
  firmware: {
    label: 'Firmware image',
    extensions: ['.bin', '.img', '.hex', '.ota', '.fw', '.zip', '.gbl', '.ebl', '.tar', '.gz'],
    mime: 'application/octet-stream',
    sniff: looksLikeFirmware,
  },
} satisfies Record<string, FileTypeRule>;
export type FileTypeName = keyof typeof FILE_TYPES;

/** How many leading bytes sniffing reads; enough for an SVG's XML prologue. */
export const SNIFF_BYTES = 1024;

/** The first of `types` whose content rule the file's first bytes match. */
export const sniffFileType = (head: Uint8Array, types: readonly FileTypeName[]): FileTypeName | undefined => types.find((type) => FILE_TYPES[type].sniff(head));

/** A staff member's picture: raster images only, since an SVG may carry script. */
export const AVATAR_TYPES: readonly FileTypeName[] = ['jpg', 'png', 'gif', 'webp'];

/** Firmware images (see `looksLikeFirmware`). */
export const FIRMWARE_TYPES: readonly FileTypeName[] = ['firmware'];
