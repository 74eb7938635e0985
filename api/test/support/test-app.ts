import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config';
import { createApp, type App, type AppOptions } from '../../src/app';
import { createLogger } from '../../src/platform/logging/logger';
import type { DestinationStream } from 'pino';
import { createTestDatabase, type TestDatabase } from './test-database';
import { freePort } from '../../src/platform/net/free-port';

export interface TestApp {
  readonly app: App;
  readonly config: Config;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly dataDir: string;
  /** The environment the app was configured from (a second process of the same install reuses it). */
  readonly env: Record<string, string>;
  readonly databaseUrl: string;
  close(): Promise<void>;
}

/** What the client helpers need of a server under test: its address and configuration (a test app, or an api process of the topology). */
export type ApiUnderTest = Pick<TestApp, 'url' | 'config'>;

/**
 * What a production install must set (config.ts refuses placeholders, the local checkout and plain
 * http): for suites that start the api with NODE_ENV=production. Stripe points at a closed port, so
 * nothing in such a suite may take a payment; the https addresses are never called by the suite.
 */
export const PRODUCTION_TEST_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  PUBLIC_API_URL: 'https://api.example.test',
  WEB_ORIGIN: 'https://app.example.test',
  MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
  STRIPE_PRICE_EARLY_ACCESS: 'price_early_access',
  STRIPE_PRICE_PREMIUM: 'price_premium',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  SUPPORT_EMAIL: 'help@beats-support.co',
};

/**
 * The whole api, as `npm start` builds it, on its own database and data directory, listening on a
 * free port of 127.0.0.1. Every suite starts one in beforeAll and closes it in afterAll.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  wiring: Pick<AppOptions, 'licenceFiles' | 'mailOutbox' | 'orders'> & {
    readonly logDestination?: DestinationStream;
    /** The address the app reaches its database by (a fault-injecting proxy's), given the database's own. */
    readonly databaseRoute?: (databaseUrl: string) => string;
  } = {},
): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'ysm-test-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const appEnv: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_API_URL: url,
    WEB_ORIGIN: 'http://localhost:5173',
    DATA_DIR: dataDir,
    // One distilled copy of the word vectors per machine, not one per test app.
    WORD_VECTORS_DIR: join(tmpdir(), 'ysm-test-word-vectors'),
    DATABASE_URL: wiring.databaseRoute?.(database.url) ?? database.url,
    // A suite's close() waits for open subscriptions at most this long (production: 25 s).
    SHUTDOWN_GRACE_MS: '5000',
    // Every test user registers from 127.0.0.1; the registration throttle's own tests set their limits.
    REGISTRATIONS_PER_NETWORK_PER_HOUR: '100000',
    REGISTRATIONS_PER_NETWORK_PER_DAY: '100000',
    ...env,
  };
  const config = loadConfig(appEnv);
  const { logDestination, databaseRoute: _route, ...modules } = wiring;
  const app = await createApp({ config, logger: createLogger(config.logLevel, 'api', logDestination), databaseUrl: appEnv.DATABASE_URL, ...modules });
  await app.listen();
  return {
    app,
    config,
    url,
    dataDir,
    env: appEnv,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another api instance of the same install (same database, data directory, issuer and Redis) on its
 * own port, as a second process behind a load balancer would be. Closing it leaves the first alone.
 */
export async function startSecondInstance(first: TestApp): Promise<{ readonly app: App; readonly url: string; close(): Promise<void> }> {
  const port = await freePort();
  const config = loadConfig({ ...first.env, PORT: String(port) });
  const app = await createApp({ config, logger: createLogger(config.logLevel), databaseUrl: first.databaseUrl });
  await app.listen();
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
