/**
 * A subscription's event stream that stops as soon as graphql-ws lets go of it (the client
 * unsubscribed, its socket closed, its credential was revoked). An async generator suspended on an
 * await (a wait for the next event) would only see `return()` at its next `yield`, and might keep
 * polling until then; this aborts `signal` first, so the generator's waits end at once.
 */
export function abortableIterator<T>(make: (signal: AbortSignal) => AsyncGenerator<T>): AsyncIterableIterator<T> {
  const controller = new AbortController();
  const inner = make(controller.signal);
  const iterator: AsyncIterableIterator<T> = {
    next: () => inner.next(),
    return: async (value?: unknown) => {
      controller.abort();
      return inner.return(value);
    },
    throw: async (error?: unknown) => {
      controller.abort();
      return inner.throw(error);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
