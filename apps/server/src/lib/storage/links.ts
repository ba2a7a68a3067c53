import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { signingKey } from '../keys';
import { decode as decodeQueryText } from '../query-string';

export const FILE_LINK_PREFIX = '/open/files/';
/**
 * The query parameter that carries the signature of a signed link, a file's or a firmware
 * download's: whoever holds its value holds the file, so the request log leaves it out.
 */
export const LINK_SIGNATURE = 'signature';
const KEY_NAME = 'file-links';
/** Expiry times are rounded up to this step, so one file's link stays the same for a while and browsers can cache it. */
const EXPIRY_STEP_SECONDS = 3600;

/**
 * Links to stored files that anyone holding them may fetch until they expire: the path names
 * the file, `expires` the time in Unix seconds, `signature` an HMAC-SHA256 of both under a key
 * made on first use and kept in the database, shared by every process of a deployment.
 */
export class FileLinks {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private async signature(fileKey: string, expires: number) {
    return createHmac('sha256', await signingKey(this.db, KEY_NAME))
      .update(`${fileKey}\n${expires}`)
      .digest('base64url');
  }

  /** A link valid for at least `ttlSeconds` (a day unless set). */
  async link(fileKey: string, ttlSeconds = 86_400): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const expires = Math.ceil((now + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    return `${FILE_LINK_PREFIX}${fileKey}?expires=${expires}&${LINK_SIGNATURE}=${await this.signature(fileKey, expires)}`;
  }

  /** Seconds the link has left, or null when it is expired, altered or not ours. */
  async check(fileKey: string, expires: number, signature: string): Promise<number | null> {
    const left = expires - Math.floor(this.clock.now().getTime() / 1000);
    if (left <= 0) return null;
    const expected = Buffer.from(await this.signature(fileKey, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
  }
}

/** A request's path and query as the request log keeps them: every link signature's value hidden. */
export function withoutLinkSignature(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      // Named as the query parser reads it: percent-decoded, `+` a space, `signature[0]` still the signature.
      return decodeQueryText(name).split('[', 1)[0] === LINK_SIGNATURE ? `${name}=[hidden]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}
