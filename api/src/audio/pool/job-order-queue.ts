/**
 * The render pool's waiting tasks, served job by job: the next task is the earliest-arrived job's
 * (foreground jobs in arrival order, then background jobs in arrival order), and within a job the
 * task queued first. A later job's tasks only run when every earlier job has none waiting (its
 * main-thread step between two tasks, or fewer tasks than workers), so the k-th of n simultaneous
 * jobs finishes after about k jobs' work, not n.
 *
 * Work several jobs share (a warped loop, an encoded MP3 chunk) runs once, queued by the first job
 * that asked: a later job that waits for it lends it its own rank when that is earlier, so a
 * listener's beat never waits behind a background job's warp of the same loop.
 */

/** Where a job stands in the order: smaller runs first. */
export type JobRank = number;

/** Background jobs rank after every foreground job (job ids stay far below this). */
const BACKGROUND_RANK_OFFSET = 2 ** 40;

/** The rank of a job: its arrival order, background jobs after all foreground ones. */
export function jobRank(jobId: number, background: boolean): JobRank {
  return background ? BACKGROUND_RANK_OFFSET + jobId : jobId;
}

export interface QueuedTask {
  /** Arrival order of the task, the tie-break within a rank. */
  readonly id: number;
  readonly jobId: number;
  /** The job's rank, or an earlier one lent by a job waiting for the same shared work. */
  rank: JobRank;
  /** Names the shared work this task computes (a cache key), when other jobs may wait for it. */
  readonly shareKey?: string;
}

export class JobOrderQueue<T extends QueuedTask> {
  private readonly tasks: T[] = [];
  /** The earliest rank of the jobs waiting for each shared computation, while it is pending. */
  private readonly lent = new Map<string, JobRank>();

  get length(): number {
    return this.tasks.length;
  }

  push(task: T): void {
    const lent = task.shareKey === undefined ? undefined : this.lent.get(task.shareKey);
    if (lent !== undefined && lent < task.rank) task.rank = lent;
    this.tasks.push(task);
  }

  /** Removes and returns the task to run next, or undefined when none waits. */
  take(): T | undefined {
    if (this.tasks.length === 0) return undefined;
    let best = 0;
    for (let i = 1; i < this.tasks.length; i++) {
      const task = this.tasks[i];
      const chosen = this.tasks[best];
      if (task.rank < chosen.rank || (task.rank === chosen.rank && task.id < chosen.id)) best = i;
    }
    return this.tasks.splice(best, 1)[0];
  }

  /**
   * A job of `rank` waits for the shared work `shareKey` (queued now or later by another job): that
   * work runs no later than this job's own tasks would.
   */
  lend(shareKey: string, rank: JobRank): void {
    const current = this.lent.get(shareKey);
    if (current === undefined || rank < current) this.lent.set(shareKey, rank);
    for (const task of this.tasks) if (task.shareKey === shareKey && rank < task.rank) task.rank = rank;
  }

  /** The shared work `shareKey` is no longer pending (done, failed or dropped). */
  settled(shareKey: string): void {
    this.lent.delete(shareKey);
  }

  /** Removes and returns every waiting task of a job. */
  removeJob(jobId: number): T[] {
    const removed = this.tasks.filter((task) => task.jobId === jobId);
    if (removed.length) this.tasks.splice(0, this.tasks.length, ...this.tasks.filter((task) => task.jobId !== jobId));
    return removed;
  }

  /** Removes and returns every waiting task. */
  clear(): T[] {
    return this.tasks.splice(0);
  }
}
