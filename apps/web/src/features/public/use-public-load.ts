import { ResultCode } from '@lightdesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, type RequestOptions } from '../../lib/http';

/** Thrown by a loader when the address names no item (not an id): shown as "not found" without asking the server. */
export class NotFound extends Error {}

/**
 * For every call a loader makes: the page shows the server's "not found" as its own state, so the
 * client is told not to toast over it.
 */
export const notFoundShownByPage: RequestOptions = { handles: [ResultCode.notFound] };

/** The address names nothing, or the server knows no such item. */
const isMissing = (error: unknown) => error instanceof NotFound || (error instanceof ApiError && error.code === ResultCode.notFound);

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'missing' } | { state: 'failed' };

/**
 * Loads what a public page shows, again whenever `key` changes (another item, another language).
 * Public pages are also shown signed out, outside the console's query cache, so this is a plain
 * effect; "not found" from the server is a state of its own, not a failure.
 */
export function usePublicLoad<T>(key: string, load: () => Promise<T>): Loaded<T> & { retry: () => void } {
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded<T> }>({ key, value: { state: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setLoaded({ key, value: { state: 'ready', data } }),
      (error: unknown) => live && setLoaded({ key, value: { state: isMissing(error) ? 'missing' : 'failed' } }),
    );
    return () => {
      live = false;
    };
    // `load` is a new function each render; what it loads is named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => {
    setLoaded({ key, value: { state: 'loading' } });
    setAttempt((n) => n + 1);
  }, [key]);
  return { ...(loaded.key === key ? loaded.value : { state: 'loading' }), retry };
}
