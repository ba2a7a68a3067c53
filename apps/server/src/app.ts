import { randomUUID } from 'node:crypto';
import os from 'node:os';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { hasAnyPermi, permissionsOf, ResultCode } from '@lightdesk/contract';
import { safeParse } from 'zod/v4/core';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { callerKey, jsonBodyOf, keepRawBody, NOBODY, SURFACES, surfaceOf, type Authenticator, type Caller, type SurfaceName } from './lib/callers';
import { systemClock, type Clock } from './lib/clock';
import type { AppContext } from './lib/context';
import { failure, ok } from './lib/envelope';
import { securityHeaders, trustProxy } from './lib/http-security';
import { AppError, forbidden, fromDatabaseError, fromZodError, Throttled, unauthorized } from './lib/errors';
import { JobRunner } from './lib/jobs';
import { sharedRateLimits } from './lib/rate-limit/store';
import { fileRoutes, configuredFiles, fileSweepJob, withoutLinkSignature } from './lib/storage';
import { docsRoute } from './lib/openapi';
import { overloadGuard } from './lib/overload';
import { parseQueryString } from './lib/query-string';
import { registerDelivery } from './lib/web-assets';
import { callerKindOf, SENT, type Area, type Connection, type RouteDef } from './lib/routes';
import { joinCluster, PROBE_FILES, type ClusterMember } from './lib/cluster/membership';
import healthRoutes, { LIVENESS_PATH, readyRoute } from './health';
import { analyticsArea } from './modules/analytics';
import { contentArea } from './modules/content';
import { deviceArea } from './modules/device';
import { releaseArea } from './modules/release';
import { storeArea } from './modules/store';
import { framedOrigins, recordRefusedOperation, startOperation, storedDictionaries, systemArea, type ParsedInput } from './modules/system';

/** The product's areas, each with its routes and the callers it authenticates. */
export const AREAS: Area[] = [systemArea, storeArea, deviceArea, releaseArea, analyticsArea, contentArea];

/** Requests per minute per caller (per client address for anonymous calls) when a route sets none. */
const SURFACE_RATE_LIMITS: Record<SurfaceName, { signedIn: number; anonymous: number }> = {
  console: { signedIn: 600, anonymous: 60 },
  app: { signedIn: 300, anonymous: 30 },
  device: { signedIn: 600, anonymous: 60 },
  public: { signedIn: 120, anonymous: 120 },
};

const SHUTDOWN_GRACE_MS = 250;

/** Largest request body a route accepts unless it says otherwise. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** How long an overloaded server asks a caller to wait before sending again. */
const OVERLOAD_RETRY_SECONDS = 10;

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The built web app; served at `/` when present. */
  webRoot?: string;
  /** The areas to serve; all of the product's by default. */
  areas?: Area[];
}

export interface LightdeskApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteDef[];
  /** The areas' jobs; main.ts starts it after the migrations and stops it before the database closes. */
  jobs: JobRunner;
  /** Makes each area's demo data where it is missing (LIGHTDESK_DEMO=1). */
  seedDemo: () => Promise<void>;
  /**
   * This server's membership of the servers on the database, and the areas' long-lived connections;
   * main.ts starts them after the migrations and stops them before the database closes.
   * `deviceUrls` says where devices reach the started ones (the start banner shows it).
   */
  connections: { start: () => Promise<void>; stop: () => Promise<void>; deviceUrls: () => string[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Answered even while the server sheds load (`Endpoint.keptUnderLoad`). */
    keptUnderLoad?: boolean;
  }
}

/**
 * The request log's line for a request: Fastify's own fields, with the signatures of signed links
 * left out of the address (they are credentials: whoever reads the log could fetch the files).
 */
function withRequestSerializer(logger: NonNullable<BuildOptions['logger']>): BuildOptions['logger'] {
  if (logger === false) return false;
  const req = (request: FastifyRequest) => ({
    method: request.method,
    url: withoutLinkSignature(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
  return logger === true ? { serializers: { req } } : { ...logger, serializers: { ...logger.serializers, req } };
}

/**
 * The liveness probe answers from the process alone, busy or not: it is neither refused under
 * overload nor rate-limited (counting is a database write), so an orchestrator never restarts a
 * server that is only shedding load. Readiness (`/ready`) asks the database and may be refused.
 */
const isLiveness = (req: FastifyRequest) => req.routeOptions.url === LIVENESS_PATH;

/** Any thrown value as a handled outcome, or undefined when it is a real fault. */
function handled(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  const conflict = fromDatabaseError(error);
  if (conflict) return conflict;
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status === 413) return new AppError(ResultCode.badInput, 'common.body-too-large', { field: 'body' });
  if (status >= 400 && status < 500) return new AppError(ResultCode.badInput, 'common.bad-input', { field: 'body', reason: error.message });
  return undefined;
}

/** People's screens and the app read envelopes (HTTP 200 for handled outcomes); devices read HTTP statuses. */
function answerError(surface: SurfaceName | undefined, error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const outcome = handled(error);
  if (!outcome) req.log.error({ err: error, requestId: req.id }, 'unexpected error');
  const appError = outcome ?? new AppError(ResultCode.unexpected, 'common.unexpected', { requestId: req.id });
  if (appError instanceof Throttled) void reply.header('retry-after', String(appError.retryAfterSeconds));
  const httpStatus = appError instanceof Throttled ? appError.status : !outcome ? 500 : null;
  if (surface && SURFACES[surface].answers === 'plain') {
    // A rule refusal is the device's own doing (422); an oversized body has its own status (413).
    const status = httpStatus ?? (appError.key === 'common.body-too-large' ? 413 : appError.code === ResultCode.refusal ? 422 : appError.code);
    return reply.code(status).send({ status, key: appError.key, params: appError.params });
  }
  return reply.code(httpStatus ?? 200).send(failure(appError));
}

export async function buildApp(options: BuildOptions): Promise<LightdeskApp> {
  const { config } = options;
  const app = Fastify({
    logger: withRequestSerializer(options.logger ?? { level: config.logLevel }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    return503OnClosing: true,
    trustProxy: trustProxy(config),
    routerOptions: { querystringParser: parseQueryString },
  });
  await securityHeaders(app, () => framedOrigins(options.database.db));
  await registerDelivery(app, options.webRoot);
  const areas = options.areas ?? AREAS;
  const clock = options.clock ?? systemClock;
  const { db } = options.database;
  const services = { db, config, clock, log: app.log, files: configuredFiles(config, db, clock), dictionaries: storedDictionaries(db) };
  // The sweep keeps what any product area refers to, also on a server serving fewer areas: the files are the whole database's.
  const fileReferences = [PROBE_FILES, ...[...new Set([...AREAS, ...areas])].flatMap((a) => a.fileReferences ?? [])];
  const jobs = new JobRunner(services, [...areas.flatMap((a) => a.jobs ?? []), fileSweepJob(fileReferences)]);
  const ctx: AppContext = { ...services, jobs };
  // Accessors keep the caller per request; an object value would be shared by every request.
  const callers = new WeakMap<FastifyRequest, Caller>();
  app.decorateRequest('caller', {
    getter(this: FastifyRequest) {
      return callers.get(this) ?? NOBODY;
    },
    setter(this: FastifyRequest, caller: Caller) {
      callers.set(this, caller);
    },
  });

  // Graceful shutdown: requests in flight finish, then their keep-alive sockets close
  // instead of holding app.close() open until the client gives up on them.
  // A connection whose request bytes have arrived but are not parsed yet still counts as idle:
  // a short grace lets such requests start before idle sockets are closed.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
    app.server.closeIdleConnections();
  });
  // An answer given before the request's body was read (a refused or oversized upload) closes the
  // connection too: the client may still be sending, and that connection cannot carry another request.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (draining || !req.raw.complete) void reply.header('connection', 'close');
    done(null, payload);
  });

  // Forms post url-encoded as well as JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });
  // Uploads: a route reads the file as a stream (`req.file()`) and sets its own size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });

  // Under sustained overload, refuse API calls early with Retry-After instead of queueing without
  // bound. Some always pass: the web app's own files (a console missing one of its chunks cannot
  // start at all, so refusing them would turn a busy moment into a broken page), the liveness
  // probe, and the calls a person needs to get in at all — signing in and its captcha — which
  // their own rate limits already bound (`keptUnderLoad`).
  if (config.overloadDelayMs > 0) {
    const guard = overloadGuard(config.overloadDelayMs);
    app.addHook('onClose', () => guard.close());
    app.addHook('onRequest', async (req, reply) => {
      const surface = surfaceOf(req.url);
      if (surface && !isLiveness(req) && !req.routeOptions.config.keptUnderLoad && guard.overloaded())
        return answerError(surface, new Throttled(503, OVERLOAD_RETRY_SECONDS), req, reply);
    });
  }
  await app.register(rateLimit, {
    global: false,
    // After authentication, so a signed-in caller has a bucket of its own.
    hook: 'preHandler',
    // Counted in the database, so the servers on it share one count; if it cannot count, requests are served.
    store: sharedRateLimits({ db: ctx.db, clock, log: app.log }),
    skipOnError: true,
    keyGenerator: (req) => callerKey(req.caller, req.ip),
    allowList: isLiveness,
    errorResponseBuilder: (_req, context) => new Throttled(429, Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  app.setErrorHandler((error: FastifyError, req, reply) => answerError(surfaceOf(req.url), error, req, reply));
  app.setNotFoundHandler((req, reply) => {
    if (/^\/(api|open)(\/|$)/.test(req.url)) return reply.code(404).send(failure(new AppError(ResultCode.notFound, 'common.route-not-found')));
    return reply.code(404).type('text/plain').send('Not found');
  });

  const authenticators = Object.fromEntries(areas.flatMap((a) => Object.entries(a.authenticators ?? {}))) as Partial<Record<Caller['kind'], Authenticator>>;
  const routes: RouteDef[] = [];
  // Filled once the connections start: this server's membership and the areas' connections.
  let member: ClusterMember | null = null;
  const running: Connection[] = [];
  const problems = async () => [...running.map((c) => c.problem()), await member?.problem()].filter((p): p is string => !!p);
  const infrastructure = [
    healthRoutes,
    readyRoute(() => options.database.ping(), problems),
    docsRoute(() => routes),
    fileRoutes(ctx.files.storage, ctx.files.links),
  ];
  for (const module of [...infrastructure, ...areas.flatMap((a) => a.routes)]) {
    routes.push(...module(ctx));
  }
  // Each surface is its own plugin: its routes, and nothing of another surface's.
  for (const surface of Object.keys(SURFACES) as SurfaceName[]) {
    await app.register((scope, _opts, done) => {
      if (SURFACES[surface].caller === 'device') {
        // Kept as bytes: read as JSON only once the signature over them holds (registerRoute).
        scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, parsed) => {
          keepRawBody(req, body as Buffer);
          parsed(null, undefined);
        });
      }
      for (const def of routes.filter((r) => surfaceOf(r.url) === surface)) registerRoute(scope, ctx, def, surface, authenticators);
      done();
    });
  }

  const seedDemo = async () => {
    for (const area of areas) await area.demo?.(ctx);
  };
  const connections = {
    start: async () => {
      member = await joinCluster(ctx.db, { storage: ctx.files.storage, log: app.log, name: `${os.hostname()}:${config.port} (pid ${process.pid})` });
      for (const area of areas) if (area.start) running.push(await area.start(ctx, member));
    },
    stop: async () => {
      await Promise.all(running.splice(0).map((c) => c.stop()));
      await member?.leave();
      member = null;
    },
    deviceUrls: () => running.flatMap((c) => (c.deviceUrl ? [c.deviceUrl] : [])),
  };
  return { app, ctx, routes, jobs, seedDemo, connections };
}

function registerRoute(
  scope: FastifyInstance,
  ctx: AppContext,
  def: RouteDef,
  surface: SurfaceName,
  authenticators: Partial<Record<Caller['kind'], Authenticator>>,
) {
  const kind = callerKindOf(def.access);
  const limits = SURFACE_RATE_LIMITS[surface];
  const authenticator = authenticators[kind];
  // Public routes identify nobody: no token is looked at, no session touched.
  const authenticate =
    kind === 'nobody'
      ? undefined
      : async (req: FastifyRequest) => {
          const caller = (await authenticator?.(ctx, req)) ?? null;
          if (!caller) throw unauthorized();
          req.caller = caller;
          if (caller.kind !== 'staff' || !('permission' in def.access || 'signedIn' in def.access)) return;
          const { session } = caller;
          // After sign-in the session's tenant is authoritative; a contradicting header is refused.
          // The analytics client names the tenant by id as well: checked the same way, never used to choose one.
          const { tenantcode, 'tenant-id': tenantId } = req.headers;
          if (typeof tenantcode === 'string' && tenantcode !== '' && tenantcode !== session.tenantCode) throw forbidden('auth.tenant-mismatch');
          if (typeof tenantId === 'string' && tenantId !== '' && tenantId !== String(session.tenantId)) throw forbidden('auth.tenant-mismatch');
          if ('permission' in def.access && !hasAnyPermi(session.permissions, permissionsOf(def.access))) throw forbidden();
          if ('permission' in def.access && def.access.platform && session.tenantType !== 'platform') throw forbidden('auth.platform-only');
        };
  // A device signs its body: its headers are judged before the body is read, its signature once
  // the body is in, and only then is the body read as JSON, so a forged request costs no parsing.
  const beforeBody = authenticator?.beforeBody;
  const hooks =
    SURFACES[surface].caller === 'device'
      ? {
          onRequest: beforeBody && ((req: FastifyRequest) => beforeBody(ctx, req)),
          preValidation: async (req: FastifyRequest) => {
            await authenticate?.(req);
            req.body = jsonBodyOf(req);
          },
        }
      : { onRequest: authenticate };
  scope.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    config: {
      keptUnderLoad: def.options.keptUnderLoad === true,
      ...(ctx.config.rateLimit && {
        rateLimit: { max: def.options.rateLimit ?? (kind === 'nobody' ? limits.anonymous : limits.signedIn), timeWindow: 60_000 },
      }),
    },
    ...hooks,
    handler: async (req, reply) => {
      const startedAt = performance.now();
      const caller = req.caller;
      const session = caller.kind === 'staff' ? caller.session : null;
      // Filled part by part, so a refusal can still record the parts that parsed.
      const input: ParsedInput = {};
      const parseInput = () => {
        for (const where of ['params', 'query', 'body'] as const) {
          const schema = def.options[where];
          if (!schema) continue;
          const result = safeParse(schema, req[where] ?? (where === 'body' ? undefined : {}));
          if (!result.success) throw fromZodError(result.error, where);
          input[where] = result.data;
        }
      };
      const run = () => def.handler({ session, caller, query: input.query, body: input.body, params: input.params, req, reply });
      const answer = (result: unknown) => (result === SENT ? reply : SURFACES[surface].answers === 'plain' ? (result ?? null) : ok(result ?? null));
      const codeOf = (error: unknown) => (error instanceof AppError ? error.code : (fromDatabaseError(error)?.code ?? ResultCode.unexpected));
      if (def.method === 'GET' || !session) {
        parseInput();
        return answer(await run());
      }
      // Mutations by staff go to the operation log, whatever their outcome; a write runs only
      // once its line is written.
      try {
        parseInput();
      } catch (error) {
        await recordRefusedOperation(ctx, def, req, session, input, codeOf(error), startedAt);
        throw error;
      }
      const operation = await startOperation(ctx, def, req, session, input, startedAt);
      let code: number = ResultCode.ok;
      try {
        return answer(await run());
      } catch (error) {
        code = codeOf(error);
        throw error;
      } finally {
        await operation.finish(code);
      }
    },
  });
}
