import { createMemoryCounterStore, type CounterStore } from '../../rate-limit/counter-store';

/**
 * Brute-force protection for the sign-in form, counted in the platform's counter store: in memory
 * for one process, in Redis when `REDIS_URL` is set, so that behind a load balancer every instance
 * sees the same failures and a lockout holds on all of them.
 *
 * Failed attempts are counted per login name (case-insensitive) and per client IP in a fixed window.
 * When either count reaches its limit, that login name or IP is locked for `lockoutSeconds`: the
 * form answers "too many attempts" without checking the password, so guessing stops paying off
 * while a real user waits only minutes. A successful sign-in clears the login name's count.
 */
export interface LoginThrottleSettings {
  /** Failures of one login name within the window that lock it. */
  readonly maxFailuresPerLogin: number;
  /** Failures from one IP (any login names) within the window that lock it. */
  readonly maxFailuresPerIp: number;
  readonly windowSeconds: number;
  readonly lockoutSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  maxFailuresPerLogin: 5,
  maxFailuresPerIp: 30,
  windowSeconds: 15 * 60,
  lockoutSeconds: 5 * 60,
};

export class LoginThrottle {
  private readonly settings: LoginThrottleSettings;

  constructor(
    settings: Partial<LoginThrottleSettings> = {},
    private readonly counters: CounterStore = createMemoryCounterStore({ maxEntries: 10_000 }),
  ) {
    this.settings = { ...DEFAULT_LOGIN_THROTTLE, ...settings };
  }

  /** Seconds until this login name and IP may try again; 0 when an attempt is allowed now. */
  async retryAfterSeconds(login: string, ip: string): Promise<number> {
    const locks = await Promise.all([this.counters.peek(lockKey(loginKey(login))), this.counters.peek(lockKey(ipKey(ip)))]);
    return Math.max(0, ...locks.map((lock) => lock?.resetInSeconds ?? 0));
  }

  /** Counts a failed attempt against both the login name and the IP. */
  async recordFailure(login: string, ip: string): Promise<void> {
    await Promise.all([this.count(loginKey(login), this.settings.maxFailuresPerLogin), this.count(ipKey(ip), this.settings.maxFailuresPerIp)]);
  }

  /** A correct password ends the login name's streak (the IP's count stays: one IP, many names). */
  async recordSuccess(login: string): Promise<void> {
    await this.counters.delete(loginKey(login));
  }

  private async count(key: string, limit: number): Promise<void> {
    const { count } = await this.counters.increment(key, this.settings.windowSeconds);
    if (count < limit) return;
    // Locked; the next window starts when the lockout ends.
    await this.counters.set(lockKey(key), 1, this.settings.lockoutSeconds);
    await this.counters.delete(key);
  }
}

const loginKey = (login: string) => `login-failures:name:${login.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login-failures:ip:${ip}`;
const lockKey = (key: string) => `${key}:locked`;
