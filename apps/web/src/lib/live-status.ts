import { liveStatusApi, type LiveStatusChange } from '@lightdesk/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from './http';

/** How often an open device or store screen asks what went online or offline. */
export const LIVE_STATUS_EVERY_MS = 5000;

/**
 * How one resource's cached answers take a change: `patch` answers the data changed (a new
 * object) or the same data when the change is not about it. `fetchedAt` is when the server gave
 * the data: a change from before it is already in it (counts must not take it twice).
 */
export interface LivePatch {
  root: readonly unknown[];
  patch: (data: unknown, change: LiveStatusChange, fetchedAt: number) => unknown;
}

/** Patches every cached answer under each patch's root with the changes, oldest first; the lists are not fetched again. */
export function applyLiveChanges(client: QueryClient, patches: readonly LivePatch[], changes: readonly LiveStatusChange[]) {
  if (changes.length === 0) return;
  for (const { root, patch } of patches) {
    for (const [key, data] of client.getQueriesData({ queryKey: root })) {
      if (data === undefined) continue;
      const fetchedAt = client.getQueryState(key)?.dataUpdatedAt ?? 0;
      const next = changes.reduce<unknown>((d, change) => patch(d, change, fetchedAt), data);
      // Kept as fetched at that time: the next changes are measured against the server's answer, not the patch.
      if (next !== data) client.setQueryData(key, next, { updatedAt: fetchedAt });
    }
  }
}

/** Rows (of a page `{ list }` or an array) whose `id` is `id`, changed by `update`; the same data when none is. */
export function patchRows<T extends { id: number }>(data: unknown, id: number | null, update: (row: T) => T): unknown {
  if (id === null) return data;
  const rows = Array.isArray(data) ? (data as T[]) : isPage<T>(data) ? data.list : undefined;
  if (!rows?.some((r) => r.id === id)) return data;
  const list = rows.map((r) => (r.id === id ? update(r) : r));
  return Array.isArray(data) ? list : { ...(data as object), list };
}
const isPage = <T>(data: unknown): data is { list: T[] } => typeof data === 'object' && data !== null && Array.isArray((data as { list?: unknown }).list);

/** Whether a change happened after the data was fetched (so the data does not hold it yet). */
export const isNewer = (change: LiveStatusChange, fetchedAt: number) => Date.parse(change.at) > fetchedAt;

/**
 * While the screen is open, asks every few seconds for the online/offline changes since the
 * last answer and patches the rows on screen with them (see `LivePatch`). `patches` should be a
 * constant of the screen's module: a new array starts polling over.
 */
export function useLiveStatus(patches: readonly LivePatch[]) {
  const client = useQueryClient();
  useEffect(() => {
    let cursor: number | undefined;
    let stopped = false;
    let busy = false;
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        const answer = await call(liveStatusApi, cursor === undefined ? {} : { after: cursor });
        if (stopped) return;
        applyLiveChanges(client, patches, answer.changes);
        cursor = answer.cursor;
      } catch {
        // A missed poll is asked again by the next one, from the same cursor.
      } finally {
        busy = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), LIVE_STATUS_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client, patches]);
}
