import { resolve } from 'node:path';
import { z } from 'zod';
import type { GraphQLLimitSettings } from './platform/graphql/limits';
import { parseTrustProxy, type TrustProxy } from './platform/net/trust-proxy';

/** The repository root: `.data/` lives there whichever workspace starts the api. */
const REPO_ROOT = resolve(__dirname, '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const csv = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const url = z.string().url();
/** One address, no display name (the mail outbox's own rule: a dotted domain, nothing that splits a header). */
const MAIL_ADDRESS = /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** The development default: `.localhost` is reserved (RFC 6761), so nothing is ever delivered there by mistake. */
const DEV_SUPPORT_EMAIL = 'support@ysm.localhost';

const baseSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PRODUCT_NAME: z.string().min(1).default('YSM'),
    HOST: z.string().optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    PUBLIC_API_URL: url.default('http://localhost:4000'),
    WEB_ORIGIN: url.default('http://localhost:5173'),
    /** The hops in front that may set X-Forwarded-For/-Proto: a count or their addresses (platform/net/trust-proxy.ts). */
    TRUST_PROXY: z.string().optional(),
    /** On SIGTERM: how long in-flight requests and open subscriptions may run before they are cut. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
    DATA_DIR: z.string().default(resolve(REPO_ROOT, '.data')),
    /** Where the distilled word vectors are cached (default `<DATA_DIR>/word-vectors`); shareable between instances. */
    WORD_VECTORS_DIR: z.string().optional(),

    DATABASE_URL: url.optional(),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),

    OIDC_ISSUER_URL: url.optional(),
    OIDC_AUDIENCE: z.string().min(1).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_JWKS_URI: url.optional(),
    API_AUDIENCE: z.string().min(1).optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    ADMIN_EMAILS: csv.default([]),
    SEED_DEMO_ACCOUNTS: bool.optional(),
    /** Registrations on the built-in provider's form per network (IPv4 address, IPv6 /64), per hour and per day. */
    REGISTRATIONS_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
    REGISTRATIONS_PER_NETWORK_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Failed sign-ins from one network (IPv4 address, IPv6 /64) in 15 minutes before it must wait (known browsers are exempt). */
    SIGN_IN_FAILURES_PER_NETWORK: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /** Password hashes (scrypt, 32 MiB each, on libuv's thread pool) computed at once; more wait, up to a bounded queue. */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** Whether an api that finds the catalogue empty synthesises the demo library (default true). */
    SEED_DEMO_LIBRARY: bool.default(true),

    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    MEDIA_SIGNING_SECRET: z.string().min(32).optional(),
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 86_400).default(3600),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: url.optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),

    REDIS_URL: url.optional(),
    GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** Seeds the generator's choices (tests and audits); unset, every beat is a fresh draw. */
    GENERATION_SEED: z.coerce.number().int().min(0).optional(),
    PROCESS_JOBS_IN_API: bool.default(true),
    /** The worker answers GET /healthz on this port (its container's healthcheck); unset, it opens no port. */
    WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]+$/).default('ysm'),
    QUEUE_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
    RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /** Producers' transfers: first retry delay (doubling each time), attempts, lease of a send, sweep period. */
    PAYOUT_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    PAYOUT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    PAYOUT_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
    PAYOUT_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),

    GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(10),
    GRAPHQL_MAX_COST: z.coerce.number().int().min(10).max(100_000).default(2000),
    GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).max(1000).default(30),
    GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(1).max(1000).default(30),
    GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(100_000).default(5000),
    GRAPHQL_MAX_NODES: z.coerce.number().int().min(10).max(100_000).default(5000),
    /** Requests one personal access token may make per minute (every transport together). */
    ACCESS_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /** Creating or extending a personal access token needs a sign-in (password typed) this recent. */
    ACCESS_TOKEN_RECENT_SIGN_IN_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),

    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_EARLY_ACCESS: z.string().min(1).optional(),
    STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
    STRIPE_PRICE_ENTERPRISE: z.string().min(1).optional(),
    /** Another Stripe API base (stripe-mock, a test stand-in); default api.stripe.com over HTTPS. */
    STRIPE_API_URL: url.optional(),
    /** Signing secret of the Connect webhook endpoint (account.updated); default STRIPE_WEBHOOK_SECRET (one `stripe listen`). */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Allows the local checkout (no card, no money) when NODE_ENV=production. */
    LOCAL_CHECKOUT: bool.default(false),

    /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); unset, mails are written to MAIL_DIR as .eml files. */
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
    /** The From of outgoing mail; default "<PRODUCT_NAME> <no-reply@localhost>". */
    MAIL_FROM: z.string().min(3).optional(),
    /** Where mails are written without SMTP (default `<DATA_DIR>/mail`). */
    MAIL_DIR: z.string().optional(),
    /** The one support address the pages show and /contact's messages are mailed to (issue 30); production needs a real one. */
    SUPPORT_EMAIL: z.string().trim().toLowerCase().regex(MAIL_ADDRESS, 'SUPPORT_EMAIL must be one email address, like support@yourdomain.com').optional(),
    /** Contact messages one signed-in account may send an hour, and one network (an IPv4 address, an IPv6 /64) signed in or not. */
    SUPPORT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
    SUPPORT_MESSAGES_PER_HOUR_PER_NETWORK: z.coerce.number().int().min(1).max(100_000).default(20),

    /** Memory caches, in MiB: samples' WAV files (render input), warped loops, encoded MP3 chunks (issue 24; README "Memory"). */
    SAMPLE_CACHE_MB: z.coerce.number().int().min(16).max(65_536).default(256),
    WARP_CACHE_MB: z.coerce.number().int().min(16).max(65_536).default(512),
    MP3_CHUNK_CACHE_MB: z.coerce.number().int().min(4).max(65_536).default(64),

    /** Per producer: upload requests a UTC day, and bytes stored (every sample file kept, withdrawn ones too). */
    UPLOADS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
    UPLOAD_STORAGE_BYTES: z.coerce.number().int().min(1).default(5 * 1024 ** 3),
    /**
     * Upload bodies in flight at once (received, not yet answered), per user and for the whole
     * process: one largest upload (200 MB of files, 275 MB as base64 JSON) fits a user's share.
     */
    UPLOADS_IN_FLIGHT_PER_USER_BYTES: z.coerce.number().int().min(1024 * 1024).default(300 * 1024 ** 2),
    UPLOADS_IN_FLIGHT_TOTAL_BYTES: z.coerce.number().int().min(1024 * 1024).default(1024 ** 3),
  });

const schema = baseSchema
  .superRefine((env, ctx) => {
    const external = [env.OIDC_ISSUER_URL, env.OIDC_AUDIENCE, env.OIDC_CLIENT_ID].filter(Boolean).length;
    if (external > 0 && external < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'set OIDC_ISSUER_URL, OIDC_AUDIENCE and OIDC_CLIENT_ID together to use an external identity provider',
      });
    }
    if (env.BLOB_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when BLOB_STORE=s3' });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_EARLY_ACCESS', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_ENTERPRISE'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when STRIPE_SECRET_KEY is set` });
      }
    } else if (env.NODE_ENV === 'production' && !env.LOCAL_CHECKOUT) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'set STRIPE_SECRET_KEY (with its webhook secret and price ids); production has no local checkout',
      });
    }
    const trust = parseTrustProxy(env.TRUST_PROXY, env.NODE_ENV === 'production');
    if ('error' in trust) ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: trust.error });
    if (env.NODE_ENV === 'production') {
      for (const { path, message } of productionProblems(env)) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });

/** Values copied from examples, templates and tutorials that must never guard a production install. */
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|placeholder|your[-_ ]|example|dummy|secret(123)?$|^password|^(x+|0+|1234.*)$/i;
/** Shortest secret (or password inside a URL) production accepts; MEDIA_SIGNING_SECRET needs 32. */
export const MIN_PRODUCTION_SECRET = 16;

/** A secret's problem in production: a known placeholder, or too short to resist guessing. */
function secretProblem(value: string, min = MIN_PRODUCTION_SECRET): string | null {
  if (PLACEHOLDER.test(value) || new Set(value).size < 4) return 'is a placeholder; generate one (e.g. openssl rand -hex 32)';
  if (value.length < min) return `is shorter than ${min} characters`;
  return null;
}

/** Domains reserved for documentation and testing (RFC 2606, RFC 6761): mail sent there reaches nobody. */
const RESERVED_MAIL_DOMAIN = /(^|\.)(example|test|invalid|localhost|local)$|(^|\.)example\.(com|net|org)$/i;

/** Why production refuses a support address: unset, a reserved domain, or a placeholder. */
function supportAddressProblem(address: string | undefined): string | null {
  if (!address) return 'set SUPPORT_EMAIL to the address that answers customers (the pages show it; contact messages are mailed to it)';
  const domain = address.slice(address.lastIndexOf('@') + 1);
  if (RESERVED_MAIL_DOMAIN.test(domain) || PLACEHOLDER.test(address)) return `SUPPORT_EMAIL ${address} is a placeholder (a reserved domain receives nothing); set the real support address`;
  return null;
}

/** The password of a URL (postgres://user:password@host), if it has one. */
function urlPassword(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(new URL(value).password) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * What production refuses (issue 24): placeholder or short secrets (the signing secret, Stripe's
 * keys and webhook secrets, S3's key, passwords inside DATABASE_URL, REDIS_URL and SMTP_URL), the
 * local checkout (it takes no money), and public URLs that are not HTTPS (tokens and cookies would
 * cross the network in clear).
 */
function productionProblems(env: z.infer<typeof baseSchema>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const secrets: [string, string | undefined, number?][] = [
    ['MEDIA_SIGNING_SECRET', env.MEDIA_SIGNING_SECRET, 32],
    ['STRIPE_SECRET_KEY', env.STRIPE_SECRET_KEY],
    ['STRIPE_WEBHOOK_SECRET', env.STRIPE_WEBHOOK_SECRET],
    ['STRIPE_CONNECT_WEBHOOK_SECRET', env.STRIPE_CONNECT_WEBHOOK_SECRET],
    ['S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY],
    ['DATABASE_URL', urlPassword(env.DATABASE_URL)],
    ['REDIS_URL', urlPassword(env.REDIS_URL)],
    ['SMTP_URL', urlPassword(env.SMTP_URL)],
  ];
  for (const [name, value, min] of secrets) {
    const problem = value === undefined ? null : secretProblem(value, min);
    if (problem) problems.push({ path: name, message: `${name.endsWith('_URL') ? `the password in ${name}` : name} ${problem}` });
  }
  const supportProblem = supportAddressProblem(env.SUPPORT_EMAIL);
  if (supportProblem) problems.push({ path: 'SUPPORT_EMAIL', message: supportProblem });
  if (env.LOCAL_CHECKOUT) {
    problems.push({ path: 'LOCAL_CHECKOUT', message: 'the local checkout takes no money: production refuses it (use NODE_ENV=development for a demo)' });
  }
  for (const name of ['PUBLIC_API_URL', 'WEB_ORIGIN'] as const) {
    if (!env[name].startsWith('https://')) problems.push({ path: name, message: `${name} must be an https:// address in production` });
  }
  return problems;
}

export type Env = z.infer<typeof schema>;

/** Everything the api reads from its environment, parsed and typed once. */
export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly isProduction: boolean;
  readonly logLevel: Env['LOG_LEVEL'];
  readonly productName: string;
  readonly host?: string;
  readonly port: number;
  readonly publicApiUrl: string;
  readonly webOrigin: string;
  /** Express's `trust proxy`: false, the number of proxies in front, or their addresses. */
  readonly trustProxy: TrustProxy;
  /** On SIGTERM: how long requests and subscriptions may finish before they are cut. */
  readonly shutdownGraceMs: number;
  readonly dataDir: string;
  /** The word vectors' cache (prompt reading by meaning). */
  readonly wordVectorsDir: string;
  readonly database: { readonly url?: string; readonly embeddedPort: number; readonly poolMax: number };
  readonly auth: {
    /** 'embedded': the api hosts its own OpenID provider; 'external': any OIDC issuer (Auth0, Keycloak). */
    readonly mode: 'embedded' | 'external';
    readonly issuer: string;
    readonly audience: string;
    readonly clientId: string;
    /** Where the signing keys are; for an external issuer, read from its discovery document when unset. */
    readonly jwksUri?: string;
    readonly accessTokenTtlSeconds: number;
    readonly adminEmails: readonly string[];
    readonly seedDemoAccounts: boolean;
    /** The built-in provider's registration limits per network (the per-address one is fixed). */
    readonly registrationsPerNetwork: { readonly perHour: number; readonly perDay: number };
    /** Failed sign-ins per network in 15 minutes before it waits. */
    readonly signInFailuresPerNetwork: number;
    /** Password hashes computed at once. */
    readonly passwordHashConcurrency: number;
  };
  /** Whether an empty catalogue gets the synthesised demo library at start (and the landing page's sample beats). */
  readonly seedDemoLibrary: boolean;
  readonly storage:
    | { readonly kind: 'local'; readonly root: string; readonly signingSecret?: string; readonly urlTtlSeconds: number }
    | {
        readonly kind: 's3';
        readonly bucket: string;
        readonly region: string;
        readonly endpoint?: string;
        readonly forcePathStyle: boolean;
        readonly accessKeyId?: string;
        readonly secretAccessKey?: string;
        readonly urlTtlSeconds: number;
      };
  readonly redisUrl?: string;
  /** Generation jobs: how many one process runs at once; whether the api runs jobs too (Redis mode). */
  readonly jobs: {
    readonly concurrency: number;
    readonly processInApi: boolean;
    /** Redis key prefix of the queue (separate installs or test runs on one Redis). */
    readonly queuePrefix: string;
    /** How long a worker holds a job without renewing before it counts as dead (stalled). */
    readonly lockMs: number;
    /** Seed of the generator's random choices, when reproducible beats are wanted. */
    readonly seed?: number;
    /** Port of the worker's health endpoint, if any. */
    readonly workerHealthPort?: number;
  };
  /** Producers' transfers (the earnings module's payout jobs). */
  readonly payoutJobs: { readonly retryBaseMs: number; readonly maxAttempts: number; readonly leaseMs: number; readonly sweepMs: number };
  /** Render worker threads (default: one per core). */
  readonly renderThreads?: number;
  /** Limits on every GraphQL operation (graphql/limits.ts). */
  readonly graphql: GraphQLLimitSettings;
  /** Personal access tokens: requests per minute each (counted in Redis when it is configured). */
  readonly accessTokens: {
    readonly rateLimitPerMinute: number;
    /** How recent a sign-in creating or extending a personal access token needs (minutes). */
    readonly recentSignInMinutes: number;
  };
  /** Subscriptions: Stripe when its secret key is set, otherwise the local checkout. */
  readonly payments:
    | {
        readonly kind: 'stripe';
        readonly secretKey: string;
        readonly webhookSecret: string;
        /** Our plan's price_id (spec) -> Stripe's price id. */
        readonly prices: Readonly<Record<string, string>>;
        readonly apiUrl?: string;
      }
    | { readonly kind: 'local'; readonly allowedInProduction: boolean };
  /** Producers' payout accounts: Stripe Connect Express with Stripe, otherwise local payout accounts. */
  readonly payouts:
    | { readonly kind: 'stripe'; readonly secretKey: string; readonly connectWebhookSecret: string; readonly apiUrl?: string }
    | { readonly kind: 'local'; readonly allowedInProduction: boolean };
  /** Bytes each memory cache may hold (README "Memory"): samples' files, warped loops, MP3 chunks. */
  readonly caches: { readonly sampleBytes: number; readonly warpBytes: number; readonly mp3ChunkBytes: number };
  /** Per-producer upload limits, and the upload bytes one process takes in flight (per user, in all). */
  readonly uploads: {
    readonly perDay: number;
    readonly storageBytes: number;
    readonly inFlight: { readonly perUserBytes: number; readonly totalBytes: number };
  };
  /** Customer support (issue 30): the address shown and mailed, and how many contact messages are accepted. */
  readonly support: { readonly email: string; readonly messagesPerHour: number; readonly messagesPerHourPerNetwork: number };
  /** Outgoing mail: SMTP when configured, otherwise .eml files in a directory. */
  readonly mail: { readonly from: string } & ({ readonly kind: 'smtp'; readonly smtpUrl: string } | { readonly kind: 'files'; readonly dir: string });
}

const MIB = 1024 * 1024;

/** TRUST_PROXY as parsed (the schema has already refused a bad value). */
function trustProxyOf(e: Env): TrustProxy {
  const trust = parseTrustProxy(e.TRUST_PROXY, e.NODE_ENV === 'production');
  return 'value' in trust ? trust.value : false;
}
const trimSlash = (value: string) => value.replace(/\/+$/, '');

/** Thrown with every problem of the environment at once, so a bad deploy fails fast and clearly. */
export class ConfigError extends Error {}

/** Parses an environment (default: process.env) into the typed configuration. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicApiUrl = trimSlash(e.PUBLIC_API_URL);
  const external = Boolean(e.OIDC_ISSUER_URL);
  // An external issuer is kept exactly as given: Auth0's `iss` claim ends with a slash.
  const issuer = external ? e.OIDC_ISSUER_URL! : `${publicApiUrl}/oidc`;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    logLevel: e.LOG_LEVEL,
    productName: e.PRODUCT_NAME,
    host: e.HOST,
    port: e.PORT,
    publicApiUrl,
    webOrigin: trimSlash(e.WEB_ORIGIN),
    trustProxy: trustProxyOf(e),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    dataDir: resolve(e.DATA_DIR),
    wordVectorsDir: resolve(e.WORD_VECTORS_DIR ?? resolve(e.DATA_DIR, 'word-vectors')),
    database: { url: e.DATABASE_URL, embeddedPort: e.EMBEDDED_PG_PORT, poolMax: e.DB_POOL_MAX },
    auth: {
      mode: external ? 'external' : 'embedded',
      issuer,
      audience: external ? e.OIDC_AUDIENCE! : (e.API_AUDIENCE ?? publicApiUrl),
      clientId: external ? e.OIDC_CLIENT_ID! : 'ysm-web',
      jwksUri: external ? e.OIDC_JWKS_URI : `${issuer}/jwks`,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      adminEmails: e.ADMIN_EMAILS.map((m) => m.toLowerCase()),
      seedDemoAccounts: !external && (e.SEED_DEMO_ACCOUNTS ?? !isProduction),
      registrationsPerNetwork: { perHour: e.REGISTRATIONS_PER_NETWORK_PER_HOUR, perDay: e.REGISTRATIONS_PER_NETWORK_PER_DAY },
      signInFailuresPerNetwork: e.SIGN_IN_FAILURES_PER_NETWORK,
      passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    },
    seedDemoLibrary: e.SEED_DEMO_LIBRARY,
    storage:
      e.BLOB_STORE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
          }
        : {
            kind: 'local',
            root: resolve(e.DATA_DIR, 'blobs'),
            signingSecret: e.MEDIA_SIGNING_SECRET,
            urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
          },
    redisUrl: e.REDIS_URL,
    jobs: { concurrency: e.GENERATION_CONCURRENCY, processInApi: e.PROCESS_JOBS_IN_API, queuePrefix: e.QUEUE_PREFIX, lockMs: e.QUEUE_LOCK_MS, seed: e.GENERATION_SEED, workerHealthPort: e.WORKER_HEALTH_PORT },
    renderThreads: e.RENDER_THREADS,
    payoutJobs: { retryBaseMs: e.PAYOUT_RETRY_BASE_MS, maxAttempts: e.PAYOUT_MAX_ATTEMPTS, leaseMs: e.PAYOUT_LEASE_MS, sweepMs: e.PAYOUT_SWEEP_MS },
    graphql: {
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxCost: e.GRAPHQL_MAX_COST,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
      maxDirectives: e.GRAPHQL_MAX_DIRECTIVES,
      maxTokens: e.GRAPHQL_MAX_TOKENS,
      maxNodes: e.GRAPHQL_MAX_NODES,
    },
    accessTokens: { rateLimitPerMinute: e.ACCESS_TOKEN_RATE_LIMIT_PER_MINUTE, recentSignInMinutes: e.ACCESS_TOKEN_RECENT_SIGN_IN_MINUTES },
    payments: e.STRIPE_SECRET_KEY
      ? {
          kind: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          prices: { early_access: e.STRIPE_PRICE_EARLY_ACCESS!, premium: e.STRIPE_PRICE_PREMIUM!, enterprise: e.STRIPE_PRICE_ENTERPRISE! },
          apiUrl: e.STRIPE_API_URL,
        }
      : { kind: 'local', allowedInProduction: e.LOCAL_CHECKOUT },
    payouts: e.STRIPE_SECRET_KEY
      ? { kind: 'stripe', secretKey: e.STRIPE_SECRET_KEY, connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL }
      : { kind: 'local', allowedInProduction: e.LOCAL_CHECKOUT },
    caches: { sampleBytes: e.SAMPLE_CACHE_MB * MIB, warpBytes: e.WARP_CACHE_MB * MIB, mp3ChunkBytes: e.MP3_CHUNK_CACHE_MB * MIB },
    uploads: {
      perDay: e.UPLOADS_PER_DAY,
      storageBytes: e.UPLOAD_STORAGE_BYTES,
      inFlight: { perUserBytes: e.UPLOADS_IN_FLIGHT_PER_USER_BYTES, totalBytes: Math.max(e.UPLOADS_IN_FLIGHT_TOTAL_BYTES, e.UPLOADS_IN_FLIGHT_PER_USER_BYTES) },
    },
    support: { email: e.SUPPORT_EMAIL ?? DEV_SUPPORT_EMAIL, messagesPerHour: e.SUPPORT_MESSAGES_PER_HOUR, messagesPerHourPerNetwork: e.SUPPORT_MESSAGES_PER_HOUR_PER_NETWORK },
    mail: {
      from: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@localhost>`,
      ...(e.SMTP_URL ? { kind: 'smtp' as const, smtpUrl: e.SMTP_URL } : { kind: 'files' as const, dir: resolve(e.MAIL_DIR ?? resolve(e.DATA_DIR, 'mail')) }),
    },
  };
}
