import { DEVICE_HEADERS, SIGNATURE_WINDOW_MS } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Authenticator } from '../../../lib/callers';
import { rawBodyOf } from '../../../lib/callers';
import type { AppContext } from '../../../lib/context';
import { unauthorized } from '../../../lib/errors';
import { failureThrottle } from '../../../lib/rate-limit/failures';
import { rowsOf } from '../../../lib/sql';
import { sameHash } from '../../../lib/secrets';
import { requestSignature } from '../credentials';
import { findDevice, parseDeviceName, type KnownDevice } from '../directory';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Failed device requests one client address may make a minute: as many requests as the device
 * surface allows an anonymous caller. Past them, the address is refused with 429 until the
 * minute ends, whatever it sends.
 */
export const SIGNATURE_FAILURE_LIMIT = 60;
const failures = failureThrottle({ name: 'device-signature-failures', limit: SIGNATURE_FAILURE_LIMIT, windowMs: 60_000 });
const addressOf = (req: FastifyRequest) => `ip:${req.ip}`;

/** What a request's headers claim, once they have passed: checked against its body when that is in. */
interface Claim {
  device: KnownDevice;
  timestamp: string;
  nonce: string;
  signature: string;
}
const claims = new WeakMap<object, Claim>();

/** The devices each authenticated request came from, for its handler. */
const senders = new WeakMap<object, KnownDevice>();
export const senderOf = (req: object): KnownDevice | undefined => senders.get(req);

/** Counts a failed request against its address; refused as unauthenticated, or as throttled once the address is past its limit. */
async function failed(ctx: AppContext, req: FastifyRequest): Promise<never> {
  throw (await failures.record(ctx.db, ctx.clock, addressOf(req))) ?? unauthorized();
}

/**
 * What the headers alone decide, before the body is read. An address past its failures is
 * refused whatever it sends, a correct signature too: telling one apart would take reading and
 * hashing the body, the very work the throttle spares. Then a malformed header, a timestamp
 * outside the window, or a device unknown or disabled fails the request.
 */
async function checkHeaders(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const throttled = failures.refusal(ctx.db, ctx.clock, addressOf(req));
  if (throttled) throw throttled;
  const name = parseDeviceName(header(req.headers[DEVICE_HEADERS.device]));
  const timestamp = header(req.headers[DEVICE_HEADERS.timestamp]);
  const nonce = header(req.headers[DEVICE_HEADERS.nonce]);
  const signature = header(req.headers[DEVICE_HEADERS.signature]);
  if (
    !name ||
    !timestamp ||
    !/^\d{1,15}$/.test(timestamp) ||
    !nonce ||
    !/^[A-Za-z0-9_-]{8,64}$/.test(nonce) ||
    !signature ||
    !/^[0-9a-fA-F]{64}$/.test(signature)
  )
    return failed(ctx, req);
  if (Math.abs(ctx.clock.now().getTime() - Number(timestamp)) > SIGNATURE_WINDOW_MS) return failed(ctx, req);
  const device = await findDevice(ctx.db, name.productKey, name.deviceName);
  if (!device?.enabled) return failed(ctx, req);
  claims.set(req, { device, timestamp, nonce, signature: signature.toLowerCase() });
}

/**
 * A device's HTTP request proves itself with a signature of its timestamp, a nonce, the method,
 * the path and the body under its device secret. Its headers are checked before the body is read
 * (`beforeBody`), the signature over the body's bytes as sent once it is in. A timestamp outside
 * the window or a nonce used before (a replay) proves nothing; neither does a disabled device.
 * Every failure counts against the client address.
 */
export const authenticateDevice: Authenticator = Object.assign(
  async (ctx: AppContext, req: FastifyRequest) => {
    const claim = claims.get(req);
    if (!claim) return null;
    const { device, timestamp, nonce, signature } = claim;
    const expected = requestSignature(device.secret, timestamp, nonce, req.method, req.url, rawBodyOf(req));
    if (!sameHash(signature, expected)) return failed(ctx, req);
    // The nonce is spent only by a request whose signature holds, so nobody can spend another's.
    const fresh = await rowsOf<{ nonce: string }>(
      ctx.db,
      sql`insert into device_nonces (device_id, nonce, expires_at) values (${device.id}, ${nonce}, ${new Date(Number(timestamp) + SIGNATURE_WINDOW_MS).toISOString()}::timestamptz)
        on conflict do nothing returning nonce`,
    );
    if (fresh.length === 0) return failed(ctx, req);
    senders.set(req, device);
    return {
      kind: 'device' as const,
      device: { deviceId: device.id, tenantId: device.tenantId, productKey: device.productKey, deviceName: device.deviceName },
    };
  },
  { beforeBody: checkHeaders },
);
