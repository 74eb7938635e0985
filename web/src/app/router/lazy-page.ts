import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Requirements (listener core) (infrastructure): "Chunk loading timeout 120 s". A page's chunk that has not arrived by then
 * counts as failed, so the route's error page offers a reload instead of a loading screen forever
 * (a stalled connection never rejects the import by itself).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code did not arrive in time. */
export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`A page of the app did not load within ${Math.round(timeoutMs / 1000)} s.`);
  }
}

export const isChunkLoadTimeout = (error: unknown): error is ChunkLoadTimeoutError => error instanceof ChunkLoadTimeoutError;

/** Settles as `load` does, or rejects with ChunkLoadTimeoutError once `timeoutMs` pass first. */
export function loadWithin<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A route's page as its own chunk (React.lazy) whose loading times out: the rejection is thrown while
 * rendering, and the root route's error page (RouteErrorPage) shows it with its Reload button.
 */
export function lazyPage(load: () => Promise<ComponentType>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): LazyExoticComponent<ComponentType> {
  return lazy(() => loadWithin(load, timeoutMs).then((Page) => ({ default: Page })));
}
