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
    // Chunks pass on as they came: gathering them into bigger pieces copied every byte once more
    // and made garbage at the rate of the upload; the store batches its writes itself.
    async *check(this: void, chunks: AsyncIterable<Uint8Array>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > rules.maxBytes) throw (refusal = fileTooLarge(rules.maxBytes));
        if (!type) {
          head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
          // The type is known as soon as the head is: a lying file stops here, not at its end.
          if (head.length >= SNIFF_BYTES) decide();
        }
        sha256.update(chunk);
        md5.update(chunk);
        yield chunk;
      }
      if (!type) decide();
    },
    /** Why `check` refused the file, for a store whose clean-up may fail with an error of its own. */
    refusal: () => refusal,
    result: () => ({ sha256: sha256.digest('hex'), md5: md5.digest('hex'), size, contentType: FILE_TYPES[type!].mime }),
  };
}
