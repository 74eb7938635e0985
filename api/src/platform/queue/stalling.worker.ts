/**
 * Test fixture: a queue worker in its own thread that takes a job and never finishes it, so the
 * test can kill the thread mid-job the way a crashed worker process dies.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '../logging/logger';
import { createBullQueue } from './bullmq-queue';

const { redisUrl, prefix } = workerData as { redisUrl: string; prefix: string };
const queue = createBullQueue({ redisUrl, prefix, concurrency: 1, logger: createLogger('silent'), lockDurationMs: 1000 });
queue.process(async (jobId) => {
  parentPort!.postMessage({ started: jobId });
  await new Promise(() => undefined);
}, async () => undefined);
