import 'reflect-metadata';
import { createServer } from 'node:http';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './platform/logging/logger';
import { createCore } from './core';

/**
 * The scale-out generation worker: takes jobs from the Redis queue and renders them, on any number
 * of hosts (`node api/dist/worker.js`, or the `worker` service of docker-compose.yml). It needs the
 * shared PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and blob store of the api instances.
 */
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
  if (!config.redisUrl || !config.database.url) {
    console.error('The worker needs REDIS_URL and DATABASE_URL (the embedded set-up runs jobs inside the api).');
    process.exit(2);
  }
  const logger = createLogger(config.logLevel, 'worker');
  const core = await createCore({ config, logger, databaseUrl: config.database.url, processJobs: true });
  logger.info({ concurrency: config.jobs.concurrency }, 'generation worker started');
  // The container's healthcheck: 200 while the worker runs and reaches PostgreSQL, 503 otherwise.
  // /caches: the memory caches' counters (bytes, entries, hits, misses, evictions), for operators and
  // the workers bench. The port is the container's own, never published.
  const health = config.jobs.workerHealthPort
    ? createServer((req, res) => {
        if (req.url === '/caches') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(core.cacheStats()));
        if (req.url !== '/healthz') return void res.writeHead(404).end();
        core.orm.em.fork().getConnection().execute('SELECT 1').then(
          () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","database":"ok"}'),
          () => res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"error","database":"unavailable"}'),
        );
      }).listen(config.jobs.workerHealthPort)
    : undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down: finishing running jobs');
    setTimeout(() => process.exit(1), 60_000).unref();
    health?.close();
    await core.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
