import { Queue, Worker } from 'bullmq';
import type { Logger } from '../logging/logger';
import type { JobAbandoned, JobHandler, JobQueue } from './job-queue';


const connectionOf = (url: string) => {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
};

export interface BullQueueOptions {
  readonly redisUrl: string;
  readonly concurrency: number;
  readonly logger: Logger;
  /** Lock time of a running job; a worker that stops renewing it (killed) makes the job stalled. */
  readonly lockDurationMs?: number;
  /** How often a job may stall (its worker died) before the queue gives up on it. */
  readonly maxStalledCount?: number;
  readonly prefix?: string;
  /** The queue's name (default: generation). */
  readonly name?: string;
  /**
   * Whether our job id is BullMQ's (default true: enqueuing a job twice adds it once). Jobs that are
   * enqueued again on purpose (payout retries and sweeps, whose rows decide what runs) set false.
   */
  readonly dedupe?: boolean;
}

/**
 * The scale-out queue: BullMQ on Redis. Any api instance enqueues, any number of worker processes
 * (`worker.ts`) run jobs. A job whose worker dies is taken again by another worker once its lock
 * expires, up to `maxStalledCount` times; then the queue gives up and `onAbandoned` is told.
 */
export function createBullQueue(options: BullQueueOptions): JobQueue {
  const connection = connectionOf(options.redisUrl);
  const prefix = options.prefix ?? 'ysm';
  const QUEUE = options.name ?? 'generation';
  const dedupe = options.dedupe ?? true;
  const queue = new Queue(QUEUE, { connection, prefix });
  let worker: Worker | undefined;
  return {
    enqueue: async (jobId, enqueueOptions) => {
      // Our job id is the BullMQ job id (unless dedupe is off): enqueuing the same job twice adds it once.
      await queue.add(options.name ?? 'generate', { jobId }, {
        ...(dedupe ? { jobId } : {}),
        delay: enqueueOptions?.delayMs,
        attempts: 1,
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    process: (handler: JobHandler, onAbandoned: JobAbandoned) => {
      worker = new Worker(QUEUE, async (job) => handler((job.data as { jobId: string }).jobId), {
        connection,
        prefix,
        concurrency: options.concurrency,
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: Math.min(30_000, options.lockDurationMs ?? 30_000),
        maxStalledCount: options.maxStalledCount ?? 1,
      });
      worker.on('failed', (job, error) => {
        if (!job) return;
        // The handler records its own failures; a job that failed without it (stalled too often) is abandoned here.
        if (/stalled/i.test(error.message)) {
          onAbandoned((job.data as { jobId: string }).jobId, error.message).catch((e: unknown) =>
            options.logger.error({ err: e, jobId: job.id }, 'abandoned job not recorded'),
          );
        }
      });
      worker.on('error', (error) => options.logger.warn({ err: error }, 'queue worker error'));
    },
    close: async () => {
      await worker?.close();
      await queue.close();
    },
  };
}
