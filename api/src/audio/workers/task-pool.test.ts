import { join } from 'node:path';
import { TaskPool } from './task-pool';

const FIXTURE = join(__dirname, 'fixture.worker');
type Task = { value: number; fail?: 'throw' | 'crash' };
type Result = { square: number; thread: number };

describe('TaskPool', () => {
  let pool: TaskPool<Task, Result>;
  beforeEach(() => (pool = new TaskPool<Task, Result>(FIXTURE, 2)));
  afterEach(() => pool.close());

  it('runs tasks on several threads and returns each result to its caller', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((value) => pool.run({ value })));
    expect(results.map((r) => r.square)).toEqual([1, 4, 9, 16, 25, 36]);
    expect(new Set(results.map((r) => r.thread)).size).toBe(2);
  });

  it('rejects a task that throws and keeps serving', async () => {
    await expect(pool.run({ value: 7, fail: 'throw' })).rejects.toThrow('refused 7');
    expect((await pool.run({ value: 3 })).square).toBe(9);
  });

  it('replaces a worker that crashes', async () => {
    await expect(pool.run({ value: 1, fail: 'crash' })).rejects.toThrow(/exited with code 3/);
    const results = await Promise.all([pool.run({ value: 2 }), pool.run({ value: 3 })]);
    expect(results.map((r) => r.square)).toEqual([4, 9]);
  });

  it('refuses work once closed', async () => {
    await pool.close();
    await expect(pool.run({ value: 1 })).rejects.toThrow('closed');
  });
});
