import { parentPort } from 'node:worker_threads';

/**
 * Tells the pool how far a task has come (a note it passes on) before the task's answer, with data
 * for the pool to act on early (posted as a message: SharedArrayBuffers in it are shared, not copied).
 */
export type TaskProgress = (note: string, data?: unknown) => void;

/**
 * Inside a worker module: answers the pool's `{ id, task }` messages with `handle(task)`; notes the
 * handler reports on the way go out as `{ id, progress, data }`.
 */
export function serveTasks<T, R>(
  handle: (task: T, progress: TaskProgress) => Promise<{ result: R; transfer?: ArrayBuffer[] }> | { result: R; transfer?: ArrayBuffer[] },
): void {
  if (!parentPort) throw new Error('serveTasks must run inside a worker thread');
  const port = parentPort;
  const answer = async ({ id, task }: { id: number; task: T }) => {
    try {
      const { result, transfer } = await handle(task, (progress, data) => port.postMessage({ id, progress, data }));
      port.postMessage({ id, result }, transfer ?? []);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  };
  // Tasks run concurrently; each answer reports its own failure to the pool, so none is awaited here.
  port.on('message', (message: { id: number; task: T }) => void answer(message));
}
