import { permissionAccess, type Access, type Endpoint, type ParsedBodyOf, type ParsedParamsOf, type ParsedQueryOf } from '@lightdesk/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/v4/core';
import { surfaceOf, SURFACES, type Authenticator, type Caller } from './callers';
import type { AppContext, Session } from './context';
import type { JobDefinition } from './jobs';
import type { ClusterMember } from './cluster/membership';

type HttpMethod = Endpoint['method'];

/** Who may call a route: declared with the endpoint in the contract, or on the route itself. */
export type { Access };

const ACCESS_MARKS = ['permission', 'signedIn', 'appUser', 'device', 'public'] as const;

/** The kind of caller an access rule admits (public admits anybody and identifies nobody). */
export function callerKindOf(access: Access): Caller['kind'] {
  if ('permission' in access || 'signedIn' in access) return 'staff';
  if ('appUser' in access) return 'app-user';
  if ('device' in access) return 'device';
  return 'nobody';
}

type Schema = z.$ZodType | undefined;
type Infer<S> = S extends undefined ? undefined : z.output<S>;

export interface RouteOptions<Q extends Schema, B extends Schema, P extends Schema> {
  query?: Q;
  body?: B;
  params?: P;
  response?: z.$ZodType;
  summary?: string;
  /** Requests per minute per caller (or per client address when nobody is identified), instead of the surface's default. */
  rateLimit?: number;
  /** Largest request body in bytes, instead of the server's default (1 MiB). */
  bodyLimit?: number;
  /** Answered even while the server is overloaded (see lib/overload.ts). */
  keptUnderLoad?: boolean;
}

export interface HandlerContext<Q, B, P, S> {
  /** The signed-in staff member on console routes; null on every other surface. */
  session: S;
  caller: Caller;
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
type SessionFor<A> = A extends { public: true } | { appUser: true } | { device: true } ? null : Session;

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
  /** Registers an endpoint declared in the contract: its path, access, inputs and answer come from there. */
  endpoint<E extends Endpoint>(
    endpoint: E,
    handler: (ctx: HandlerContext<ParsedQueryOf<E>, ParsedBodyOf<E>, ParsedParamsOf<E>, SessionFor<E['access']>>) => unknown,
  ): void;
}

export type RouteModule = (ctx: AppContext) => RouteDef[];

/** A module's route table: each route says its path, who may call it and what it accepts. */
export function defineRoutes(build: (r: RouteBuilder, ctx: AppContext) => void): RouteModule {
  return (ctx) => {
    const defs: RouteDef[] = [];
    const route: RouteBuilder['route'] = (method, url, options, handler) => {
      const marks = ACCESS_MARKS.filter((mark) => mark in options);
      if (marks.length !== 1) throw new Error(`${method} ${url} must state exactly one of ${ACCESS_MARKS.join(', ')}`);
      const access: Access = 'permission' in options ? permissionAccess(options) : ({ [marks[0]!]: true } as Access);
      const surface = surfaceOf(url);
      if (!surface) throw new Error(`${method} ${url} lies outside every surface (${Object.keys(SURFACES).join(', ')})`);
      const kind = callerKindOf(access);
      if (kind !== 'nobody' && SURFACES[surface].caller !== kind) throw new Error(`${method} ${url}: the ${surface} surface serves no ${kind} caller`);
      defs.push({ method, url, access, options, handler: handler as RouteDef['handler'] });
    };
    build(
      {
        route,
        get: (url, o, h) => route('GET', url, o, h),
        post: (url, o, h) => route('POST', url, o, h),
        put: (url, o, h) => route('PUT', url, o, h),
        delete: (url, o, h) => route('DELETE', url, o, h),
        endpoint: (e, handler) =>
          route(
            e.method,
            e.path,
            {
              ...e.access,
              params: e.params,
              query: e.query,
              body: e.body,
              response: e.answer,
              summary: e.summary,
              rateLimit: e.rateLimit,
              bodyLimit: e.bodyLimit,
              keptUnderLoad: e.keptUnderLoad,
            },
            handler as never,
          ),
      },
      ctx,
    );
    return defs;
  };
}

/** A long-lived connection an area keeps (devices' MQTT). */
export interface Connection {
  stop(): Promise<void>;
  /** What keeps this server from being ready (e.g. a broker that does not answer), or null; `/ready` reports it. */
  problem(): string | null;
  /** Where devices reach this server through it (a broker's address, no credentials), when they can. */
  deviceUrl?: string;
}

/** What an area gives the server: its route tables, its jobs and, for the kind of caller it owns, how that caller proves itself. */
export interface Area {
  name: string;
  routes: RouteModule[];
  authenticators?: Partial<Record<Caller['kind'], Authenticator>>;
  /** Scheduled and queued jobs; the server's job runner runs them (lib/jobs). */
  jobs?: JobDefinition[];
  /**
   * Queries answering the keys of stored files the area's rows refer to (one text column each;
   * a value that is no key, such as a URL, does no harm). A file none of them names is deleted
   * a while after it was put (lib/storage/sweep.ts).
   */
  fileReferences?: SQL[];
  /** Long-lived connections (devices' MQTT), started once the database is migrated, as this member of the servers on the database. */
  start?: (ctx: AppContext, member: ClusterMember) => Promise<Connection>;
  /** With LIGHTDESK_DEMO=1, makes the area's demo data on a start that finds none (after the administration's seed). */
  demo?: (ctx: AppContext) => Promise<void>;
}
