import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';
import { channelMessages, type EventBus } from './event-bus';

/**
 * Many processes: Redis pub/sub. One subscriber connection per process holds a Redis subscription
 * for each channel someone here listens to (counted), and fans messages out locally.
 */
export function createRedisEventBus(url: string, logger: Logger, namespace = 'ysm'): EventBus {
  const PREFIX = `${namespace}:events:`;
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  /** Per channel: how many listen here, and the Redis SUBSCRIBE they wait for. */
  const channels = new Map<string, { count: number; ready: Promise<unknown> }>();
  subscriber.on('message', (redisChannel: string, message: string) => {
    try {
      local.emit(redisChannel.slice(PREFIX.length), JSON.parse(message));
    } catch (error) {
      logger.warn({ err: error, redisChannel }, 'unreadable event ignored');
    }
  });
  publisher.on('error', (error) => logger.warn({ err: error }, 'redis publisher error'));
  subscriber.on('error', (error) => logger.warn({ err: error }, 'redis subscriber error'));

  return {
    publish: async (channel, payload) => {
      await publisher.publish(PREFIX + channel, JSON.stringify(payload));
    },
    subscribe: async (channel, signal) => {
      // Listen locally first, so nothing that arrives once Redis confirms is missed.
      const messages = channelMessages(local, channel, signal);
      let entry = channels.get(channel);
      if (entry) entry.count += 1;
      else {
        entry = { count: 1, ready: subscriber.subscribe(PREFIX + channel) };
        channels.set(channel, entry);
      }
      const release = () => {
        const current = channels.get(channel);
        if (!current) return;
        current.count -= 1;
        if (current.count > 0) return;
        channels.delete(channel);
        subscriber.unsubscribe(PREFIX + channel).catch(() => undefined);
      };
      if (signal.aborted) release();
      else signal.addEventListener('abort', release, { once: true });
      try {
        await entry.ready;
      } catch (error) {
        release();
        throw error;
      }
      return messages;
    },
    close: async () => {
      local.removeAllListeners();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
