import { DomainError } from '../errors';
import type { CounterStore } from './counter-store';

export interface RateLimitRule {
  /** Names the counters (`<name>:<key>`), so two limits never share a count. */
  readonly name: string;
  /** Requests allowed per window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export type RateLimitDecision =
  | { readonly allowed: true; readonly remaining: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of `key` and says whether it is within the limit. */
  consume(key: string): Promise<RateLimitDecision>;
}

/** A fixed-window limit over a counter store (memory or Redis, see counter-store.ts). */
export function createRateLimiter(store: CounterStore, rule: RateLimitRule): RateLimiter {
  return {
    async consume(key) {
      const { count, resetInSeconds } = await store.increment(`${rule.name}:${key}`, rule.windowSeconds);
      if (count <= rule.limit) return { allowed: true, remaining: rule.limit - count };
      return { allowed: false, retryAfterSeconds: resetInSeconds };
    },
  };
}

/** The 429 every transport answers for a refused request; `retryAfterSeconds` becomes `Retry-After`. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message, { retryAfterSeconds });
  }
}
