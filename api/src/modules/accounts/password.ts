import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { TooManyRequestsError } from '../../platform/rate-limit/rate-limiter';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

// OWASP's scrypt minimum (N=2^17, r=8, p=1) costs 128 MiB a hash; N=2^15 keeps 32 MiB and ~60 ms here.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, keylen: 32 };
const MAXMEM = 64 * 1024 * 1024;

/**
 * Password hashing for local accounts. Every hash (registration, sign-in, and the stand-in for an
 * unknown login) goes through one gate: scrypt runs on libuv's thread pool (4 threads by default),
 * the same threads that read media files, so a flood of sign-ins or registrations must not take
 * them all.
 */
export interface PasswordHasher {
  /** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), self-describing so parameters can grow. */
  hash(password: string): Promise<string>;
  /** Checks a password against a stored hash in constant time; a malformed hash never matches. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * The same work as `verify` against a hash no password matches: what a sign-in for an unknown
   * login (or an account without a password) costs, so that it answers no faster than a known one.
   */
  verifyNothing(password: string): Promise<false>;
  /** Hashes running and waiting now; begun and refused since the start. */
  stats(): HashStats;
}

export interface HashStats {
  readonly running: number;
  readonly waiting: number;
  readonly computed: number;
  readonly refused: number;
}

export interface HashGateOptions {
  /** Hashes computed at once (default 2: half of libuv's default pool of 4 threads). */
  readonly concurrency?: number;
  /** Hashes waiting for a turn before new ones are refused with TOO_MANY_REQUESTS (default 64). */
  readonly maxWaiting?: number;
}

/** A counting semaphore with a bounded queue: work past the queue is refused, not buffered. */
export class HashGate {
  private running = 0;
  private computed = 0;
  private refused = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly concurrency: number;
  private readonly maxWaiting: number;

  constructor(options: HashGateOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 64);
  }

  /** Runs `work` when a slot is free; refuses at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        this.refused += 1;
        throw new TooManyRequestsError('Too many sign-ins and registrations at once. Try again in a moment.', 5);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      this.computed += 1;
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops below a waiting count.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Running and waiting now; since the start, work begun (`computed`) and refused. */
  get stats(): HashStats {
    return { running: this.running, waiting: this.waiting.length, computed: this.computed, refused: this.refused };
  }
}

async function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS.keylen, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p, maxmem: MAXMEM });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function scryptVerify(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** scrypt behind a {@link HashGate}. */
export function createPasswordHasher(options: HashGateOptions = {}): PasswordHasher & { readonly gate: HashGate } {
  const gate = new HashGate(options);
  // A hash of random bytes nobody knows, made with today's parameters at the first unknown login.
  let dummy: Promise<string> | undefined;
  const verify = (password: string, stored: string) => gate.run(() => scryptVerify(password, stored));
  return {
    gate,
    hash: (password) => gate.run(() => scryptHash(password)),
    verify,
    stats: () => gate.stats,
    async verifyNothing(password) {
      dummy ??= scryptHash(randomBytes(32).toString('base64url'));
      await verify(password, await dummy);
      return false;
    },
  };
}
