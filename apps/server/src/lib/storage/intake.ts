import { createHash } from 'node:crypto';
import { FILE_TYPES, SNIFF_BYTES, sniffFileType, type FileTypeName } from '@lightdesk/contract';
import type { AppError } from '../errors';
import { fileTooLarge, fileTypeNotAllowed, type PutRules } from './storage';

/**
 * The checks every upload passes as it streams by, whichever storage keeps it: `check` passes
 * the chunks on, refusing the file as soon as it crosses `maxBytes` or its first bytes show a
 * type it may not be, and hashes them on the way; `result` says what the file was, once `check`
 * has read all of it.
 */
/**
 * Network and file streams come in chunks of 16–64 KiB; hashing and writing them one by one
 * costs more in per-chunk overhead than in work, so they are gathered into pieces of this size.
 */
const PIECE_BYTES = 1024 * 1024;

export function checkUpload(rules: PutRules) {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  let head = Buffer.alloc(0);
  let type: FileTypeName | undefined;
  let refusal: AppError | undefined;
  const decide = () => {
    type = sniffFileType(head, rules.types);
    if (!type) throw (refusal = fileTypeNotAllowed(rules.types));
  };
  return {
    async *check(this: void, chunks: AsyncIterable<Uint8Array>) {
      let gathered: Uint8Array[] = [];
      let gatheredBytes = 0;
      const piece = () => {
        const whole = Buffer.concat(gathered, gatheredBytes);
        gathered = [];
        gatheredBytes = 0;
        sha256.update(whole);
        md5.update(whole);
        return whole;
      };
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > rules.maxBytes) throw (refusal = fileTooLarge(rules.maxBytes));
        if (!type) {
          head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
          // The type is known as soon as the head is: a lying file stops here, not at its end.
          if (head.length >= SNIFF_BYTES) decide();
        }
        gathered.push(chunk);
        gatheredBytes += chunk.length;
        if (gatheredBytes >= PIECE_BYTES) yield piece();
      }
      if (!type) decide();
      if (gatheredBytes > 0) yield piece();
    },
    /** Why `check` refused the file, for a store whose clean-up may fail with an error of its own. */
    refusal: () => refusal,
    result: () => ({ sha256: sha256.digest('hex'), md5: md5.digest('hex'), size, contentType: FILE_TYPES[type!].mime }),
  };
}
