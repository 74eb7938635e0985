import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './platform/logging/logger';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded-postgres';
import { createApp } from './app';
import { seedDemoAccounts } from './modules/accounts/seed-demo-accounts';
import { demoSeedingNeeded, refreshDemoProducers, seedDemoLibrary } from './modules/catalog/demo-seeder';

/** Starts the api: config -> database -> app -> listen; drains everything on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  if (!config.database.url) embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, logger);
  const databaseUrl = config.database.url ?? embedded!.url;

  let app;
  try {
    app = await createApp({ config, logger, databaseUrl });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  if (config.auth.seedDemoAccounts) await seedDemoAccounts(app.services.accounts, config.dataDir, logger);
  const port = await app.listen();
  logger.info({ url: config.publicApiUrl, port, auth: config.auth.mode, issuer: config.auth.issuer }, 'api listening');
  // A fresh install ships a synthesised demo library (in the background, batch by batch: the api
  // answers meanwhile); a start after one that stopped part-way resumes it. The landing page's
  // sample beats are rendered from the catalogue once it has samples.
  const seeding = config.seedDemoLibrary ? await demoSeedingNeeded(app.orm) : null;
  if (!config.seedDemoLibrary) {
    logger.info('demo library: not seeded (SEED_DEMO_LIBRARY=false)');
  } else if (seeding) {
    if (seeding === 'resume') logger.info('demo library: resuming a seeding that stopped part-way');
    seedDemoLibrary({ orm: app.orm, blobs: app.blobs, logger, dataDir: config.dataDir, ensureProducers: (em, producers) => app.services.producers.ensureSystemProducers(em, producers) }).then(
      () => app.services.showcase.ensureInBackground(),
      (error: unknown) => logger.error({ err: error }, 'demo library: seeding failed'),
    );
  } else {
    // An install seeded before: its demo producers get today's settings (they sell exclusives).
    await refreshDemoProducers(app.orm, (em, producers) => app.services.producers.ensureSystemProducers(em, producers)).catch((error: unknown) =>
      logger.error({ err: error }, 'demo library: refreshing the demo producers failed'),
    );
    app.services.showcase.ensureInBackground();
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Requests and subscriptions get the grace period; closing the rest gets 10 s more.
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000);
    force.unref();
    try {
      await app.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
