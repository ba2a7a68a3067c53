import type * as z from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. `permission` and `signedIn` are for staff in the console;
 * `orPermissions` admits holders of any of those instead (a call several screens share, such as
 * the analytics screens' store picker); `platform: true` further limits a permission to the
 * platform's own staff. `appUser` is for
 * the mobile app's signed-in people, `device` for authenticated gateways and devices;
 * `public` endpoints identify nobody.
 */
export type Access = PermissionAccess | { signedIn: true } | { appUser: true } | { device: true } | { public: true };

type Schema = z.$ZodType;

/** The staff access of the console: a permission code, or any of several (possibly platform staff only). */
export type PermissionAccess = { permission: string; orPermissions?: readonly string[]; platform?: boolean };
/** Every permission that admits a caller to an endpoint with permission access. */
export const permissionsOf = (access: PermissionAccess): readonly string[] => [access.permission, ...(access.orPermissions ?? [])];
/** The permission access a declaration names, without its other keys. */
export const permissionAccess = (access: PermissionAccess): PermissionAccess => ({
  permission: access.permission,
  ...(access.orPermissions?.length && { orPermissions: access.orPermissions }),
  ...(access.platform && { platform: true }),
});
/** The access kind a declaration names, kept in the endpoint's type so handlers know their caller. */
type AccessOf<X> = X extends { permission: string }
  ? PermissionAccess
  : X extends { signedIn: true }
    ? { signedIn: true }
    : X extends { appUser: true }
      ? { appUser: true }
      : X extends { device: true }
        ? { device: true }
        : { public: true };

/**
 * One endpoint, declared once: the server registers it, the web calls it and keys its caches
 * and test fakes by it, API tests parse its answers with `answer`, and the OpenAPI document is
 * generated from it. `answer` is absent only for endpoints that answer a file.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  A extends Schema | undefined = Schema | undefined,
  X extends Access = Access,
  P extends Schema | undefined = Schema | undefined,
> {
  method: M;
  /** `:name` segments are path parameters, declared by `params`. */
  path: string;
  access: X;
  summary: string;
  params: P;
  query: Q;
  body: B;
  answer: A;
  /** Requests per minute per caller (per client address when nobody is identified), instead of the surface's default. */
  rateLimit?: number;
  /** Largest request body in bytes, instead of the server's default. */
  bodyLimit?: number;
  /**
   * Answered even while the server is overloaded and refusing other calls: what a person needs to
   * get in at all (signing in, its captcha). Its rate limit, not the load, bounds it.
   */
  keptUnderLoad?: boolean;
}

type Declaration<Q, B, A, P> = {
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  answer?: A;
  rateLimit?: number;
  bodyLimit?: number;
  keptUnderLoad?: boolean;
};

function declare<M extends HttpMethod>(method: M) {
  return <
    X extends Access,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
    A extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
  >(
    path: string,
    declaration: Declaration<Q, B, A, P> & X,
  ): Endpoint<M, Q, B, A, AccessOf<X>, P> => {
    const { summary, params, query, body, answer, rateLimit, bodyLimit, keptUnderLoad, ...mark } = declaration;
    const rest = mark as unknown as Access;
    const access = ('permission' in rest ? permissionAccess(rest) : rest) as AccessOf<X>;
    return { method, path, access, summary, params: params as P, query: query as Q, body: body as B, answer: answer as A, rateLimit, bodyLimit, keptUnderLoad };
  };
}

/** `endpoint.get('/api/system/post/page', { permission: 'system:post:query', query: PostQuery, answer: PostPage, summary: '…' })` */
export const endpoint = { get: declare('GET'), post: declare('POST'), put: declare('PUT'), delete: declare('DELETE') };

type InputOf<S> = S extends Schema ? z.input<S> : undefined;
type OutputOf<S> = S extends Schema ? z.output<S> : undefined;

/** What a caller sends as the query string (GET, DELETE) of an endpoint. */
export type QueryOf<E extends Endpoint> = InputOf<E['query']>;
/** What a caller sends as the body of an endpoint. */
export type BodyOf<E extends Endpoint> = InputOf<E['body']>;
/**
 * What a caller fills the path parameters with. Not distributed over a union: an endpoint typed
 * only as "some schema or none" (a resource's) takes none.
 */
export type ParamsOf<E extends Endpoint> = [E['params']] extends [Schema] ? z.input<E['params']> : undefined;
/** What the server hands a handler after parsing. */
export type ParsedParamsOf<E extends Endpoint> = [E['params']] extends [Schema] ? z.output<E['params']> : undefined;
export type ParsedQueryOf<E extends Endpoint> = OutputOf<E['query']>;
export type ParsedBodyOf<E extends Endpoint> = OutputOf<E['body']>;
/** What an endpoint answers (the envelope's `data`). */
export type AnswerOf<E extends Endpoint> = E['answer'] extends Schema ? z.output<E['answer']> : unknown;

type Both<P, I> = [P] extends [undefined] ? I : [I] extends [undefined] ? P : P & I;
/** The one input of a call: the path parameters with the query for GET and DELETE, with the body otherwise. */
export type InputFor<E extends Endpoint> = Both<ParamsOf<E>, E['method'] extends 'GET' | 'DELETE' ? QueryOf<E> : BodyOf<E>>;

/**
 * The path of a call, its `:name` segments filled from the input, and the rest of the input
 * (the query or the body). An endpoint without path parameters leaves the input as it is.
 */
export function callPath(endpoint: Endpoint, input: unknown): { path: string; rest: unknown } {
  if (!endpoint.params) return { path: endpoint.path, rest: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const path = endpoint.path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}
