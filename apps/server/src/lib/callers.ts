import type { FastifyRequest } from 'fastify';
import type { AppContext, Session } from './context';
import { badInput } from './errors';

/** A mobile-app account signed in through the app API (app users are platform-wide, of no tenant). */
export interface AppUserIdentity {
  appUserId: number;
  sessionId: number;
}

/** A gateway or directly connected device that proved its per-device secret. */
export interface DeviceIdentity {
  deviceId: number;
  tenantId: number;
  productKey: string;
  deviceName: string;
}

/** Who is calling. Each kind has its own authentication and its own part of the URL space. */
export type Caller =
  { kind: 'staff'; session: Session } | { kind: 'app-user'; appUser: AppUserIdentity } | { kind: 'device'; device: DeviceIdentity } | { kind: 'nobody' };

export const NOBODY: Caller = { kind: 'nobody' };

/**
 * The four ways in. A URL belongs to the surface of its longest matching prefix; each surface
 * authenticates its own kind of caller, has its own rate limit, and answers either envelopes
 * (people's screens and the app) or plain HTTP statuses (devices, which expect those).
 */
export const SURFACES = {
  console: { prefixes: ['/api'], caller: 'staff', answers: 'envelope' },
  app: { prefixes: ['/open/app'], caller: 'app-user', answers: 'envelope' },
  device: { prefixes: ['/open/iot', '/open/ota'], caller: 'device', answers: 'plain' },
  public: { prefixes: ['/open', '/health', '/ready'], caller: 'nobody', answers: 'envelope' },
} as const satisfies Record<string, { prefixes: string[]; caller: Caller['kind']; answers: 'envelope' | 'plain' }>;

export type SurfaceName = keyof typeof SURFACES;

const byPrefixLength = Object.entries(SURFACES)
  .flatMap(([name, s]) => s.prefixes.map((prefix) => ({ name: name as SurfaceName, prefix })))
  .sort((a, b) => b.prefix.length - a.prefix.length);

/** The surface a path belongs to, or undefined for paths outside every surface (the web app's files). */
export function surfaceOf(url: string): SurfaceName | undefined {
  const path = url.split('?')[0]!;
  return byPrefixLength.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.name;
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
/** Keeps the bytes of a device's request body: its signature covers them exactly as sent. */
export const keepRawBody = (req: FastifyRequest, body: Buffer) => void rawBodies.set(req, body);
export const rawBodyOf = (req: FastifyRequest): Buffer => rawBodies.get(req) ?? Buffer.alloc(0);

/** A device's kept body read as JSON (undefined when empty): done once its signature over the bytes held. */
export function jsonBodyOf(req: FastifyRequest): unknown {
  const raw = rawBodyOf(req);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badInput('body', 'body is not valid JSON');
  }
}

/**
 * Finds the caller of one kind from a request, or null when it proves nothing. Devices are
 * authenticated once the body is read (their signature covers it); everyone else before.
 */
export interface Authenticator {
  (ctx: AppContext, req: FastifyRequest): Promise<Caller | null>;
  /**
   * For a caller whose proof covers the body (a device): what the headers alone decide, judged
   * before the body is read. Throws to refuse, so a request they condemn costs no reading.
   */
  beforeBody?: (ctx: AppContext, req: FastifyRequest) => Promise<void>;
}

export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

/** The rate-limit bucket of a request: the caller when known, else the client address. */
export function callerKey(caller: Caller, ip: string): string {
  switch (caller.kind) {
    case 'staff':
      return `staff:${caller.session.userId}`;
    case 'app-user':
      return `app-user:${caller.appUser.appUserId}`;
    case 'device':
      return `device:${caller.device.deviceId}`;
    default:
      return `ip:${ip}`;
  }
}
