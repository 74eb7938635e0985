import type { CounterStore } from './counter-store';

/**
 * A budget of attempts that slows down instead of locking out: the first `free` attempts of a key in
 * a window go through at once; the last of them opens a wait, and from then on one attempt goes
 * through after each wait and opens the next, twice as long (from `baseDelaySeconds` up to
 * `maxDelaySeconds`). The window's end refills the budget. Counted in the platform's counter store,
 * so with Redis every instance shares the counts.
 */
export interface SlowdownRule {
  /** Names the counters (`<name>:<key>`), so two budgets never share a count. */
  readonly name: string;
  readonly free: number;
  readonly windowSeconds: number;
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
}

export interface Slowdown {
  /** Seconds until `key` may try again; 0 when it may now. Counts nothing. */
  waitSeconds(key: string): Promise<number>;
  /**
   * Counts one attempt of `key`. True when it may go ahead: within the free attempts, or the one
   * attempt that takes the slot after a wait (concurrent attempts race for it; one wins, on any
   * instance). Past the free attempts, the winner starts the next, longer, wait.
   */
  count(key: string): Promise<boolean>;
  /** Forgets the key's attempts and wait (a success of its owner). */
  clear(key: string): Promise<void>;
}

/** The wait the `count`-th attempt of a window opens (0 before the last free one). */
export function slowdownDelaySeconds(rule: SlowdownRule, count: number): number {
  if (count < rule.free) return 0;
  const doublings = Math.min(count - rule.free, 30);
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** doublings);
}

export function createSlowdown(store: CounterStore, rule: SlowdownRule): Slowdown {
  const countKey = (key: string) => `${rule.name}:${key}`;
  const waitKey = (key: string) => `${rule.name}:${key}:wait`;
  return {
    async waitSeconds(key) {
      return (await store.peek(waitKey(key)))?.resetInSeconds ?? 0;
    },
    async count(key) {
      const { count } = await store.increment(countKey(key), rule.windowSeconds);
      const delay = slowdownDelaySeconds(rule, count);
      if (delay === 0) return true;
      return store.setIfAbsent(waitKey(key), 1, delay);
    },
    async clear(key) {
      await Promise.all([store.delete(countKey(key)), store.delete(waitKey(key))]);
    },
  };
}
