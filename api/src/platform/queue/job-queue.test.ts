import { randomUUID } from 'node:crypto';
import { createLogger } from '../logging/logger';
import { createBullQueue } from './bullmq-queue';
import { createInProcessQueue } from './job-queue';
import { join } from 'node:path';
import { startWorker } from '../../audio';
import { describeWithRedis } from '../../../test/support/redis-mode';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('in-process queue', () => {
  it('runs every job, at most `concurrency` at once, in order', async () => {
    const queue = createInProcessQueue(2);
    let running = 0;
    let most = 0;
    const started: string[] = [];
    const done = new Set<string>();
    queue.process(async (id) => {
      started.push(id);
      running++;
      most = Math.max(most, running);
      await wait(20);
      running--;
      done.add(id);
    }, async () => undefined);
    for (let i = 0; i < 6; i++) await queue.enqueue(`j${i}`);
    while (done.size < 6) await wait(10);
    expect(most).toBe(2);
    expect(started).toEqual(['j0', 'j1', 'j2', 'j3', 'j4', 'j5']);
    await queue.close();
  });

  it('keeps going after a job fails, and close waits for running jobs', async () => {
    const queue = createInProcessQueue(1);
    const done: string[] = [];
    queue.process(async (id) => {
      await wait(10);
      if (id === 'bad') throw new Error('boom');
      done.push(id);
    }, async () => undefined);
    await queue.enqueue('bad');
    await queue.enqueue('good');
    while (done.length < 1) await wait(5);
    await queue.enqueue('last');
    await queue.close();
    expect(done).toEqual(['good', 'last']);
    await expect(queue.enqueue('after')).rejects.toThrow('closed');
  });
});

describe('in-process queue: delayed jobs', () => {
  it('runs a delayed job after the jobs enqueued without delay, and close drops the ones still waiting', async () => {
    const queue = createInProcessQueue(1);
    const ran: string[] = [];
    queue.process(async (id) => void ran.push(id), async () => undefined);
    await queue.enqueue('later', { delayMs: 40 });
    await queue.enqueue('never', { delayMs: 60_000 });
    await queue.enqueue('now');
    while (ran.length < 2) await wait(5);
    expect(ran).toEqual(['now', 'later']);
    await queue.close();
    expect(ran).toEqual(['now', 'later']);
  });
});

// The Redis mode runs where Redis is (CI sets REDIS_URL).
describeWithRedis('BullMQ queue', (redisUrl) => {
  const logger = createLogger('silent');
  const make = (prefix: string, extra: { lockDurationMs?: number; maxStalledCount?: number } = {}) =>
    createBullQueue({ redisUrl, concurrency: 2, logger, prefix, ...extra });

  it('a job enqueued on one instance runs on another; enqueuing it twice runs it once', async () => {
    const prefix = `test-${randomUUID()}`;
    const api = make(prefix);
    const worker = make(prefix);
    const ran: string[] = [];
    worker.process(async (id) => void ran.push(id), async () => undefined);
    await api.enqueue('job-a');
    await api.enqueue('job-a');
    await api.enqueue('job-b');
    for (let i = 0; i < 100 && ran.length < 2; i++) await wait(50);
    await wait(200);
    expect(ran.sort()).toEqual(['job-a', 'job-b']);
    await Promise.all([api.close(), worker.close()]);
  });

  it('a job whose worker dies mid-job is taken again by another worker', async () => {
    const prefix = `test-${randomUUID()}`;
    const api = make(prefix);
    const dying = startWorker(join(__dirname, 'stalling.worker'), { workerData: { redisUrl, prefix } });
    const started = new Promise((resolve) => dying.once('message', resolve));
    await api.enqueue('job-1');
    expect(await started).toEqual({ started: 'job-1' });
    await dying.terminate();
    const healthy = make(prefix, { lockDurationMs: 1000 });
    const ran: string[] = [];
    healthy.process(async (id) => void ran.push(id), async () => undefined);
    for (let i = 0; i < 200 && !ran.length; i++) await wait(50);
    expect(ran).toEqual(['job-1']);
    await Promise.all([api.close(), healthy.close()]);
  });

  it('gives up on a job that stalls more than allowed, and says so', async () => {
    const prefix = `test-${randomUUID()}`;
    const api = make(prefix);
    const dying = startWorker(join(__dirname, 'stalling.worker'), { workerData: { redisUrl, prefix } });
    const started = new Promise((resolve) => dying.once('message', resolve));
    await api.enqueue('job-2');
    await started;
    await dying.terminate();
    const strict = make(prefix, { lockDurationMs: 1000, maxStalledCount: 0 });
    const abandoned: string[] = [];
    strict.process(async () => undefined, async (id, reason) => void abandoned.push(`${id}: ${reason}`));
    for (let i = 0; i < 200 && !abandoned.length; i++) await wait(50);
    expect(abandoned).toEqual([expect.stringMatching(/^job-2: .*stalled/)]);
    await Promise.all([api.close(), strict.close()]);
  });
});
