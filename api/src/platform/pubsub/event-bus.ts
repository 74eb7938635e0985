import { EventEmitter, on } from 'node:events';

/**
 * Messages on named channels, delivered to every subscriber of the channel on any api instance
 * (in memory for one process, over Redis for many). Payloads are plain JSON objects.
 */
export interface EventBus {
  publish(channel: string, payload: object): Promise<void>;
  /** Messages published on the channel from now on, until `signal` aborts. */
  subscribe(channel: string, signal: AbortSignal): AsyncIterable<object>;
  close(): Promise<void>;
}

/** Reads a channel's messages from an emitter until aborted (the iterator ends quietly). */
export async function* channelMessages(emitter: EventEmitter, channel: string, signal: AbortSignal): AsyncIterable<object> {
  try {
    for await (const [payload] of on(emitter, channel, { signal })) yield payload as object;
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
}

/** One process: an EventEmitter. */
export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (channel, payload) => {
      emitter.emit(channel, payload);
    },
    subscribe: (channel, signal) => channelMessages(emitter, channel, signal),
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}
