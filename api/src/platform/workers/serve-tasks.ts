import { parentPort } from 'node:worker_threads';

/** Inside a worker module: answers the pool's `{ id, task }` messages with `handle(task)`. */
export function serveTasks<T, R>(handle: (task: T) => Promise<{ result: R; transfer?: ArrayBuffer[] }> | { result: R; transfer?: ArrayBuffer[] }): void {
  if (!parentPort) throw new Error('serveTasks must run inside a worker thread');
  const port = parentPort;
  port.on('message', async ({ id, task }: { id: number; task: T }) => {
    try {
      const { result, transfer } = await handle(task);
      port.postMessage({ id, result }, transfer ?? []);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
