import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { startWorker } from '../../src/audio';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { describeWithRedis } from '../support/redis-mode';

// The scale-out mode: api instances that take no jobs, generation workers elsewhere, Redis between.
describeWithRedis('generation on Redis workers', (redisUrl) => {
  const prefix = `test-${randomUUID()}`;
  const shared = { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, QUEUE_LOCK_MS: '1500' };
  let api: TestApp;
  let listener: SignedInUser;
  const workers: Worker[] = [];

  const startWorkerCore = async (): Promise<Worker> => {
    const worker = startWorker(join(__dirname, '..', 'support', 'worker-core.worker'), {
      workerData: { env: { ...api.env, ...shared }, databaseUrl: api.databaseUrl },
    });
    workers.push(worker);
    const reply = await new Promise<{ ready?: boolean; error?: string }>((resolve) => worker.once('message', resolve));
    if (!reply.ready) throw new Error(reply.error);
    return worker;
  };

  beforeAll(async () => {
    api = await startTestApp({ ...shared, PROCESS_JOBS_IN_API: 'false' });
    await uploadSmallCatalogue(api);
    listener = await registerAndSignIn(api, 'scaler');
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.terminate()));
    await api?.close();
  });

  const follow = (jobId: string, onEvent?: (e: { status: string; stage: number }) => void) =>
    new Promise<{ status: string; stage: number; beat: { id: string } | null; tokensRemaining: number | null }[]>((resolve, reject) => {
      const client = createClient({
        url: `${api.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${listener.accessToken}` },
        retryAttempts: 0,
      });
      const events: { status: string; stage: number; beat: { id: string } | null; tokensRemaining: number | null }[] = [];
      client.subscribe<{ generationProgress: (typeof events)[number] }>(
        { query: 'subscription($id: ID!) { generationProgress(jobId: $id) { status stage tokensRemaining beat { id } } }', variables: { id: jobId } },
        {
          next: (v) => {
            const event = v.data!.generationProgress;
            events.push(event);
            onEvent?.(event);
          },
          error: reject,
          complete: () => {
            void client.dispose();
            resolve(events);
          },
        },
      );
    });

  const generate = async (prompt: string) =>
    (await graphql<{ generateBeat: { id: string } }>(api.url, 'mutation($p: String!) { generateBeat(prompt: $p) { id } }', { p: prompt }, listener.accessToken)).data!.generateBeat.id;

  it('a client subscribed on the api sees a job that a worker elsewhere runs', async () => {
    await startWorkerCore();
    const events = await follow(await generate('dark trap'));
    expect(events[events.length - 1]).toMatchObject({ status: 'succeeded', beat: { id: expect.any(String) } });
    expect(events.some((e) => e.status === 'running')).toBe(true);
  });

  it('a worker killed mid-job: the job is taken again, with one debit and one beat', async () => {
    const doomed = workers[0];
    const before = (await graphql<{ me: { tokensRemaining: number } }>(api.url, '{ me { tokensRemaining } }', {}, listener.accessToken)).data!.me.tokensRemaining;
    const jobId = await generate('country beat');
    let killed = false;
    const events = await follow(jobId, (event) => {
      if (!killed && event.status === 'running' && event.stage >= 1) {
        killed = true;
        void doomed.terminate().then(() => startWorkerCore());
      }
    });
    expect(killed).toBe(true);
    const last = events[events.length - 1];
    expect(last.status).toBe('succeeded');
    expect(last.tokensRemaining).toBe(before - 1);
    const beats = await api.app.orm.em.fork().getConnection().execute<{ n: number }[]>(
      'select count(*)::int as n from beats b join generation_jobs j on j.beat_id = b.id where j.id = ?', [jobId]);
    expect(beats[0].n).toBe(1);
    const attempts = await api.app.orm.em.fork().getConnection().execute<{ attempts: number }[]>('select attempts from generation_jobs where id = ?', [jobId]);
    expect(attempts[0].attempts).toBe(2);
  });
});
