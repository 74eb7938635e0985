/** Test fixture: a generation worker (the core, taking jobs) in its own thread, so a test can kill it. */
import 'reflect-metadata';
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/platform/logging/logger';
import { createCore } from '../../src/core';

const { env, databaseUrl } = workerData as { env: Record<string, string>; databaseUrl: string };
createCore({ config: loadConfig(env), logger: createLogger('silent'), databaseUrl, processJobs: true }).then(
  () => parentPort!.postMessage({ ready: true }),
  (error: Error) => parentPort!.postMessage({ error: error.message }),
);
