/** What runs a job: resolves when done; a thrown error means the job failed for good. */
export type JobHandler = (jobId: string) => Promise<void>;
/** Called when the queue itself gives up on a job (e.g. its worker died too often). */
export type JobAbandoned = (jobId: string, reason: string) => Promise<void>;

/**
 * Where generation jobs wait for a worker. The job's state lives in the database; the queue only
 * carries its id, so any process can enqueue and any worker can run it.
 */
export interface EnqueueOptions {
  /** Runs the job no sooner than this (a retry's backoff). */
  readonly delayMs?: number;
}

export interface JobQueue {
  enqueue(jobId: string, options?: EnqueueOptions): Promise<void>;
  /** Starts taking jobs in this process. */
  process(handler: JobHandler, onAbandoned: JobAbandoned): void;
  close(): Promise<void>;
}

/**
 * The embedded default: jobs run in this process, at most `concurrency` at once (rendering itself
 * runs on the worker-thread pool, so this bounds memory and keeps order fair).
 */
export function createInProcessQueue(concurrency: number): JobQueue {
  const waiting: string[] = [];
  let running = 0;
  let handler: JobHandler | undefined;
  let closed = false;
  const idle: (() => void)[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const pump = () => {
    while (handler && !closed && running < concurrency && waiting.length) {
      const jobId = waiting.shift()!;
      running++;
      handler(jobId)
        .catch(() => undefined) // the handler records its own failures
        .finally(() => {
          running--;
          if (running === 0 && !waiting.length) idle.splice(0).forEach((resolve) => resolve());
          pump();
        });
    }
  };

  return {
    enqueue: async (jobId, options) => {
      if (closed) throw new Error('The job queue is closed.');
      if (options?.delayMs && options.delayMs > 0) {
        // A delayed job lives only in this process: its state in the database (a sweep) outlives a restart.
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (closed) return;
          waiting.push(jobId);
          pump();
        }, options.delayMs);
        timer.unref();
        timers.add(timer);
        return;
      }
      waiting.push(jobId);
      pump();
    },
    process: (h) => {
      handler = h;
      pump();
    },
    close: async () => {
      closed = true;
      waiting.length = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
