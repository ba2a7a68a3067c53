import type * as z from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. `permission` and `signedIn` are for staff in the console;
 * `platform: true` further limits a permission to the platform's own staff. `appUser` is for
 * the mobile app's signed-in people, `device` for authenticated gateways and devices;
 * `public` endpoints identify nobody.
 */
export type Access = { permission: string; platform?: boolean } | { signedIn: true } | { appUser: true } | { device: true } | { public: true };

type Schema = z.$ZodType;

/** The staff access of the console: a permission code (possibly platform staff only). */
export type PermissionAccess = { permission: string; platform?: boolean };
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
> {
  method: M;
  path: string;
  access: X;
  summary: string;
  query: Q;
  body: B;
  answer: A;
  /** Requests per minute per caller (per client address when nobody is identified), instead of the surface's default. */
  rateLimit?: number;
  /** Largest request body in bytes, instead of the server's default. */
  bodyLimit?: number;
}

type Declaration<Q, B, A> = { summary: string; query?: Q; body?: B; answer?: A; rateLimit?: number; bodyLimit?: number };

function declare<M extends HttpMethod>(method: M) {
  return <X extends Access, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined, A extends Schema | undefined = undefined>(
    path: string,
    declaration: Declaration<Q, B, A> & X,
  ): Endpoint<M, Q, B, A, AccessOf<X>> => {
    const { summary, query, body, answer, rateLimit, bodyLimit, ...mark } = declaration;
    const rest = mark as unknown as Access;
    const access = ('permission' in rest ? { permission: rest.permission, ...(rest.platform && { platform: true }) } : rest) as AccessOf<X>;
    return { method, path, access, summary, query: query as Q, body: body as B, answer: answer as A, rateLimit, bodyLimit };
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
/** What the server hands a handler after parsing. */
export type ParsedQueryOf<E extends Endpoint> = OutputOf<E['query']>;
export type ParsedBodyOf<E extends Endpoint> = OutputOf<E['body']>;
/** What an endpoint answers (the envelope's `data`). */
export type AnswerOf<E extends Endpoint> = E['answer'] extends Schema ? z.output<E['answer']> : unknown;
/** The one input of a call: the query for GET and DELETE, the body otherwise. */
export type InputFor<E extends Endpoint> = E['method'] extends 'GET' | 'DELETE' ? QueryOf<E> : BodyOf<E>;
