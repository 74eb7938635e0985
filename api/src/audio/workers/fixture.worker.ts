/** A worker for the task pool's own tests: squares numbers, throws on request, or crashes. */
import { threadId } from 'node:worker_threads';
import { serveTasks } from './serve-tasks';

serveTasks<{ value: number; fail?: 'throw' | 'crash' }, { square: number; thread: number }>((task) => {
  if (task.fail === 'throw') throw new Error(`refused ${task.value}`);
  if (task.fail === 'crash') process.exit(3);
  const started = Date.now();
  while (Date.now() - started < 30) {
    /* busy: lets the test see two tasks run at once on two threads */
  }
  return { result: { square: task.value * task.value, thread: threadId } };
});
