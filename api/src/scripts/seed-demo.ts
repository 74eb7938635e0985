/**
 * (Re)builds the synthesised demo library: `npm run seed:demo`. Renders what the cache under
 * <DATA_DIR>/demo-library lacks and replaces the catalogue's demo rows; uploads are kept. Uses
 * DATABASE_URL, else the embedded PostgreSQL (the running one, or starts it for the moment).
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { loadConfig } from '../config';
import { createCore } from '../core';
import { createLogger } from '../platform/logging/logger';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/db/embedded-postgres';
import { seedDemoLibrary } from '../modules/catalog/demo-seeder';

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
  const config = loadConfig();
  const logger = createLogger('info');
  let embedded: EmbeddedDatabase | undefined;
  let url = config.database.url ?? `postgres://postgres:postgres@127.0.0.1:${config.database.embeddedPort}/ysm`;
  if (!config.database.url && !(await reachable(url))) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, logger);
    url = embedded.url;
  }
  const core = await createCore({ config, logger, databaseUrl: url, processJobs: false });
  try {
    const result = await seedDemoLibrary({ orm: core.orm, blobs: core.blobs, logger, dataDir: config.dataDir, ensureProducers: (em, producers) => core.services.producers.ensureSystemProducers(em, producers) });
    console.log(`Demo library: ${result.compositions} compositions (${result.stems} stems), ${result.drumLoops} drum loops (${result.rendered} rendered now) in ${(result.ms / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await core.close();
    await embedded?.stop();
  }
}

main().then((code) => process.exit(code), (error) => { console.error(error); process.exit(1); });
