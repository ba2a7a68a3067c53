import { FILE_TYPES, SNIFF_BYTES, sniffFileType, type FileTypeName } from '@lightdesk/contract';

// The rules are the contract's, so the server checks uploads by the same bytes.
export { FILE_TYPES, type FileTypeName, type FileTypeRule } from '@lightdesk/contract';

/** Floor plans and images are JPG, PNG, GIF or SVG of at most 100 MB. */
export const IMAGE_TYPES: readonly FileTypeName[] = ['jpg', 'png', 'gif', 'svg'];
export const MAX_IMAGE_BYTES = 100 * 1024 * 1024;

/** The value of an <input accept> attribute for these types. */
export const acceptAttribute = (types: readonly FileTypeName[]) => types.flatMap((name) => [...FILE_TYPES[name].extensions, FILE_TYPES[name].mime]).join(',');

export type FileRefusal = { reason: 'extension' | 'content' } | { reason: 'size'; maxBytes: number };

/** Why a file is refused, or null when it is acceptable. */
export async function checkFile(file: File, types: readonly FileTypeName[], maxBytes: number): Promise<FileRefusal | null> {
  const name = file.name.toLowerCase();
  const byName = types.filter((type) => FILE_TYPES[type].extensions.some((ext) => name.endsWith(ext)));
  if (byName.length === 0) return { reason: 'extension' };
  if (file.size > maxBytes) return { reason: 'size', maxBytes };
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffFileType(head, byName) ? null : { reason: 'content' };
}
