import type { LoopCache } from '../cache/loop-cache';
import type { WorkerTask } from './render-job';
import { jobRank, type JobRank } from './job-order-queue';
import { JobAborted, type TaskDispatcher, type TaskOptions } from './task-dispatcher';

/** A job the pool is running: its rank in the queue, and how to fail it from outside (timeout). */
export interface ActiveJob {
  readonly rank: JobRank;
  readonly fail: (error: Error) => void;
}

/**
 * One render job's handle on the workers: its tasks queue at the job's rank, and work several jobs
 * may share (a warped loop, an encoded MP3 chunk) runs once through a cache. The units of a job
 * (loop warps, stems, MP3 chunks, the WAV master) take this handle, not the pool.
 */
export class PoolJob {
  constructor(
    readonly id: number,
    private readonly dispatcher: TaskDispatcher,
    private readonly active: ReadonlyMap<number, ActiveJob>,
  ) {}

  /** The workers' count: encodes split into at least this many pieces. */
  get workers(): number {
    return this.dispatcher.size;
  }

  /** Queues a task of this job (at the job's rank; a foreground rank once the job has settled). */
  run<T>(task: WorkerTask, options: TaskOptions = {}): Promise<T> {
    const rank = this.active.get(this.id)?.rank ?? jobRank(this.id, false);
    return this.dispatcher.run<T>(this.id, rank, task, options);
  }

  /**
   * A cached value, or computed on a worker now (and cached). Jobs asking for one key at once share
   * one computation, which runs at the earliest of their ranks (`shareKey` names it in the queue);
   * when another job's timeout stopped it, this job computes it again.
   */
  async shared<V extends object>(store: LoopCache<V>, key: string, shareKey: string, create: () => Promise<V>): Promise<V> {
    for (;;) {
      const rank = this.active.get(this.id)?.rank;
      if (rank !== undefined) this.dispatcher.lend(shareKey, rank);
      try {
        return await store.getOrCreate(key, create);
      } catch (error) {
        if (error instanceof JobAborted && error.jobId !== this.id && this.active.has(this.id)) continue;
        throw error;
      } finally {
        this.dispatcher.settled(shareKey);
      }
    }
  }
}
