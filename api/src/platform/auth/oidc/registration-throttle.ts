import { createHash } from 'node:crypto';
import { createMemoryCounterStore, type CounterStore } from '../../rate-limit/counter-store';
import { createRateLimiter, type RateLimiter } from '../../rate-limit/rate-limiter';
import type { ThrottleDecision } from './login-throttle';

/**
 * Limits on the registration form, counted before anything else is done with a well-formed form (no
 * lookup, no hash): per network (IPv4 address, IPv6 /64) an hour and a day, and per email address
 * an hour. They bound how fast one network creates accounts, and how often anyone may ask whether an
 * address is registered (the form says so: someone registering their own address needs to know).
 */
export interface RegistrationThrottleSettings {
  readonly perNetworkPerHour: number;
  readonly perNetworkPerDay: number;
  readonly perAddressPerHour: number;
}

export const DEFAULT_REGISTRATION_THROTTLE: RegistrationThrottleSettings = {
  perNetworkPerHour: 5,
  perNetworkPerDay: 20,
  perAddressPerHour: 3,
};

export class RegistrationThrottle {
  private readonly networkHour: RateLimiter;
  private readonly networkDay: RateLimiter;
  private readonly address: RateLimiter;

  constructor(settings: Partial<RegistrationThrottleSettings> = {}, counters: CounterStore = createMemoryCounterStore({ maxEntries: 10_000 })) {
    const s = { ...DEFAULT_REGISTRATION_THROTTLE, ...settings };
    this.networkHour = createRateLimiter(counters, { name: 'registration:network-hour', limit: s.perNetworkPerHour, windowSeconds: 3600 });
    this.networkDay = createRateLimiter(counters, { name: 'registration:network-day', limit: s.perNetworkPerDay, windowSeconds: 86_400 });
    this.address = createRateLimiter(counters, { name: 'registration:address', limit: s.perAddressPerHour, windowSeconds: 3600 });
  }

  /** Counts one registration attempt; the network's limits first, so a refused network spends no address's budget. */
  async admit(attempt: { network: string; email: string }): Promise<ThrottleDecision> {
    for (const [limiter, key] of [
      [this.networkHour, attempt.network],
      [this.networkDay, attempt.network],
      [this.address, createHash('sha256').update(attempt.email.trim().toLowerCase()).digest('base64url')],
    ] as const) {
      const decision = await limiter.consume(key);
      if (!decision.allowed) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
    }
    return { allowed: true };
  }
}
