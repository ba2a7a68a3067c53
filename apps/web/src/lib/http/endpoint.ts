import type { AnswerOf, Endpoint, InputFor } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, furtherApi, openApi } from './clients';
import type { Http } from './client';

/** The client of an endpoint's surface, and the path relative to that client's base. */
function clientFor(path: string): { http: Http; relative: string } {
  if (path.startsWith('/api/v2/saas/web/')) return { http: furtherApi, relative: path.slice('/api/v2/saas/web'.length) };
  if (path.startsWith('/api/')) return { http: api, relative: path.slice('/api'.length) };
  if (path.startsWith('/open/')) return { http: openApi, relative: path.slice('/open'.length) };
  throw new Error(`No client serves ${path}`);
}

/** The arguments after the endpoint: none when it takes no input. */
export type EndpointInput<E extends Endpoint> = InputFor<E> extends undefined ? [] : [input: InputFor<E>];

/**
 * Calls an endpoint declared in the contract: the path, method and surface come from the
 * declaration, so a call cannot drift from the server. The query goes in the query string
 * for GET and DELETE, the input is the body otherwise.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input]: EndpointInput<E>): Promise<AnswerOf<E>> {
  const { http, relative } = clientFor(endpoint.path);
  const data = input as Record<string, unknown> | undefined;
  switch (endpoint.method) {
    case 'GET':
      return http.get<AnswerOf<E>>(relative, data);
    case 'DELETE':
      return http.delete<AnswerOf<E>>(relative, data);
    case 'POST':
      return http.post<AnswerOf<E>>(relative, data);
    case 'PUT':
      return http.put<AnswerOf<E>>(relative, data);
  }
}

/** The cache key of an endpoint's answer: its path first, so invalidating a path prefix refreshes every screen that shows it. */
export const queryKeyOf = <E extends Endpoint>(endpoint: E, input?: InputFor<E>) => (input === undefined ? [endpoint.path] : [endpoint.path, input]);

/** Query options for a GET endpoint: `useQuery(endpointQuery(postApi.page, q))`. */
export const endpointQuery = <E extends Endpoint<'GET'>>(endpoint: E, ...[input]: EndpointInput<E>) =>
  queryOptions({ queryKey: queryKeyOf(endpoint, input as InputFor<E>), queryFn: () => call(endpoint, ...([input] as EndpointInput<E>)) });
