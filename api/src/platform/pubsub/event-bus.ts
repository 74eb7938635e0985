import { EventEmitter, on } from 'node:events';

/**
 * Messages on named channels, delivered to every subscriber of the channel on any api instance
 * (in memory for one process, over Redis for many). Payloads are plain JSON objects.
 */
export interface EventBus {
  publish(channel: string, payload: object): Promise<void>;
  /**
   * Listens on the channel. Resolves once the subscription is in place: every message published
   * after that is delivered, in order, until `signal` aborts (the iterator then ends quietly).
   */
  subscribe(channel: string, signal: AbortSignal): Promise<AsyncIterable<object>>;
  close(): Promise<void>;
}

/**
 * A channel's messages from an emitter, listened to from this call on (not from the first read:
 * a lazy listener would drop what is emitted between subscribing and reading), until aborted.
 */
export function channelMessages(emitter: EventEmitter, channel: string, signal: AbortSignal): AsyncIterable<object> {
  if (signal.aborted) return (async function* () {})();
  const messages = on(emitter, channel, { signal });
  return (async function* () {
    try {
      for await (const [payload] of messages) yield payload as object;
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  })();
}

/** One process: an EventEmitter. */
export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (channel, payload) => {
      emitter.emit(channel, payload);
    },
    subscribe: async (channel, signal) => channelMessages(emitter, channel, signal),
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}
