import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

/** A script or stylesheet chunk that has not arrived after this long has failed. */
export const CHUNK_LOAD_TIMEOUT = 120_000;

/** A chunk of the console could not be fetched (network, or a newer build replaced it). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function withTimeout<T>(load: () => Promise<T>, timeout = CHUNK_LOAD_TIMEOUT): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`Loading a part of the console timed out after ${timeout / 1000} s`)), timeout);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
        },
      );
    });
}

/** React.lazy with the chunk timeout and a recognisable error for the error boundary. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(withTimeout(load));
}

/**
 * A part of a screen needed only after something happens (a dialog opened, a download
 * started): its code loads when it first renders, and nothing shows until it has arrived.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Part = lazyScreen(load);
  return function LazyPart(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(Part, props));
  };
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(error.message));
