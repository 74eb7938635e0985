import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';

/** A key's count in its current window. */
export interface WindowCount {
  readonly count: number;
  /** Seconds until the window ends and the count starts again from zero (at least 1). */
  readonly resetInSeconds: number;
}

/**
 * Counters that expire: the one store behind every per-user or per-token limit (sign-in throttling,
 * access-token rate limits). In memory for one process; in Redis when `REDIS_URL` is set, so every
 * api instance counts against the same number.
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Adds one to `key`. A key's window starts at its first hit and lasts `windowSeconds`
   * (a fixed window); the answer is the count after this hit.
   */
  increment(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The count without adding, or null when the key has none. */
  peek(key: string): Promise<WindowCount | null>;
  /** Sets `key` to `count` for exactly `seconds` (a lockout). */
  set(key: string, count: number, seconds: number): Promise<void>;
  /**
   * Sets `key` to `count` for `seconds` only when it has no live value; true when this call set it.
   * Of several callers racing for one key (on any instance), exactly one gets true.
   */
  setIfAbsent(key: string, count: number, seconds: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  count: number;
  expiresAt: number;
}

const secondsLeft = (expiresAt: number, now: number) => Math.max(1, Math.ceil((expiresAt - now) / 1000));

/**
 * One process's counters. The map is bounded (`maxEntries`): a flood of made-up keys evicts expired
 * entries first, then the least recently touched, instead of growing memory without end.
 */
export function createMemoryCounterStore(options: { maxEntries?: number; now?: () => number } = {}): CounterStore & { readonly size: number } {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const live = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > at) return entry;
    if (entry) entries.delete(key);
    return undefined;
  };
  const touch = (key: string, entry: Entry, at: number) => {
    // Re-inserting keeps the map ordered by last activity, so eviction drops the stalest first.
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size <= maxEntries) return;
    for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k);
    for (const k of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(k);
    }
  };
  return {
    kind: 'memory',
    async increment(key, windowSeconds) {
      const at = now();
      const entry = live(key, at) ?? { count: 0, expiresAt: at + windowSeconds * 1000 };
      entry.count += 1;
      touch(key, entry, at);
      return { count: entry.count, resetInSeconds: secondsLeft(entry.expiresAt, at) };
    },
    async peek(key) {
      const at = now();
      const entry = live(key, at);
      return entry ? { count: entry.count, resetInSeconds: secondsLeft(entry.expiresAt, at) } : null;
    },
    async set(key, count, seconds) {
      const at = now();
      touch(key, { count, expiresAt: at + seconds * 1000 }, at);
    },
    async setIfAbsent(key, count, seconds) {
      const at = now();
      if (live(key, at)) return false;
      touch(key, { count, expiresAt: at + seconds * 1000 }, at);
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

// INCR and the window's expiry in one step: two instances hitting a new key at once share one window.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type RedisWithIncrement = Redis & { counterIncrement(key: string, windowMs: number): Promise<[number, number]> };

/** Counters in Redis under `<namespace>:counters:`, shared by every api instance of the install. */
export function createRedisCounterStore(url: string, logger: Logger, namespace = 'ysm'): CounterStore {
  const prefix = `${namespace}:counters:`;
  const redis = new Redis(url, { maxRetriesPerRequest: 3 }) as RedisWithIncrement;
  redis.defineCommand('counterIncrement', { numberOfKeys: 1, lua: INCREMENT });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis counters error'));
  return {
    kind: 'redis',
    async increment(key, windowSeconds) {
      const [count, ttlMs] = await redis.counterIncrement(prefix + key, windowSeconds * 1000);
      return { count: Number(count), resetInSeconds: Math.max(1, Math.ceil(Number(ttlMs) / 1000)) };
    },
    async peek(key) {
      const [[, value], [, ttlMs]] = (await redis.multi().get(prefix + key).pttl(prefix + key).exec()) as [[unknown, string | null], [unknown, number]];
      if (value === null || ttlMs < 0) return null;
      return { count: Number(value), resetInSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async set(key, count, seconds) {
      await redis.set(prefix + key, String(count), 'PX', Math.max(1, Math.round(seconds * 1000)));
    },
    async setIfAbsent(key, count, seconds) {
      return (await redis.set(prefix + key, String(count), 'PX', Math.max(1, Math.round(seconds * 1000)), 'NX')) === 'OK';
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when a URL is configured (every instance shares the counts), memory otherwise. */
export function createCounterStore(options: { redisUrl?: string; namespace?: string; logger: Logger }): CounterStore {
  return options.redisUrl ? createRedisCounterStore(options.redisUrl, options.logger, options.namespace) : createMemoryCounterStore();
}
