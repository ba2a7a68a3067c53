import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, Session } from './context';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. Every route states one; a test walks the table to prove it.
 * `platform: true` further limits a permission to the platform tenant's staff: platform-level
 * resources (agents, agent packages) refuse agents' staff even when a role grants them the code.
 */
export type Access = { permission: string; platform?: boolean } | { signedIn: true } | { public: true };

type Schema = z.ZodType | undefined;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteOptions<Q extends Schema, B extends Schema, P extends Schema> {
  query?: Q;
  body?: B;
  params?: P;
  response?: z.ZodType;
  summary?: string;
}

export interface HandlerContext<Q, B, P, S> {
  session: S;
  query: Q;
  body: B;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Returned by a handler that wrote its own reply (a file, a stream) instead of an envelope. */
export const SENT = Symbol('reply already sent');

export interface RouteDef {
  method: HttpMethod;
  url: string;
  access: Access;
  options: RouteOptions<Schema, Schema, Schema>;
  handler: (ctx: HandlerContext<unknown, unknown, unknown, Session | null>) => unknown;
}

type Options<Q extends Schema, B extends Schema, P extends Schema> = RouteOptions<Q, B, P> & Access;
type SessionFor<A> = A extends { public: true } ? Session | null : Session;

export interface RouteBuilder {
  route<Q extends Schema, B extends Schema, P extends Schema, O extends Options<Q, B, P>>(
    method: HttpMethod,
    url: string,
    options: O & Options<Q, B, P>,
    handler: (ctx: HandlerContext<Infer<Q>, Infer<B>, Infer<P>, SessionFor<O>>) => unknown,
  ): void;
  get: <Q extends Schema, B extends Schema, P extends Schema, O extends Options<Q, B, P>>(
    url: string,
    options: O & Options<Q, B, P>,
    handler: (ctx: HandlerContext<Infer<Q>, Infer<B>, Infer<P>, SessionFor<O>>) => unknown,
  ) => void;
  post: RouteBuilder['get'];
  put: RouteBuilder['get'];
  delete: RouteBuilder['get'];
}

export type RouteModule = (ctx: AppContext) => RouteDef[];

/** A module's route table: each route says its path, who may call it and what it accepts. */
export function defineRoutes(build: (r: RouteBuilder, ctx: AppContext) => void): RouteModule {
  return (ctx) => {
    const defs: RouteDef[] = [];
    const route: RouteBuilder['route'] = (method, url, options, handler) => {
      const marks = ['permission' in options, 'signedIn' in options, 'public' in options].filter(Boolean).length;
      if (marks !== 1) throw new Error(`${method} ${url} must state exactly one of permission, signedIn or public`);
      const access: Access =
        'permission' in options
          ? { permission: options.permission, ...(options.platform && { platform: true }) }
          : 'signedIn' in options
            ? { signedIn: true }
            : { public: true };
      defs.push({ method, url, access, options, handler: handler as RouteDef['handler'] });
    };
    build(
      {
        route,
        get: (url, o, h) => route('GET', url, o, h),
        post: (url, o, h) => route('POST', url, o, h),
        put: (url, o, h) => route('PUT', url, o, h),
        delete: (url, o, h) => route('DELETE', url, o, h),
      },
      ctx,
    );
    return defs;
  };
}
