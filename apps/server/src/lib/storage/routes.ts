import { ResultCode, Text } from '@lightdesk/contract';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { failure } from '../envelope';
import { clientHasCurrent } from '../http-cache';
import { AppError, notFound } from '../errors';
import { defineRoutes, SENT, type RouteModule } from '../routes';
import { FILE_LINK_PREFIX, type FileLinks } from './links';
import { isFileKey, type ByteRange, type FileStorage, type StoredFile } from './storage';

// The expiry travels as the digits of a Unix time in seconds (beyond 32 bits after 2038, hence text).
const LinkQuery = z.object({
  expires: Text(13)
    .regex(/^[1-9][0-9]*$/)
    .transform(Number),
  signature: Text(100),
});

/**
 * What a Range header asks of a file of `size` bytes (RFC 9110 §14.1.2 and §14.2):
 * - one byte range: `first-last`, `first-` (to the end) or `-count` (the last bytes);
 * - 'unsatisfiable' (416) when the header is valid but none of its ranges reaches into the file;
 * - undefined, to send the whole file: no Range; one that is not valid (another unit, bad syntax,
 *   a last byte before the first), which HTTP has a server ignore; or several ranges, which a
 *   server may answer whole. Resuming a download and seeking in a video ask for one range;
 *   several would need a multipart answer that no client of ours reads.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const set = header && /^bytes=(.*)$/i.exec(header.trim());
  if (!set) return undefined;
  const specs: ({ suffix: number } | { first: number; last: number | undefined })[] = [];
  // A list may carry whitespace around its commas, and empty elements (RFC 9110 §5.6.1).
  for (const element of set[1]!.split(',')) {
    if (element.trim() === '') continue;
    const m = /^(\d*)-(\d*)$/.exec(element.trim());
    if (!m || (m[1] === '' && m[2] === '')) return undefined;
    if (m[1] === '') {
      specs.push({ suffix: Number(m[2]) });
      continue;
    }
    const first = Number(m[1]);
    const last = m[2] === '' ? undefined : Number(m[2]);
    if (last !== undefined && last < first) return undefined;
    specs.push({ first, last });
  }
  if (specs.length === 0) return undefined;
  if (!specs.some((spec) => ('suffix' in spec ? spec.suffix > 0 : spec.first < size))) return 'unsatisfiable';
  // An empty file has no byte to send: its one satisfiable form, a suffix, gets the whole (empty) file.
  if (specs.length > 1 || size === 0) return undefined;
  const spec = specs[0]!;
  if ('suffix' in spec) return { start: Math.max(0, size - spec.suffix), end: size - 1 };
  return { start: spec.first, end: Math.min(spec.last ?? size - 1, size - 1) };
}

/**
 * Sends a stored file with `headers`, answering what HTTP asks of a download: its ETag (the
 * SHA-256, which never changes for a key) and 304 for a copy the client has, one byte range
 * (206, or 416 outside the file) so a broken download resumes, the whole file otherwise.
 * `through` may wrap the body before it goes out. False when the file vanished meanwhile: the
 * caller answers that in its own shape.
 */
export async function sendStoredFile(
  storage: FileStorage,
  file: StoredFile,
  req: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
  through: (body: Readable) => Readable = (body) => body,
): Promise<boolean> {
  const etag = `"${file.sha256}"`;
  void reply.headers({ ...headers, etag, 'accept-ranges': 'bytes' });
  if (clientHasCurrent(req.headers['if-none-match'], etag)) {
    void reply.code(304).send();
    return true;
  }
  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, file.size) : undefined;
  if (range === 'unsatisfiable') {
    void reply.code(416).header('content-range', `bytes */${file.size}`).send();
    return true;
  }
  const found = await storage.get(file.key, range);
  if (!found) return false;
  const body = through(found.body);
  void reply.type(file.contentType);
  if (range) {
    void reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else void reply.header('content-length', file.size);
  void reply.send(body);
  return true;
}

const refuse = (reply: FastifyReply, status: 403 | 404, error: AppError) => {
  void reply.code(status).send(failure(error));
  return SENT;
};

/**
 * Serves a signed file link: the signature is the access rule, so the route is public. Answers
 * byte ranges, an ETag (the SHA-256, which never changes for a key) and the checksum of the
 * whole file in `Repr-Digest`; the content never runs as a page of this site.
 */
export const fileRoutes = (storage: FileStorage, links: FileLinks): RouteModule =>
  defineRoutes((r) => {
    r.get(
      `${FILE_LINK_PREFIX}:key`,
      // Pages show many files at once (a list of avatars): a higher limit than the public default.
      { public: true, query: LinkQuery, params: z.object({ key: Text(100) }), rateLimit: 1200, summary: 'A stored file, by signed link' },
      async ({ params, query, req, reply }) => {
        const left = isFileKey(params.key) ? await links.check(params.key, query.expires, query.signature) : null;
        if (left === null) return refuse(reply, 403, new AppError(ResultCode.forbidden, 'file.link-invalid'));
        const file = await storage.stat(params.key);
        if (!file) return refuse(reply, 404, notFound());
        const sent = await sendStoredFile(storage, file, req, reply, {
          'repr-digest': `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`,
          'cache-control': `private, max-age=${left}`,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        });
        if (!sent) return refuse(reply, 404, notFound());
        return SENT;
      },
    );
  });
