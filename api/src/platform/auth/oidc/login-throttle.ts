/**
 * Basic brute-force protection for the sign-in form, kept in memory.
 *
 * Failed attempts are counted per login name (case-insensitive) and per client IP in a fixed window.
 * When either count reaches its limit, that login name or IP is locked for `lockoutSeconds`: the
 * form answers "too many attempts" without checking the password, so guessing stops paying off
 * while a real user waits only minutes. A successful sign-in clears the login name's count.
 *
 * Limits: each api instance counts on its own (behind a load balancer an attacker gets the limit
 * once per instance), and a restart forgets everything. The map is bounded so that a flood of
 * made-up names cannot grow memory without end.
 */
export interface LoginThrottleSettings {
  /** Failures of one login name within the window that lock it. */
  readonly maxFailuresPerLogin: number;
  /** Failures from one IP (any login names) within the window that lock it. */
  readonly maxFailuresPerIp: number;
  readonly windowSeconds: number;
  readonly lockoutSeconds: number;
  /** Upper bound of tracked names and IPs together. */
  readonly maxEntries: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  maxFailuresPerLogin: 5,
  maxFailuresPerIp: 30,
  windowSeconds: 15 * 60,
  lockoutSeconds: 5 * 60,
  maxEntries: 10_000,
};

interface Counter {
  failures: number;
  windowEndsAt: number;
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();
  private readonly settings: LoginThrottleSettings;

  constructor(settings: Partial<LoginThrottleSettings> = {}, private readonly now: () => number = Date.now) {
    this.settings = { ...DEFAULT_LOGIN_THROTTLE, ...settings };
  }

  /** Seconds until this login name and IP may try again; 0 when an attempt is allowed now. */
  retryAfterSeconds(login: string, ip: string): number {
    const now = this.now();
    const until = Math.max(this.lockedUntil(loginKey(login), now), this.lockedUntil(ipKey(ip), now));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts a failed attempt against both the login name and the IP. */
  recordFailure(login: string, ip: string): void {
    const now = this.now();
    this.count(loginKey(login), this.settings.maxFailuresPerLogin, now);
    this.count(ipKey(ip), this.settings.maxFailuresPerIp, now);
  }

  /** A correct password ends the login name's streak (the IP's count stays: one IP, many names). */
  recordSuccess(login: string): void {
    this.counters.delete(loginKey(login));
  }

  private lockedUntil(key: string, now: number): number {
    const counter = this.counters.get(key);
    return counter && counter.lockedUntil > now ? counter.lockedUntil : 0;
  }

  private count(key: string, limit: number, now: number): void {
    let counter = this.counters.get(key);
    if (!counter || (counter.windowEndsAt <= now && counter.lockedUntil <= now)) {
      counter = { failures: 0, windowEndsAt: now + this.settings.windowSeconds * 1000, lockedUntil: 0 };
    }
    counter.failures += 1;
    if (counter.failures >= limit) {
      counter.lockedUntil = now + this.settings.lockoutSeconds * 1000;
      // The next window starts when the lockout ends.
      counter.failures = 0;
      counter.windowEndsAt = counter.lockedUntil + this.settings.windowSeconds * 1000;
    }
    // Re-inserting keeps the Map ordered by last activity, so eviction drops the stalest first.
    this.counters.delete(key);
    this.counters.set(key, counter);
    this.evict(now);
  }

  private evict(now: number): void {
    if (this.counters.size <= this.settings.maxEntries) return;
    for (const [key, counter] of this.counters) {
      if (counter.windowEndsAt <= now && counter.lockedUntil <= now) this.counters.delete(key);
    }
    for (const key of this.counters.keys()) {
      if (this.counters.size <= this.settings.maxEntries) break;
      this.counters.delete(key);
    }
  }

  /** Tracked names and IPs (for tests and metrics). */
  get size(): number {
    return this.counters.size;
  }
}

const loginKey = (login: string) => `login:${login.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
