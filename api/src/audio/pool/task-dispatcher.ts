import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start-worker';
import type { WorkerTask } from './render-job';
import { JobOrderQueue, type JobRank, type QueuedTask } from './job-order-queue';

/** Progress notes a worker sends before a task's answer. */
export type TaskProgressListener = (note: string, data?: unknown) => void;

export interface TaskOptions {
  readonly onProgress?: TaskProgressListener;
  /** Names the shared work the task computes (a cache key), which other jobs may wait for. */
  readonly shareKey?: string;
}

interface PoolTask extends QueuedTask {
  readonly task: WorkerTask;
  readonly onProgress?: TaskProgressListener;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** What a render worker posts: a task's progress note (with data), its result, or its error. */
interface WorkerMessage {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: string;
  readonly progress?: string;
  readonly data?: unknown;
}

interface Slot {
  readonly worker: Worker;
  running?: PoolTask;
  /** Being stopped (its job was aborted): takes no more tasks; a new worker replaces it on exit. */
  retiring?: boolean;
}

/** Why a task of a job stopped: its job was aborted (timed out). Another job sharing the task retries. */
export class JobAborted extends Error {
  constructor(readonly jobId: number, message: string) {
    super(message);
  }
}

/**
 * The render pool's worker threads and the tasks waiting for them: one slot per worker, each
 * running at most one task; a freed slot takes the next task in job order (JobOrderQueue). A task
 * that throws fails alone and leaves its worker running; a worker that dies fails its task and is
 * replaced in its slot. It knows jobs only by id and rank: what a job is, is the pool's business.
 */
export class TaskDispatcher {
  private readonly slots: Slot[] = [];
  private readonly queue = new JobOrderQueue<PoolTask>();
  private nextTaskId = 1;
  private closed = false;

  constructor(readonly size: number, private readonly workerModule: string) {
    for (let i = 0; i < size; i++) this.spawn(i);
  }

  /** Thread ids of the current workers (they change when a worker is replaced). */
  threadIds(): number[] {
    return this.slots.map((slot) => slot.worker.threadId);
  }

  /** Queues a task of job `jobId` at `rank`; settles with the worker's answer. */
  run<T>(jobId: number, rank: JobRank, task: WorkerTask, options: TaskOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error('Render pool is closed'));
    return new Promise<T>((resolve, reject) => {
      const { onProgress, shareKey } = options;
      this.queue.push({ id: this.nextTaskId++, jobId, rank, shareKey, task, onProgress, resolve: (result) => resolve(result as T), reject });
      this.dispatch();
    });
  }

  /** A job of `rank` waits for the shared work `shareKey`: see JobOrderQueue.lend. */
  lend(shareKey: string, rank: JobRank): void {
    this.queue.lend(shareKey, rank);
  }

  /** The shared work `shareKey` is no longer pending. */
  settled(shareKey: string): void {
    this.queue.settled(shareKey);
  }

  /** Fails every task of a job with `error()`: queued ones are dropped, running ones lose their worker (which is replaced). */
  abortJob(jobId: number, error: () => Error): void {
    for (const task of this.queue.removeJob(jobId)) task.reject(error());
    for (const slot of this.slots) {
      if (slot.running?.jobId !== jobId) continue;
      // The task fails now, not when the thread is gone: its job and any job sharing it move on.
      slot.retiring = true;
      this.finishRunning(slot, error());
      void slot.worker.terminate();
    }
  }

  /** Stops the workers; tasks still queued or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.clear()) task.reject(new Error('Render pool is closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(index: number): void {
    const slot: Slot = { worker: startWorker(this.workerModule) };
    this.slots[index] = slot;
    slot.worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    slot.worker.on('error', (error) => this.finishRunning(slot, new Error(`Render worker failed: ${error.message}`)));
    slot.worker.on('exit', (code) => {
      this.finishRunning(slot, new Error(`Render worker stopped (exit code ${code})`));
      if (!this.closed && this.slots[index] === slot) {
        this.spawn(index);
        this.dispatch();
      }
    });
  }

  private finishRunning(slot: Slot, error: Error): void {
    const task = slot.running;
    slot.running = undefined;
    task?.reject(error);
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    const task = slot.running;
    if (!task || task.id !== message.id) return;
    if (message.progress !== undefined) {
      task.onProgress?.(message.progress, message.data);
      return;
    }
    slot.running = undefined;
    if (message.error !== undefined) task.reject(new Error(message.error));
    else task.resolve(message.result);
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot || slot.running || slot.retiring) continue;
      // The earliest job's task first (background jobs last): see JobOrderQueue.
      const task = this.queue.take()!;
      slot.running = task;
      slot.worker.postMessage({ id: task.id, task: task.task });
    }
  }
}
