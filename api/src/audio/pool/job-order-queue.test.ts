import { JobOrderQueue, jobRank, type QueuedTask } from './job-order-queue';

describe('JobOrderQueue', () => {
  let nextId = 1;
  const task = (jobId: number, background = false, shareKey?: string): QueuedTask & { name: string } => ({
    id: nextId++, jobId, rank: jobRank(jobId, background), shareKey, name: `${background ? 'bg' : 'job'}${jobId}#${nextId - 1}`,
  });
  const drain = (queue: JobOrderQueue<QueuedTask & { name: string }>) => {
    const names: string[] = [];
    for (let t = queue.take(); t; t = queue.take()) names.push(t.name);
    return names;
  };

  it('serves the earliest job first, its tasks in the order they came, background jobs last', () => {
    const queue = new JobOrderQueue<QueuedTask & { name: string }>();
    nextId = 1;
    // Interleaved arrivals: a task-level FIFO would run them in this order.
    for (const t of [task(1, true), task(2), task(3), task(2), task(3), task(4, true), task(2)]) queue.push(t);
    expect(drain(queue)).toEqual(['job2#2', 'job2#4', 'job2#7', 'job3#3', 'job3#5', 'bg1#1', 'bg4#6']);
  });

  it('runs shared work at the rank of the earliest job waiting for it, queued before or after it waits', () => {
    const queue = new JobOrderQueue<QueuedTask & { name: string }>();
    nextId = 1;
    queue.push(task(1, true, 'loop:a'));
    queue.push(task(2));
    queue.push(task(3));
    // Job 3 waits for the background job's warp of loop a: it now runs with job 3's rank.
    queue.lend('loop:a', jobRank(3, false));
    // Job 3 also waits for loop b, which the background job has not queued yet.
    queue.lend('loop:b', jobRank(3, false));
    queue.push(task(1, true, 'loop:b'));
    queue.push(task(1, true));
    expect(drain(queue)).toEqual(['job2#2', 'bg1#1', 'job3#3', 'bg1#4', 'bg1#5']);
    // Once settled, a new computation of the key keeps its own job's rank.
    queue.settled('loop:b');
    queue.push(task(5));
    queue.push(task(1, true, 'loop:b'));
    expect(drain(queue)).toEqual(['job5#6', 'bg1#7']);
  });

  it('removes one job\'s waiting tasks, and all of them', () => {
    const queue = new JobOrderQueue<QueuedTask & { name: string }>();
    nextId = 1;
    for (const t of [task(1), task(2), task(1), task(3)]) queue.push(t);
    expect(queue.removeJob(1).map((t) => t.name)).toEqual(['job1#1', 'job1#3']);
    expect(queue.length).toBe(2);
    expect(queue.clear().map((t) => t.name)).toEqual(['job2#2', 'job3#4']);
    expect(queue.take()).toBeUndefined();
  });
});
