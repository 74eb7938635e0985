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
  const listeners = new Map<string, number>();
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
    subscribe: (channel, signal) => {
      const count = listeners.get(channel) ?? 0;
      listeners.set(channel, count + 1);
      const ready = count === 0 ? subscriber.subscribe(PREFIX + channel) : Promise.resolve();
      signal.addEventListener(
        'abort',
        () => {
          const left = (listeners.get(channel) ?? 1) - 1;
          if (left > 0) listeners.set(channel, left);
          else {
            listeners.delete(channel);
            subscriber.unsubscribe(PREFIX + channel).catch(() => undefined);
          }
        },
        { once: true },
      );
      return (async function* () {
        await ready;
        yield* channelMessages(local, channel, signal);
      })();
    },
    close: async () => {
      local.removeAllListeners();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
