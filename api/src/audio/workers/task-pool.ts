import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from './start-worker';

interface Pending<R> {
  resolve(result: R): void;
  reject(error: Error): void;
}

/**
 * A small pool of worker threads running one kind of task: each worker module answers
 * `{ id, task }` messages with `{ id, result }` or `{ id, error }` (see `serveTasks`). Tasks queue
 * when every worker is busy; a crashed worker fails its task and is replaced.
 */
export class TaskPool<T, R> {
  private readonly idle: Worker[] = [];
  private readonly queue: { task: T; transfer?: ArrayBuffer[]; pending: Pending<R> }[] = [];
  private readonly running = new Map<Worker, { id: number; pending: Pending<R> }>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly modulePath: string,
    readonly size = Math.max(1, availableParallelism()),
  ) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  run(task: T, transfer?: ArrayBuffer[]): Promise<R> {
    if (this.closed) return Promise.reject(new Error('The task pool is closed.'));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ task, transfer, pending: { resolve, reject } });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { pending } of this.queue.splice(0)) pending.reject(new Error('The task pool is closed.'));
    const workers = [...this.idle, ...this.running.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const worker = startWorker(this.modulePath);
    worker.unref();
    worker.on('message', (message: { id: number; result?: R; error?: string; progress?: string }) => {
      const job = this.running.get(worker);
      if (!job || job.id !== message.id || message.progress !== undefined) return;
      this.running.delete(worker);
      this.idle.push(worker);
      if (message.error !== undefined) job.pending.reject(new Error(message.error));
      else job.pending.resolve(message.result as R);
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(worker, error));
    worker.on('exit', (code) => {
      if (!this.closed && code !== 0) this.replace(worker, new Error(`A worker exited with code ${code}.`));
    });
    return worker;
  }

  private replace(worker: Worker, error: Error): void {
    const job = this.running.get(worker);
    this.running.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    job?.pending.reject(error);
    if (!this.closed) {
      this.idle.push(this.spawn());
      this.dispatch();
    }
  }

  private dispatch(): void {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.pop()!;
      const { task, transfer, pending } = this.queue.shift()!;
      const id = this.nextId++;
      this.running.set(worker, { id, pending });
      worker.postMessage({ id, task }, transfer ?? []);
    }
  }
}
