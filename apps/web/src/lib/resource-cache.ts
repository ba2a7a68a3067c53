import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * One resource's part of the query cache (the posts, the staff…). Every query of the resource
 * — its list, its details, the pickers and trees built from it — is keyed under `root` through
 * `key(…)`, so a change refreshes all of them at once, on whichever screen they are.
 * `shownIn` names the resources whose rows show this one's data (a staff row names its
 * department): a change refreshes those as well.
 */
export interface ResourceCache<Area extends string = string, Name extends string = string> {
  readonly root: readonly [Area, Name];
  readonly shownIn: readonly ResourceCache[];
  /** A query key of this resource: `postCache.key('page', query)`. */
  key<const Parts extends unknown[]>(...parts: Parts): [Area, Name, ...Parts];
}

export function resourceCache<const Area extends string, const Name extends string>(
  area: Area,
  name: Name,
  shownIn: readonly ResourceCache[] = [],
): ResourceCache<Area, Name> {
  return { root: [area, name], shownIn, key: (...parts) => [area, name, ...parts] };
}

/** Marks the resource's queries, and those of the resources showing it, stale; the ones on screen fetch again. */
export async function refreshResource(client: QueryClient, changed: ResourceCache): Promise<void> {
  await Promise.all([changed, ...changed.shownIn].map((cache) => client.invalidateQueries({ queryKey: cache.root })));
}

/** `refresh(postCache)` after a change a screen made outside a list or form dialog. */
export function useRefreshResource() {
  const client = useQueryClient();
  return useCallback((changed: ResourceCache) => refreshResource(client, changed), [client]);
}
