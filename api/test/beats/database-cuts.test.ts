import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { jobProgress } from '../support/job-progress';
import { startPgCutProxy, type PgCutProxy } from '../support/pg-cut-proxy';

// The database connection cut at a chosen point of a job's final transaction (issue 31): the job
// ends exactly once by what the database holds, whatever the client of the cut connection heard.
let test: TestApp;
let proxy: PgCutProxy;
let listener: SignedInUser;
const clients: Client[] = [];

beforeAll(async () => {
  proxy = await startPgCutProxy(process.env.TEST_DATABASE_URL!);
  test = await startTestApp({}, { databaseRoute: (url) => proxy.via(url) });
  await uploadSmallCatalogue(test);
  listener = await registerAndSignIn(test, 'listener');
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
  await proxy?.close();
});

type Progress = { status: string; error: string | null; beat: { id: string } | null };

const sql = async <T>(text: string, params: unknown[]): Promise<T[]> => test.app.orm.em.fork().getConnection().execute<T[]>(text, params);

/** The job's beats, its ledger rows and whether its files are in the blob store. */
async function outcome(jobId: string) {
  const beats = await sql<{ mp3: string; wav: string }>(
    'SELECT b.mp3blob_key AS mp3, b.wav_blob_key AS wav FROM generation_jobs j JOIN beats b ON b.id = j.beat_id WHERE j.id = ?',
    [jobId],
  );
  const ledger = await sql<{ kind: string }>('SELECT kind FROM token_ledger WHERE job_id = ?', [jobId]);
  const [job] = await sql<{ status: string }>('SELECT status FROM generation_jobs WHERE id = ?', [jobId]);
  const blob = (key: string) => existsSync(join(test.dataDir, 'blobs', key));
  return {
    status: job.status,
    beats: beats.length,
    filesKept: beats.every((b) => blob(b.mp3) && blob(b.wav)),
    spends: ledger.filter((r) => r.kind === 'spend').length,
    refunds: ledger.filter((r) => r.kind === 'refund').length,
  };
}

/** The transaction that stores the beat (and marks its job done). */
const STORE_BEAT = /^\s*insert into "beats"/i;
/** The transaction that refunds a failed job. */
const REFUND = /token_refunded = true/i;

async function generateWithCut(...cuts: [RegExp, 'before-commit' | 'after-commit'][]) {
  const cut = Promise.all(cuts.map(([statement, when]) => proxy.cutCommit(statement, when)));
  const started = await graphql<{ generateBeat: { id: string } }>(
    test.url, 'mutation($p: String!) { generateBeat(prompt: $p) { id } }', { p: 'dark trap' }, listener.accessToken,
  );
  expect(started.errors).toBeUndefined();
  const jobId = started.data!.generateBeat.id;
  const events = await jobProgress<Progress>(test.url, listener.accessToken, jobId, 'status error beat { id }', clients);
  await cut;
  return { jobId, end: events.at(-1)! };
}

describe('the connection cut around the commit that stores a beat', () => {
  it('after the commit (its acknowledgement lost): the job succeeded, with its beat, its files and no refund', async () => {
    const { jobId, end } = await generateWithCut([STORE_BEAT, 'after-commit']);
    expect(end).toMatchObject({ status: 'succeeded', beat: { id: expect.any(String) } });
    expect(await outcome(jobId)).toEqual({ status: 'succeeded', beats: 1, filesKept: true, spends: 1, refunds: 0 });
    // The beat plays: its audio address answers.
    const beat = await graphql<{ beat: { audioUrl: string } }>(test.url, 'query($id: ID!) { beat(id: $id) { audioUrl } }', { id: end.beat!.id }, listener.accessToken);
    expect((await fetch(beat.data!.beat.audioUrl)).status).toBe(200);
  });

  it('before the commit (rolled back): the job failed, with no beat and its token refunded once', async () => {
    const { jobId, end } = await generateWithCut([STORE_BEAT, 'before-commit']);
    expect(end).toMatchObject({ status: 'failed', error: expect.any(String), beat: null });
    expect(await outcome(jobId)).toEqual({ status: 'failed', beats: 0, filesKept: true, spends: 1, refunds: 1 });
  });

  it("and then the failure's own commit cut before it: the job is failed once, with its token refunded once", async () => {
    const { jobId, end } = await generateWithCut([STORE_BEAT, 'before-commit'], [REFUND, 'before-commit']);
    expect(end).toMatchObject({ status: 'failed', beat: null });
    expect(await outcome(jobId)).toEqual({ status: 'failed', beats: 0, filesKept: true, spends: 1, refunds: 1 });
  });

  it("and then the failure's commit acknowledgement lost: failed once, refunded once, and followers are told", async () => {
    const { jobId, end } = await generateWithCut([STORE_BEAT, 'before-commit'], [REFUND, 'after-commit']);
    expect(end).toMatchObject({ status: 'failed', beat: null });
    expect(await outcome(jobId)).toEqual({ status: 'failed', beats: 0, filesKept: true, spends: 1, refunds: 1 });
  });
});
