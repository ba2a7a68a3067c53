import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { hasPermi, ResultCode } from '@lightdesk/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { bearerToken, resolveSession } from './lib/access';
import { systemClock, type Clock } from './lib/clock';
import type { AppContext, Session } from './lib/context';
import { failure, ok } from './lib/envelope';
import { AppError, forbidden, fromDatabaseError, fromZodError, unauthorized } from './lib/errors';
import { openApiDocument } from './lib/openapi';
import { recordOperation } from './lib/operate-log';
import { defineRoutes, SENT, type RouteDef, type RouteModule } from './lib/routes';
import authRoutes from './modules/auth/routes';
import healthRoutes, { readyRoute } from './modules/health/routes';
import dictRoutes from './modules/system/dict/routes';
import postRoutes from './modules/system/post/routes';
import userRoutes from './modules/system/user/routes';
import roleRoutes from './modules/system/role/routes';
import deptRoutes from './modules/system/dept/routes';
import menuRoutes from './modules/system/menu/routes';
import configRoutes from './modules/system/config/routes';
import platformSettingRoutes from './modules/system/platform-setting/routes';
import areaRoutes from './modules/system/area/routes';
import tenantRoutes from './modules/system/tenant/routes';
import tenantPackageRoutes from './modules/system/tenant-package/routes';
import logRoutes from './modules/system/log/routes';
import sessionRoutes from './modules/system/session/routes';

const modules: RouteModule[] = [
  healthRoutes,
  authRoutes,
  dictRoutes,
  postRoutes,
  menuRoutes,
  configRoutes,
  platformSettingRoutes,
  areaRoutes,
  userRoutes,
  roleRoutes,
  deptRoutes,
  tenantRoutes,
  tenantPackageRoutes,
  logRoutes,
  sessionRoutes,
];

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The built web app; served at `/` when present. */
  webRoot?: string;
}

export interface LightdeskApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteDef[];
}

const docsRoute = (all: () => RouteDef[]) =>
  defineRoutes((r) => {
    r.get('/api/docs', { public: true, summary: 'This OpenAPI document' }, ({ reply }) => {
      void reply.send(openApiDocument(all()));
      return SENT;
    });
  });

export async function buildApp(options: BuildOptions): Promise<LightdeskApp> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  const ctx: AppContext = { db: options.database.db, config: options.config, clock: options.clock ?? systemClock, log: app.log };

  // Graceful shutdown: requests in flight finish, then their keep-alive sockets close
  // instead of holding app.close() open until the client gives up on them.
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    app.server.closeIdleConnections();
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });

  // spec §7: POST may be form-encoded as well as JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) return reply.code(200).send(failure(error));
    const conflict = fromDatabaseError(error);
    if (conflict) return reply.code(200).send(failure(conflict));
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return reply.code(200).send(failure(new AppError(ResultCode.badInput, 'common.body-too-large', { field: 'body' })));
    if (status >= 400 && status < 500) {
      return reply
        .code(200)
        .send(failure(new AppError(ResultCode.badInput, 'common.bad-input', { field: 'body', reason: error instanceof Error ? error.message : 'invalid' })));
    }
    req.log.error({ err: error, requestId: req.id }, 'unexpected error');
    return reply.code(500).send(failure(new AppError(ResultCode.unexpected, 'common.unexpected', { requestId: req.id })));
  });

  app.setNotFoundHandler((req, reply) => {
    if (/^\/(api|open)(\/|$)/.test(req.url)) return reply.code(404).send(failure(new AppError(ResultCode.notFound, 'common.route-not-found')));
    return reply.code(404).type('text/plain').send('Not found');
  });

  const routes: RouteDef[] = [];
  for (const module of [...modules, readyRoute(() => options.database.ping()), docsRoute(() => routes)]) routes.push(...module(ctx));
  for (const def of routes) registerRoute(app, ctx, def);

  if (options.webRoot && fs.existsSync(path.join(options.webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      // Hashed assets never change; index.html must be re-read so new builds are picked up.
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  }
  return { app, ctx, routes };
}

function registerRoute(app: FastifyInstance, ctx: AppContext, def: RouteDef) {
  app.route({
    method: def.method,
    url: def.url,
    handler: async (req, reply) => {
      const startedAt = performance.now();
      const token = bearerToken(req.headers.authorization);
      const session: Session | null = token ? await resolveSession(ctx, token) : null;
      if (!('public' in def.access)) {
        if (!session) throw unauthorized();
        // After sign-in the session's tenant is authoritative (DESIGN §4).
        const tenantHeader = req.headers.tenantcode;
        if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== session.tenantCode) throw forbidden('auth.tenant-mismatch');
        if ('permission' in def.access && !hasPermi(session.permissions, def.access.permission)) throw forbidden();
        if ('permission' in def.access && def.access.platform && session.tenantType !== 'platform') throw forbidden('auth.platform-only');
      }
      const parse = (schema: RouteDef['options']['query'], value: unknown, where: 'body' | 'query' | 'params') => {
        if (!schema) return undefined;
        const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
        if (!result.success) throw fromZodError(result.error, where);
        return result.data;
      };
      const run = () => {
        const params = parse(def.options.params, req.params, 'params');
        const query = parse(def.options.query, req.query, 'query');
        const body = parse(def.options.body, req.body, 'body');
        return def.handler({ session, query, body, params, req, reply });
      };
      // Mutations by signed-in staff go to the operation log, whatever their outcome.
      if (def.method === 'GET' || 'public' in def.access || !session) {
        const result = await run();
        return result === SENT ? reply : ok(result ?? null);
      }
      let code: number = ResultCode.ok;
      try {
        const result = await run();
        return result === SENT ? reply : ok(result ?? null);
      } catch (error) {
        code = error instanceof AppError ? error.code : (fromDatabaseError(error)?.code ?? ResultCode.unexpected);
        throw error;
      } finally {
        await recordOperation(ctx, def, req, session, code, startedAt);
      }
    },
  });
}
