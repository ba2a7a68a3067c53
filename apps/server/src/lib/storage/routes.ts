import { ResultCode, Text } from '@lightdesk/contract';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { failure } from '../envelope';
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
 * The one byte range asked for, 'unsatisfiable' for a range outside the file, or undefined to
 * send the whole file (no Range, several ranges, or one we cannot read — HTTP lets a server
 * answer those with the whole representation).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

/**
 * Sends a stored file with `headers`, answering what HTTP asks of a download: its ETag (the
 * SHA-256, which never changes for a key) and 304 for a copy the client has, one byte range
 * (206, or 416 outside the file) so a broken download resumes, the whole file otherwise.
 * `onStream` sees the body before it goes out. False when the file vanished meanwhile: the
 * caller answers that in its own shape.
 */
export async function sendStoredFile(
  storage: FileStorage,
  file: StoredFile,
  req: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
  onStream?: (body: Readable) => void,
): Promise<boolean> {
  const etag = `"${file.sha256}"`;
  void reply.headers({ ...headers, etag, 'accept-ranges': 'bytes' });
  if (req.headers['if-none-match'] === etag) {
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
  onStream?.(found.body);
  void reply.type(file.contentType);
  if (range) {
    void reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else void reply.header('content-length', file.size);
  void reply.send(found.body);
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
