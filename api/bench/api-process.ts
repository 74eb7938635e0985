import 'reflect-metadata';
import { loadConfig } from '../src/config';
import { createApp } from '../src/app';
import { createLogger } from '../src/platform/logging/logger';
import { loadLexicon } from '../src/modules/beats/prompt/load-lexicon';
import { seedBenchCatalogue } from './bench-catalogue';

/**
 * The api as its own process for the load and soak benches (bench/load-server.ts starts it): what
 * main.ts does, against the database and data directory it is given, without the demo library's
 * background seeding and the landing page's sample beats, whose renders would run under the load.
 * BENCH_SEED_CACHE_DIR seeds the demo library (from that render cache) before listening, so
 * generations have a catalogue. Tells the parent its port over IPC; SIGTERM drains and exits.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // The word vectors are distilled once per cache directory, on the main thread: before listening,
  // not under the load.
  await loadLexicon(config.wordVectorsDir);
  const app = await createApp({ config, logger, databaseUrl: config.database.url! });
  const cacheDir = process.env.BENCH_SEED_CACHE_DIR;
  const seeded = cacheDir ? await seedBenchCatalogue(app, cacheDir) : undefined;
  const port = await app.listen();
  process.send?.({ ready: true, port, seeded });
  // The soak asks where the memory is: V8's heap, or outside it (buffers, SharedArrayBuffers, native).
  process.on('message', (message: unknown) => {
    if (message === 'memory') process.send?.({ memory: process.memoryUsage(), caches: app.cacheStats() });
  });
  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    void app.close().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
