import { uploadSmallCatalogue } from '../support/small-catalogue';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { followJob, generateBeat, makeFullBeat, subscribeEarlyAccess, tokensRemaining, type Followed, type ProgressEvent } from './clients';
import { sleep } from './processes';
import { Topology } from './topology';

/**
 * Issue 24: the scale-out topology as real processes (two apis that take no jobs, two BullMQ
 * workers, PostgreSQL, Redis) and the faults it must survive. The tests run in order on one
 * topology; each leaves two workers running.
 */
describe('scale-out topology (two apis, two workers, real processes)', () => {
  let topology: Topology;
  let listener: SignedInUser;
  let firstBeatId: string;

  beforeAll(async () => {
    // A short lock, so a killed worker's job is taken over in seconds rather than 30.
    topology = await Topology.start({ env: { QUEUE_LOCK_MS: '4000', GENERATION_CONCURRENCY: '2' } });
    await uploadSmallCatalogue(topology.apiB);
    listener = await registerAndSignIn(topology.apiA, 'topology');
    // Full beats (the long renders the fault tests interrupt) need a paid plan.
    await subscribeEarlyAccess(topology.apiA.url, listener.accessToken);
  }, 300_000);

  afterAll(async () => {
    await topology?.stop();
  }, 120_000);

  /** The job's token movements in the ledger: debits (-1) and refunds (+1). */
  const ledgerOf = async (jobId: string) => {
    const rows = await topology.sql<{ delta: number }>('SELECT delta FROM token_ledger WHERE job_id = $1', [jobId]);
    return { debits: rows.filter((r) => r.delta < 0).length, refunds: rows.filter((r) => r.delta > 0).length };
  };
  const beatsOf = async (jobId: string) =>
    (await topology.sql<{ n: number }>('SELECT count(*)::int AS n FROM beats b JOIN generation_jobs j ON j.beat_id = b.id WHERE j.id = $1', [jobId]))[0].n;
  const jobRow = async (jobId: string) =>
    (await topology.sql<{ status: string; attempts: number; token_refunded: boolean }>('SELECT status, attempts, token_refunded FROM generation_jobs WHERE id = $1', [jobId]))[0];
  const last = (followed: Followed): ProgressEvent => followed.events[followed.events.length - 1];

  /** All the listener's beats: a job whose two attempts both stored a beat would leave one no job points to. */
  const listenerBeats = async () =>
    (await topology.sql<{ n: number }>('SELECT count(*)::int AS n FROM beats b JOIN users u ON u.id = b.owner_id WHERE u.username = $1', [listener.username]))[0].n;

  /**
   * A job ends either with one beat and one debit, or failed with its one debit refunded once; with
   * `beatsBefore` (the listener's beats when it was the only job started since), exactly one beat more.
   */
  const expectSettledOnce = async (jobId: string, followed: Followed, beatsBefore?: number) => {
    const end = last(followed);
    if (beatsBefore !== undefined) expect(await listenerBeats()).toBe(beatsBefore + (end.status === 'succeeded' ? 1 : 0));
    expect(['succeeded', 'failed']).toContain(end.status);
    const ledger = await ledgerOf(jobId);
    expect(ledger.debits).toBe(1);
    if (end.status === 'succeeded') {
      expect(await beatsOf(jobId)).toBe(1);
      expect(ledger.refunds).toBe(0);
    } else {
      expect(await beatsOf(jobId)).toBe(0);
      expect(ledger.refunds).toBe(1);
      expect(end.error).toEqual(expect.any(String));
    }
  };

  it('a client subscribed on api A sees every stage and the beat of a job started on api B and rendered by a worker', async () => {
    const jobId = await generateBeat(topology.apiB.url, listener.accessToken, 'dark trap with heavy 808s');
    const followed = await followJob(topology.apiA.url, listener.accessToken, jobId);
    expect(followed.ending).toBe('complete');
    const end = last(followed);
    expect(end).toMatchObject({ status: 'succeeded', beat: { id: expect.any(String) } });
    firstBeatId = end.beat!.id;
    // Every stage from the one current when the subscription started up to the last, in order.
    const stages = followed.events.filter((e) => e.status === 'running').map((e) => e.stage);
    expect(stages.length).toBeGreaterThan(0);
    expect(stages[stages.length - 1]).toBe(5);
    stages.forEach((stage, i) => i > 0 && expect(stage).toBe(stages[i - 1] + 1));
    // One worker rendered it; neither api took a job.
    const renderers = topology.workersThatStarted(jobId);
    expect(renderers).toHaveLength(1);
    expect(renderers[0].messages('generation: beat ready').some((e) => e.jobId === jobId)).toBe(true);
    for (const api of [topology.apiA, topology.apiB]) expect(api.process.messages('generation: job started')).toEqual([]);
    await expectSettledOnce(jobId, followed);
    // The worker's health server reports its caches: the renderer holds the beat's files and loops.
    const caches = await fetch(`${topology.workerHealthUrls.get(renderers[0])}/caches`);
    expect(caches.status).toBe(200);
    const rendered = (await caches.json()) as Record<string, { bytes: number; entries: number }>;
    expect(rendered.sampleFiles.entries).toBeGreaterThan(0);
    expect(rendered.warpedLoops.bytes).toBeGreaterThan(0);
    expect((await fetch(`${topology.workerHealthUrls.get(renderers[0])}/healthz`)).status).toBe(200);
  }, 240_000);

  it('a worker killed with SIGKILL mid-render loses no job: the other worker finishes it, with one debit and one beat', async () => {
    const beatsBefore = await listenerBeats();
    const jobId = await makeFullBeat(topology.apiA.url, listener.accessToken, firstBeatId);
    let killed: string | undefined;
    const followed = await followJob(topology.apiB.url, listener.accessToken, jobId, (event) => {
      if (killed || event.status !== 'running' || event.stage < 2) return;
      const [renderer] = topology.workersThatStarted(jobId);
      killed = renderer.name;
      renderer.signal('SIGKILL');
    });
    expect(killed).toBeDefined();
    expect(followed.ending).toBe('complete');
    expect(last(followed)).toMatchObject({ status: 'succeeded', beat: { id: expect.any(String) } });
    const renderers = topology.workersThatStarted(jobId).map((w) => w.name);
    expect(renderers).toHaveLength(2);
    expect(renderers[0]).toBe(killed);
    expect((await jobRow(jobId)).attempts).toBe(2);
    await expectSettledOnce(jobId, followed, beatsBefore);
    // Back to two workers for the next tests.
    await topology.startWorker();
  }, 300_000);

  it('Redis down mid-job until the job is over, then restarted: the client is told how it ended (one debit, one beat or one refund), and the topology works after it', async () => {
    const beatsBefore = await listenerBeats();
    const jobId = await makeFullBeat(topology.apiB.url, listener.accessToken, firstBeatId);
    let outage: Promise<void> | undefined;
    // From the mixing on, Redis is down until the job's row says it is over: the last stages and
    // the end are told while nobody can hear, and the job's queue lock lapses.
    const downUntilOver = async () => {
      await topology.redis.down();
      for (let i = 0; i < 600; i++, await sleep(100)) {
        const { status } = await jobRow(jobId);
        if (status === 'succeeded' || status === 'failed') break;
      }
      await sleep(1000);
      await topology.redis.up();
    };
    const followed = await followJob(topology.apiA.url, listener.accessToken, jobId, (event) => {
      if (!outage && event.status === 'running' && event.stage >= 4) outage = downUntilOver();
    });
    expect(outage).toBeDefined();
    await outage;
    expect(followed.ending).toBe('complete');
    await expectSettledOnce(jobId, followed, beatsBefore);
    // Every process reconnected: a new job goes from api A through a worker to a subscriber on api B.
    const after = await generateBeat(topology.apiA.url, listener.accessToken, 'country road trip');
    const next = await followJob(topology.apiB.url, listener.accessToken, after);
    expect(last(next)).toMatchObject({ status: 'succeeded' });
    // A Redis restarted with its data, down for a few seconds mid-render: the job still ends once.
    const beatsBeforeRestart = await listenerBeats();
    const again = await makeFullBeat(topology.apiB.url, listener.accessToken, firstBeatId);
    let restarted: Promise<void> | undefined;
    const second = await followJob(topology.apiA.url, listener.accessToken, again, (event) => {
      if (!restarted && event.status === 'running' && event.stage >= 2) restarted = topology.redis.restart(3000);
    });
    await restarted;
    expect(second.ending).toBe('complete');
    await expectSettledOnce(again, second, beatsBeforeRestart);
  }, 400_000);

  it('PostgreSQL connections killed (pg_terminate_backend) mid-job: the job finishes or is refunded, and requests after it work', async () => {
    const beatsBefore = await listenerBeats();
    const jobId = await makeFullBeat(topology.apiA.url, listener.accessToken, firstBeatId);
    let terminated: Promise<number> | undefined;
    // Every 300 ms for 3 s from the render's second stage: queries in flight are cut too.
    const terminateRepeatedly = async () => {
      let killed = 0;
      for (let i = 0; i < 10; i++, await sleep(300)) killed += await topology.terminateDatabaseConnections();
      return killed;
    };
    const followed = await followJob(topology.apiB.url, listener.accessToken, jobId, (event) => {
      if (!terminated && event.status === 'running' && event.stage >= 2) terminated = terminateRepeatedly();
    });
    expect(await terminated).toBeGreaterThan(0);
    expect(followed.ending).toBe('complete');
    await expectSettledOnce(jobId, followed, beatsBefore);
    // Both apis answer from the database again, and a worker still takes jobs. Their pools open
    // connections again on use (health reads the database), and those are cut once more first.
    for (const api of [topology.apiA, topology.apiB]) await fetch(`${api.url}/healthz`);
    const killedAgain = await topology.terminateDatabaseConnections();
    expect(killedAgain).toBeGreaterThan(0);
    for (const api of [topology.apiA, topology.apiB]) {
      const health = await fetch(`${api.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await tokensRemaining(api.url, listener.accessToken)).toEqual(expect.any(Number));
    }
    const after = await generateBeat(topology.apiB.url, listener.accessToken, 'dark trap');
    expect(last(await followJob(topology.apiA.url, listener.accessToken, after))).toMatchObject({ status: 'succeeded' });
  }, 300_000);

  it('api A stopped with SIGTERM finishes its in-flight request and its open subscription, then exits 0', async () => {
    const apiA = topology.apiA;
    const before = await tokensRemaining(apiA.url, listener.accessToken);
    // An in-flight request: the REST path that answers once the full beat is rendered.
    const request = fetch(`${apiA.url}/generate_full_beat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${listener.accessToken}` },
      body: JSON.stringify({ beat_id: firstBeatId }),
    });
    // An open subscription on api A to a job started on api B.
    const jobId = await makeFullBeat(topology.apiB.url, listener.accessToken, firstBeatId);
    let sent = false;
    const followed = followJob(apiA.url, listener.accessToken, jobId, (event) => {
      if (sent || event.status !== 'running') return;
      sent = true;
      apiA.process.signal('SIGTERM');
    });
    const [response, subscription] = await Promise.all([request, followed]);
    expect(sent).toBe(true);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ audio_url: expect.any(String) });
    expect(subscription.ending).toBe('complete');
    expect(last(subscription)).toMatchObject({ status: 'succeeded', beat: { id: expect.any(String) } });
    expect(await apiA.process.exited).toEqual({ code: 0, signal: null });
    // It took nothing new meanwhile, and the other instance serves on.
    await expect(fetch(`${apiA.url}/healthz`)).rejects.toThrow();
    expect(await tokensRemaining(topology.apiB.url, listener.accessToken)).toBe(before - 2);
  }, 300_000);
});
