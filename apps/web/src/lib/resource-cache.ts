import type { Endpoint } from '@lightdesk/contract';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, type EndpointInput } from './http/endpoint';

/** What refreshing a resource needs: its cache root and the resources showing its data. */
export interface CachedResource {
  readonly root: readonly unknown[];
  readonly shownIn: readonly CachedResource[];
}

/**
 * One resource's part of the query cache (the posts, the staff…). Every query of the resource
 * — its list, its details, the pickers and trees built from it — is keyed under `root` through
 * `key(…)`, so a change refreshes all of them at once, on whichever screen they are.
 * `shownIn` names the resources whose rows show this one's data (a staff row names its
 * department): a change refreshes those as well.
 */
export interface ResourceCache<Area extends string = string, Name extends string = string> extends CachedResource {
  readonly root: readonly [Area, Name];
  /** A query key of this resource: `postCache.key('page', query)`. */
  key<const Parts extends unknown[]>(...parts: Parts): [Area, Name, ...Parts];
  /**
   * Query options for a GET endpoint of the contract whose answer shows this resource:
   * `postCache.query(postApi.page, q)`, keyed under `root` by the endpoint's path.
   */
  query<E extends Endpoint<'GET'>>(endpoint: E, ...input: EndpointInput<E>): ReturnType<typeof endpointQueryOf<Area, Name, E>>;
}

function endpointQueryOf<Area extends string, Name extends string, E extends Endpoint<'GET'>>(
  root: readonly [Area, Name],
  endpoint: E,
  input: EndpointInput<E>,
) {
  const queryKey: [Area, Name, string, ...EndpointInput<E>] = [root[0], root[1], endpoint.path, ...input];
  return queryOptions({ queryKey, queryFn: () => call(endpoint, ...input) });
}

export function resourceCache<const Area extends string, const Name extends string>(
  area: Area,
  name: Name,
  shownIn: readonly CachedResource[] = [],
): ResourceCache<Area, Name> {
  const root = [area, name] as const;
  return { root, shownIn, key: (...parts) => [area, name, ...parts], query: (endpoint, ...input) => endpointQueryOf(root, endpoint, input) };
}

/** Marks the resource's queries, and those of the resources showing it, stale; the ones on screen fetch again. */
export async function refreshResource(client: QueryClient, changed: CachedResource): Promise<void> {
  await Promise.all([changed, ...changed.shownIn].map((cache) => client.invalidateQueries({ queryKey: cache.root })));
}

/** `refresh(postCache)` after a change a screen made outside a list or form dialog. */
export function useRefreshResource() {
  const client = useQueryClient();
  return useCallback((changed: CachedResource) => refreshResource(client, changed), [client]);
}
