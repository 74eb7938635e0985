import { RENDER_PEAK_BUCKETS } from '../../src/audio';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../src/modules/accounts/user.entity';
import { Beat } from '../../src/modules/beats/beat.entity';
import { GenerationJob } from '../../src/modules/beats/generation-job.entity';
import { ShowcaseService } from '../../src/modules/showcase/showcase.service';
import { SAMPLE_BEAT_PROMPTS } from '../../src/modules/showcase/sample-beat-prompts';
import { SHOWCASE_ACCOUNT } from '../../src/modules/showcase/system-account';
import { createLogger } from '../../src/platform/logging/logger';
import type { JobQueue } from '../../src/platform/queue/job-queue';
import { compositionRow, drumRow, userRow } from '../support/catalog-factories';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { startTestApp, type TestApp } from '../support/test-app';

type SampleBeat = { id: string; title: string; genre: string; audioUrl: string; key: string; mode: string; bpm: number; structure: string; durationSeconds: number; peaks: number[] };
const QUERY = '{ sampleBeats { id title genre audioUrl key mode bpm structure durationSeconds peaks } }';

async function sampleBeats(test: TestApp): Promise<SampleBeat[]> {
  const result = await graphql<{ sampleBeats: SampleBeat[] }>(test.url, QUERY);
  expect(result.errors).toBeUndefined();
  return result.data!.sampleBeats;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A queue that only records what was enqueued: a second api instance that never runs the jobs. */
function recordingQueue(): JobQueue & { enqueued: string[] } {
  const enqueued: string[] = [];
  return { enqueued, enqueue: async (id) => void enqueued.push(id), process: () => undefined, close: async () => undefined };
}

/** Another instance's showcase: the same services, its own queue. */
const showcaseDeps = (test: TestApp) => {
  const { accounts, catalog, beats } = test.app.services;
  return { accounts, catalog, beats };
};

const showcaseJobs = (em: EntityManager) => em.fork().find(GenerationJob, { owner: { subject: SHOWCASE_ACCOUNT.subject } });

describe('sample beats rendered from the catalogue', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  }, 60_000);
  afterAll(() => test?.close());

  it('are none, and nothing is started, while the catalogue is empty', async () => {
    expect(await sampleBeats(test)).toEqual([]);
    expect(await test.app.services.showcase.ensure()).toEqual({ status: 'empty', started: 0, beats: 0 });
    expect(await showcaseJobs(test.app.orm.em)).toHaveLength(0);
    expect(await test.app.orm.em.fork().count(User, { subject: SHOWCASE_ACCOUNT.subject })).toBe(0);
  });

  it('are rendered once the catalogue has samples: four beats of the fixed prompts, owned by the system account, free', async () => {
    await uploadSmallCatalogue(test);
    // The first visit after samples arrive starts the renders; later visits see them.
    await sampleBeats(test);
    expect((await until(() => sampleBeats(test), (b) => b.length === 4, 120_000)).length).toBe(4);
    // The background run ends by measuring the waveforms; joining it waits for that.
    await test.app.services.showcase.ensure();
    const beats = await sampleBeats(test);
    expect(beats.map((b) => b.title)).toEqual(SAMPLE_BEAT_PROMPTS.map((p) => p.title));
    for (const beat of beats) {
      expect(['Trap', 'Country']).toContain(beat.genre);
      expect(beat.key).toMatch(/^[A-G]#?$/);
      expect(['Major', 'Minor']).toContain(beat.mode);
      expect(beat.bpm).toBeGreaterThan(60);
      expect(beat.structure).toMatch(/^[IVCBO]+$/);
      expect(beat.durationSeconds).toBeGreaterThan(5);
      // The render's own waveform (the pool measures it from the master).
      expect(beat.peaks.length).toBe(RENDER_PEAK_BUCKETS);
      expect(Math.max(...beat.peaks)).toBe(1);
      const audio = await fetch(beat.audioUrl);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
    const em = test.app.orm.em.fork();
    const owner = await em.findOneOrFail(User, { subject: SHOWCASE_ACCOUNT.subject });
    expect(owner.userType).toBe('system');
    expect(await em.count(Beat, { owner })).toBe(4);
    const jobs = await showcaseJobs(em);
    expect(jobs).toHaveLength(4);
    expect(jobs.every((j) => j.status === 'succeeded' && !j.tokenCharged)).toBe(true);
    expect(jobs.map((j) => (j.input as { prompt: string }).prompt).sort()).toEqual(SAMPLE_BEAT_PROMPTS.map((p) => p.prompt).sort());
  }, 150_000);

  it('are reused: a later ensure or a later start renders nothing again', async () => {
    const before = await sampleBeats(test);
    expect(await test.app.services.showcase.ensure()).toEqual({ status: 'ready', started: 0, beats: 4 });
    const queue = recordingQueue();
    const restarted = new ShowcaseService({ ...showcaseDeps(test), queue, blobs: test.app.blobs, logger: createLogger('silent') });
    expect(await restarted.ensure()).toEqual({ status: 'ready', started: 0, beats: 4 });
    expect((await restarted.sampleBeats()).map((b) => b.id)).toEqual(before.map((b) => b.id));
    expect(queue.enqueued).toEqual([]);
    expect(await showcaseJobs(test.app.orm.em)).toHaveLength(4);
  });

  it('cannot be signed in to: the system account has no password', async () => {
    const em = test.app.orm.em.fork();
    expect(await test.app.services.accounts.authenticate(SHOWCASE_ACCOUNT.email, '')).toBeNull();
    expect(await test.app.services.accounts.authenticate(SHOWCASE_ACCOUNT.email, 'anything-at-all')).toBeNull();
    const owner = await em.findOneOrFail(User, { subject: SHOWCASE_ACCOUNT.subject }, { populate: ['passwordHash'] });
    expect(owner.passwordHash ?? null).toBeNull();
  });
});

describe('sample beats when rendering fails or instances race', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
    // Rows without audio behind them: every render of them fails.
    const em = test.app.orm.em.fork();
    const producer = userRow(em);
    compositionRow(em, producer, { tags: { genres: ['Trap'] } });
    drumRow(em, producer, { tags: { genres: ['Trap'] } });
    await em.flush();
  }, 60_000);
  afterAll(() => test?.close());

  it('start each prompt once when two instances ensure at the same time', async () => {
    const logger = createLogger('silent');
    const queues = [recordingQueue(), recordingQueue()];
    const instances = queues.map((queue) => new ShowcaseService({ ...showcaseDeps(test), queue, blobs: test.app.blobs, logger, waitMs: 300, pollMs: 50 }));
    const results = await Promise.all(instances.map((i) => i.ensure()));
    expect(results.map((r) => r.started).sort()).toEqual([0, 4]);
    expect(results.every((r) => r.status === 'incomplete')).toBe(true);
    expect(queues.flatMap((q) => q.enqueued)).toHaveLength(4);
    // The jobs are waiting in the other instance's queue: a third call waits for them, starts nothing.
    const third = new ShowcaseService({ ...showcaseDeps(test), queue: recordingQueue(), blobs: test.app.blobs, logger, waitMs: 200, pollMs: 50 });
    expect((await third.ensure()).started).toBe(0);
    expect(await showcaseJobs(test.app.orm.em)).toHaveLength(4);
  });

  it('leave a failed render missing, charge nobody, and start it again on the next try', async () => {
    const em = test.app.orm.em.fork();
    // The racing instances' queues never ran their jobs: finish them as failed, as a dead worker's would be.
    await em.nativeUpdate(GenerationJob, { owner: { subject: SHOWCASE_ACCOUNT.subject } }, { status: 'failed', error: 'gone' });
    const first = await test.app.services.showcase.ensure();
    expect(first).toEqual({ status: 'incomplete', started: 4, beats: 0 });
    const jobs = await showcaseJobs(test.app.orm.em);
    expect(jobs).toHaveLength(8);
    expect(jobs.every((j) => j.status === 'failed' && !j.tokenCharged && !j.tokenRefunded)).toBe(true);
    expect(await sampleBeats(test)).toEqual([]);
    const again = await test.app.services.showcase.ensure();
    expect(again.started).toBe(4);
  });
  it('queue one sample beat at a time, so a listener never waits behind all four', async () => {
    const em = test.app.orm.em.fork();
    await em.nativeUpdate(GenerationJob, { owner: { subject: SHOWCASE_ACCOUNT.subject } }, { status: 'failed', error: 'gone' });
    const queue = recordingQueue();
    const service = new ShowcaseService({ ...showcaseDeps(test), queue, blobs: test.app.blobs, logger: createLogger('silent'), waitMs: 60_000, pollMs: 20 });
    const run = service.ensure();
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    };
    await until(() => queue.enqueued.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(queue.enqueued).toHaveLength(1);
    // The first one finishes (here: fails): the next is queued, and only then.
    await em.nativeUpdate(GenerationJob, { id: queue.enqueued[0] }, { status: 'failed', error: 'done' });
    await until(() => queue.enqueued.length > 1);
    expect(queue.enqueued).toHaveLength(2);
    service.close();
    expect((await run).started).toBe(4);
  });
});
