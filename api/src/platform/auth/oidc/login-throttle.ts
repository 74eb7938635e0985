import { createHash } from 'node:crypto';
import { createMemoryCounterStore, type CounterStore } from '../../rate-limit/counter-store';
import { createSlowdown, type Slowdown } from '../../rate-limit/slowdown';

/**
 * Brute-force protection for the sign-in form, counted in the platform's counter store (in memory
 * for one process, in Redis when `REDIS_URL` is set, so every instance sees the same counts).
 *
 * It slows guessing down and never locks the owner out:
 * - Attempts are counted per account (the email and the username share one count; a login that
 *   names no account is counted under its own text, so it behaves exactly as an account would).
 *   After a few, one attempt goes through per wait, and the wait doubles up to a cap.
 * - A browser the account has signed in on before (a signed known-device cookie, see
 *   known-devices.ts) is not held by the account's count, only by its own, so a stranger's guesses
 *   never keep the owner out of their own device.
 * - Failures are counted per network (IPv4 address, IPv6 /64): one network guessing across many
 *   accounts waits too. Known devices are exempt from it as well.
 */
export interface LoginThrottleSettings {
  /** Attempts of one account, from devices it has not signed in on, before the waits start. */
  readonly accountFreeAttempts: number;
  readonly accountWindowSeconds: number;
  /** Attempts of one account on one of its known devices before that device waits. */
  readonly deviceFreeAttempts: number;
  readonly deviceWindowSeconds: number;
  /** Failed sign-ins from one network (any accounts) before it waits. */
  readonly networkFreeFailures: number;
  readonly networkWindowSeconds: number;
  /** The first wait; each next one doubles it, up to `maxDelaySeconds`. */
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  accountFreeAttempts: 5,
  accountWindowSeconds: 24 * 60 * 60,
  deviceFreeAttempts: 10,
  deviceWindowSeconds: 60 * 60,
  networkFreeFailures: 30,
  networkWindowSeconds: 15 * 60,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
};

/** One sign-in attempt, as the throttle counts it. */
export interface SignInAttempt {
  /** The account id the login names, or null when it names none. */
  readonly accountId: string | null;
  /** The login as typed (counted, hashed, when it names no account). */
  readonly login: string;
  /** The client's network (platform/net/network-key.ts). */
  readonly network: string;
  /** The known-device id, when this browser's cookie says the account signed in on it. */
  readonly knownDevice?: string;
}

export type ThrottleDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export class LoginThrottle {
  private readonly account: Slowdown;
  private readonly device: Slowdown;
  private readonly network: Slowdown;

  constructor(
    settings: Partial<LoginThrottleSettings> = {},
    counters: CounterStore = createMemoryCounterStore({ maxEntries: 10_000 }),
  ) {
    const s = { ...DEFAULT_LOGIN_THROTTLE, ...settings };
    const delays = { baseDelaySeconds: s.baseDelaySeconds, maxDelaySeconds: s.maxDelaySeconds };
    this.account = createSlowdown(counters, { name: 'sign-in:account', free: s.accountFreeAttempts, windowSeconds: s.accountWindowSeconds, ...delays });
    this.device = createSlowdown(counters, { name: 'sign-in:device', free: s.deviceFreeAttempts, windowSeconds: s.deviceWindowSeconds, ...delays });
    this.network = createSlowdown(counters, { name: 'sign-in:network', free: s.networkFreeFailures, windowSeconds: s.networkWindowSeconds, ...delays });
  }

  /**
   * Whether this attempt may have its password checked; counts it against the account (or the
   * known device) before the check, so that parallel attempts cannot all slip through one slot.
   */
  async admit(attempt: SignInAttempt): Promise<ThrottleDecision> {
    if (attempt.knownDevice) return this.take(this.device, deviceKey(attempt), []);
    return this.take(this.account, accountKey(attempt), [this.network.waitSeconds(attempt.network)]);
  }

  /** A wrong password: counts against the network (known devices are exempt). */
  async failed(attempt: SignInAttempt): Promise<void> {
    if (!attempt.knownDevice) await this.network.count(attempt.network);
  }

  /** The right password: the budget it was counted against starts again (not the network's). */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    if (attempt.knownDevice) await this.device.clear(deviceKey(attempt));
    else await this.account.clear(accountKey(attempt));
  }

  private async take(budget: Slowdown, key: string, otherWaits: Promise<number>[]): Promise<ThrottleDecision> {
    const wait = Math.max(0, await budget.waitSeconds(key), ...(await Promise.all(otherWaits)));
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    if (await budget.count(key)) return { allowed: true };
    // Another attempt took the slot a moment ago; its wait applies.
    return { allowed: false, retryAfterSeconds: Math.max(1, await budget.waitSeconds(key)) };
  }
}

// Typed logins are hashed: counters (in Redis too) never hold an email in clear.
const loginDigest = (login: string) => createHash('sha256').update(login.trim().toLowerCase()).digest('base64url');
const accountKey = (attempt: SignInAttempt) => (attempt.accountId ? `id:${attempt.accountId}` : `login:${loginDigest(attempt.login)}`);
const deviceKey = (attempt: SignInAttempt) => `${attempt.knownDevice}:${attempt.accountId}`;
