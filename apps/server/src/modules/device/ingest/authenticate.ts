import { DEVICE_HEADERS, SIGNATURE_WINDOW_MS } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import type { Authenticator } from '../../../lib/callers';
import { rawBodyOf } from '../../../lib/callers';
import { rowsOf } from '../../../lib/sql';
import { sameHash } from '../../../lib/secrets';
import { requestSignature } from '../credentials';
import { findDevice, parseDeviceName, type KnownDevice } from '../directory';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The devices each authenticated request came from, for its handler. */
const senders = new WeakMap<object, KnownDevice>();
export const senderOf = (req: object): KnownDevice | undefined => senders.get(req);

/**
 * A device's HTTP request proves itself with a signature of its timestamp, a nonce, the method,
 * the path and the body under its device secret. A timestamp outside the window or a nonce used
 * before (a replay) proves nothing; neither does a disabled device.
 */
export const authenticateDevice: Authenticator = async (ctx, req) => {
  const name = parseDeviceName(header(req.headers[DEVICE_HEADERS.device]));
  const timestamp = header(req.headers[DEVICE_HEADERS.timestamp]);
  const nonce = header(req.headers[DEVICE_HEADERS.nonce]);
  const signature = header(req.headers[DEVICE_HEADERS.signature]);
  if (!name || !timestamp || !/^\d{1,15}$/.test(timestamp) || !nonce || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce) || !signature) return null;
  const now = ctx.clock.now().getTime();
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) return null;
  const device = await findDevice(ctx.db, name.productKey, name.deviceName);
  if (!device?.enabled) return null;
  const expected = requestSignature(device.secret, timestamp, nonce, req.method, req.url, rawBodyOf(req));
  if (!sameHash(signature.toLowerCase(), expected)) return null;
  // The nonce is spent only by a request whose signature holds, so nobody can spend another's.
  const fresh = await rowsOf<{ nonce: string }>(
    ctx.db,
    sql`insert into device_nonces (device_id, nonce, expires_at) values (${device.id}, ${nonce}, ${new Date(Number(timestamp) + SIGNATURE_WINDOW_MS).toISOString()}::timestamptz)
        on conflict do nothing returning nonce`,
  );
  if (fresh.length === 0) return null;
  senders.set(req, device);
  return { kind: 'device', device: { deviceId: device.id, tenantId: device.tenantId, productKey: device.productKey, deviceName: device.deviceName } };
};
