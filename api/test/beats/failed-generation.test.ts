import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { jobProgress } from '../support/job-progress';
import { GenerationJob } from '../../src/modules/beats/generation-job.entity';
import { User } from '../../src/modules/accounts/user.entity';

// A generation whose loops cannot be read fails: the owner is told, and the token comes back once.
let test: TestApp;
let listener: SignedInUser;
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestApp();
  await uploadSmallCatalogue(test);
  // The catalogue's rows stay; their audio goes (a blob store that lost the files).
  const samples = join(test.dataDir, 'blobs', 'samples');
  for (const entry of readdirSync(samples)) rmSync(join(samples, entry), { recursive: true, force: true });
  listener = await registerAndSignIn(test, 'listener');
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
});

type Progress = { status: string; error: string | null; errorCode: string | null; tokensRemaining: number | null };

const follow = (jobId: string) => jobProgress<Progress>(test.url, listener.accessToken, jobId, 'status error errorCode tokensRemaining', clients);

const tokens = async () =>
  (await graphql<{ me: { tokensRemaining: number } }>(test.url, '{ me { tokensRemaining } }', {}, listener.accessToken)).data!.me.tokensRemaining;

const ledger = async () =>
  (await graphql<{ tokenHistory: { delta: number; kind: string; balanceAfter: number }[] }>(
    test.url, '{ tokenHistory(limit: 50) { delta kind balanceAfter } }', {}, listener.accessToken,
  )).data!.tokenHistory;

describe('a generation that fails', () => {
  it('over GraphQL: the subscriber gets the error, the token is refunded once and the ledger shows both', async () => {
    const before = await tokens();
    const started = await graphql<{ generateBeat: { id: string } }>(
      test.url, 'mutation($p: String!) { generateBeat(prompt: $p) { id } }', { p: 'trap type beat' }, listener.accessToken,
    );
    expect(started.errors).toBeUndefined();
    const events = await follow(started.data!.generateBeat.id);
    const last = events[events.length - 1];
    expect(last.status).toBe('failed');
    expect(last.error).toMatch(/\S/);
    expect(last.errorCode).toBeTruthy();
    expect(await tokens()).toBe(before);
    const rows = await ledger();
    expect(rows.filter((r) => r.kind === 'spend')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'refund', delta: 1, balanceAfter: before });
    // A late subscriber is told the same outcome.
    expect((await follow(started.data!.generateBeat.id)).at(-1)).toMatchObject({ status: 'failed', error: last.error });
  });

  it('over REST: the answer carries the error and the unchanged balance', async () => {
    const before = await tokens();
    const response = await fetch(`${test.url}/generate_beat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) },
      body: JSON.stringify({ prompt: 'lofi piano' }),
    });
    const body = (await response.json()) as { error: string | null; audio_url?: string | null };
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(body.error).toMatch(/\S/);
    expect(body.audio_url ?? null).toBeNull();
    expect(await tokens()).toBe(before);
    expect((await ledger()).filter((r) => r.kind === 'refund')).toHaveLength(2);
  });
});

describe('a job nothing moves (its queue entry lost)', () => {
  it('is failed and refunded once it is stale; a fresh one is left alone', async () => {
    const me = (await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, listener.accessToken)).data!.me;
    const before = await tokens();
    const em = test.app.orm.em.fork();
    const strand = async (minutesAgo: number) => {
      const job = em.create(GenerationJob, { owner: em.getReference(User, me.id), kind: 'generate', input: { prompt: 'lost' }, tokenCharged: true });
      await em.flush();
      await test.app.services.credits.spend(me.id, 'Beat', job.id);
      await em.nativeUpdate(GenerationJob, { id: job.id }, { updatedAt: new Date(Date.now() - minutesAgo * 60_000) });
      return job.id;
    };
    const stale = await strand(20);
    const fresh = await strand(1);
    expect(await tokens()).toBe(before - 2);
    expect(await test.app.services.generation.failStale(15 * 60_000)).toBe(1);
    expect(await test.app.services.generation.failStale(15 * 60_000)).toBe(0);
    const status = async (id: string) => (await test.app.orm.em.fork().findOneOrFail(GenerationJob, { id })).status;
    expect(await status(stale)).toBe('failed');
    expect(await status(fresh)).toBe('queued');
    expect(await tokens()).toBe(before - 1);
    expect((await follow(stale)).at(-1)).toMatchObject({ status: 'failed', error: expect.stringContaining('refunded') });
  });
});
