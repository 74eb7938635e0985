/**
 * Fingerprints the beats stored before landmark fingerprints existed:
 * `npm run landmarks:backfill -w api [-- --limit N]`. Resumable: the landmark sets written so far are
 * the progress, so a run stopped (Ctrl-C finishes the beat in hand) or crashed goes on where it was,
 * and several runs at once never fingerprint a beat twice. Uses DATABASE_URL, else the embedded
 * PostgreSQL (the running one, or starts it for the moment), and the configured blob store.
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config';
import { createLogger } from '../platform/logging/logger';
import { ormConfig } from '../platform/db/orm';
import { ENTITIES } from '../entities';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/db/embedded-postgres';
import { createBlobStore } from '../platform/storage/create-blob-store';
import { ContentIdService } from '../modules/content-id';

async function reachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const limitAt = process.argv.indexOf('--limit');
  const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : undefined;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    console.error('usage: npm run landmarks:backfill -w api [-- --limit <beats>]');
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.database.url ?? `postgres://postgres:postgres@127.0.0.1:${config.database.embeddedPort}/ysm`;
  if (!config.database.url && !(await reachable(url))) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, logger);
    url = embedded.url;
  }
  const orm = await MikroORM.init(ormConfig(url, ENTITIES));
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    const storage = config.storage;
    const blobs = createBlobStore(
      storage.kind === 'local'
        ? { kind: 'local', root: storage.root, publicBaseUrl: config.publicApiUrl, signingSecret: storage.signingSecret ?? 'landmarks-backfill-reads-only-no-links-are-signed' }
        : storage,
    );
    const started = performance.now();
    const report = await new ContentIdService({ orm, blobs, logger }).backfill({ limit, signal: stop.signal });
    console.log(`landmarks:backfill: ${report.fingerprinted} beats fingerprinted in ${((performance.now() - started) / 1000).toFixed(1)} s, ${report.failed} failed (logged), ${report.remaining} left.`);
    return report.failed ? 1 : 0;
  } finally {
    await orm.close(true);
    await embedded?.stop();
  }
}

main().then((code) => process.exit(code), (error) => { console.error(error); process.exit(1); });
