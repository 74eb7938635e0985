import { startTestApp, type TestApp } from '../support/test-app';
import { PLAN_LEVEL, bearer, registerAndSignIn, setPlanLevel, subscribeLocally, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { registerProducer, registerUploader, rest, signUpProducer } from '../support/producers';
import { dataUrl, drumWav, melodyWav } from '../support/wav-fixtures';
import { storedCounts } from '../catalog/stored';
import { drumCandidates, compositionCandidates } from '../../src/modules/catalog/catalog.queries';
import { decodeWav, parseSampleOnsets } from '../../src/audio';
import { createSampleFileLoader } from '../../src/modules/catalog/sample-source';
import { DrumLoop } from '../../src/modules/catalog/drum-loop.entity';
import { loopOnsets, DRUM_ONSET_THRESHOLD } from '../../src/audio/testing';
import { NOT_A_PRODUCER } from '../../src/modules/producers/producers.errors';
import { contract } from '../licences/licence-world';

const LOOP = drumWav(140, 8, 1);
const PER_DAY = 6;
const PLAN_MESSAGE = 'Uploading samples to earn from them needs Premium or a higher plan.';
let test: TestApp;

beforeAll(async () => {
  // Room for three of the test's loops, not four.
  test = await startTestApp({ UPLOADS_PER_DAY: String(PER_DAY), UPLOAD_STORAGE_BYTES: String(Math.floor(LOOP.length * 3.5)) });
});
afterAll(() => test?.close());

const drums = (count: number, seed = 1) => ({
  entries: Array.from({ length: count }, (_, i) => ({
    file: { name: `kick_${i}.wav`, data: dataUrl(drumWav(140, 8, seed + i)) },
    drumType: 'Kicks', genres: ['Trap'], artists: ['Metro Boomin'], moods: ['Dark'], tempoStyle: ['half-time'], bpm: '140',
  })),
});
const melody = (key = 'A') => ({
  artists: ['Nujabes'], instruments: ['Rhodes'], genres: ['Lo-Fi'], moods: ['Chill'], tempo_style: ['laid-back'], bpm: '90', key, mode: 'Minor',
  files: [{ name: 'keys.wav', data: dataUrl(melodyWav(key as 'A', 'Minor', 90, 1)) }],
});
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

describe('uploads need a producer record', () => {
  it('refuses a signed-in user who is not a producer, on both transports, and stores nothing', async () => {
    const listener = await registerAndSignIn(test, 'listener');
    const before = await storedCounts(test);
    const answer = await rest(test, 'POST', '/uploadingdrumsamples', listener.accessToken, drums(1));
    expect(answer).toMatchObject({ status: 403, body: { error: NOT_A_PRODUCER } });
    const melodyAnswer = await rest(test, 'POST', '/uploadingmelsamples', listener.accessToken, melody());
    expect(melodyAnswer.status).toBe(403);

    const form = new FormData();
    form.append('operations', JSON.stringify({
      query: 'mutation($files: [Upload!]!, $e: [DrumUploadEntryInput!]!) { uploadDrumSamples(files: $files, entries: $e) { message } }',
      variables: { files: [null], e: [{ fileIndex: 0, drumType: 'Kicks', genres: ['Trap'], artists: ['X'], moods: ['Dark'], tempoStyles: ['fast'], bpm: 140 }] },
    }));
    form.append('map', JSON.stringify({ 0: ['variables.files.0'] }));
    form.append('0', new Blob([LOOP], { type: 'audio/wav' }), 'kick.wav');
    const gql = await fetch(`${test.url}/graphql`, { method: 'POST', headers: { 'apollo-require-preflight': 'true', ...bearer(listener.accessToken) }, body: form });
    const body = (await gql.json()) as { errors: { message: string; extensions: { code: string; reason: string } }[] };
    expect(body.errors[0]).toMatchObject({ message: NOT_A_PRODUCER, extensions: { code: 'FORBIDDEN', reason: 'NOT_A_PRODUCER' } });
    expect(await storedCounts(test)).toEqual(before);
    // The connection stays usable after a refused body.
    expect((await rest(test, 'GET', '/check-stripe-account', listener.accessToken)).body).toEqual({ hasStripeAccount: false });
  });

  it('accepts a producer whose payout onboarding is still pending, credited to them', async () => {
    const user = await registerAndSignIn(test, 'pending');
    const { payload } = await signUpProducer(test, user, {}, false);
    await subscribeLocally(test, user, 'premium');
    const answer = await rest(test, 'POST', '/uploadingdrumsamples', user.accessToken, drums(1, 7));
    expect(answer.status).toBe(201);
    const [row] = await sql<{ contributor: string; producer: string }>(
      `select u.email as contributor, p.prod_name as producer from drum_loops d join users u on u.id = d.contributor_id join producers p on p.user_id = u.id where d.id = ?`,
      [answer.body.drum_loops[0].id],
    );
    expect(row).toEqual({ contributor: user.email, producer: payload.producerName });
  });
});

describe('uploads that earn need Premium (the plan table)', () => {
  it('a producer below Premium signs up, prices and sets terms, but is refused uploads alike on both transports with one message; nothing stored or counted', async () => {
    const producer = await registerProducer(test, 'freebie');
    expect((await rest(test, 'POST', '/producer-pricing', producer.accessToken, { price_standard: 30, price_advanced: 80, price_exclabel: 900, price_excindie: 400 })).status).toBe(200);
    expect((await rest(test, 'POST', '/producer-contract', producer.accessToken, contract('Yes'))).status).toBe(200);
    const before = await storedCounts(test);
    for (const level of [PLAN_LEVEL.free, PLAN_LEVEL.earlyAccess]) {
      await setPlanLevel(test, producer.email, level);
      expect(await rest(test, 'POST', '/uploadingdrumsamples', producer.accessToken, drums(1, 60))).toMatchObject({ status: 403, body: { error: PLAN_MESSAGE } });
      expect(await rest(test, 'POST', '/uploadingmelsamples', producer.accessToken, melody())).toMatchObject({ status: 403, body: { error: PLAN_MESSAGE } });
      const gql = await graphql(test.url, 'mutation($f: [Upload!]!, $e: [DrumUploadEntryInput!]!) { uploadDrumSamples(files: $f, entries: $e) { message } }', { f: [], e: [] }, producer.accessToken);
      expect(gql.errors?.[0]).toMatchObject({ message: PLAN_MESSAGE, extensions: { code: 'FORBIDDEN', reason: 'PLAN_REQUIRED', gate: 'uploadStems', minLevel: 3 } });
    }
    expect(await storedCounts(test)).toEqual(before);
    expect(await sql(`select requests from producer_upload_days d join producers p on p.id = d.producer_id join users u on u.id = p.user_id where u.email = ?`, [producer.email])).toEqual([]);
    // Premium, bought through the checkout: the same producer uploads.
    await setPlanLevel(test, producer.email, PLAN_LEVEL.free);
    await subscribeLocally(test, producer, 'premium');
    expect((await rest(test, 'POST', '/uploadingdrumsamples', producer.accessToken, drums(1, 60))).status).toBe(201);
  });
});

describe('per-producer limits', () => {
  it(`counts at most ${PER_DAY} upload requests a day, even at once`, async () => {
    const user = await registerUploader(test, 'busy');
    const answers = await Promise.all(Array.from({ length: PER_DAY + 3 }, () => rest(test, 'POST', '/uploadingdrumsamples', user.accessToken, { entries: [] })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(answers.find((a) => a.status === 429)!.body).toEqual({ error: `You have reached the limit of ${PER_DAY} uploads a day. Try again tomorrow.` });
    const [{ requests }] = await sql<{ requests: number }>(`select requests from producer_upload_days d join producers p on p.id = d.producer_id join users u on u.id = p.user_id where u.email = ?`, [user.email]);
    expect(requests).toBe(PER_DAY);
  });

  it('refuses an upload past the storage allowance, storing none of it', async () => {
    const user = await registerUploader(test, 'hoarder');
    expect((await rest(test, 'POST', '/uploadingdrumsamples', user.accessToken, drums(3, 20))).status).toBe(201);
    const before = await storedCounts(test);
    const over = await rest(test, 'POST', '/uploadingdrumsamples', user.accessToken, drums(1, 30));
    expect(over.status).toBe(413);
    expect(over.body.error).toMatch(/^This upload would take your stored samples past your 0\.\d\d GB limit \(0\.\d\d GB used\)\./);
    expect(await storedCounts(test)).toEqual(before);
    // Another producer has their own room.
    const other = await registerUploader(test, 'roomy');
    expect((await rest(test, 'POST', '/uploadingdrumsamples', other.accessToken, drums(1, 40))).status).toBe(201);
  });
});

describe('my uploads', () => {
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let compositionId: string;
  let loopId: string;

  beforeAll(async () => {
    owner = await registerUploader(test, 'owner');
    stranger = await registerUploader(test, 'stranger');
    compositionId = (await rest(test, 'POST', '/uploadingmelsamples', owner.accessToken, melody('D'))).body.composition.id;
    loopId = (await rest(test, 'POST', '/uploadingdrumsamples', owner.accessToken, drums(1, 50))).body.drum_loops[0].id;
  });

  it('lists the producer’s compositions and drum loops with their analysis', async () => {
    const list = await rest(test, 'GET', '/my-uploads/compositions', owner.accessToken);
    expect(list.body).toMatchObject({ total: 1, pages: 1, current_page: 1 });
    expect(list.body.compositions[0]).toMatchObject({ id: compositionId, key: 'D', mode: 'Minor', bpm: 90, withdrawn_at: null });
    expect(list.body.compositions[0]).toHaveProperty('detected_key');
    expect(list.body.compositions[0]).toHaveProperty('key_mismatch');
    const gql = await graphql<{ myDrumLoops: { total: number; items: { id: string; detectedBpm: number | null; bpmMismatch: boolean; tags: { genres: string[] } }[] } }>(
      test.url, '{ myDrumLoops { total items { id detectedBpm bpmMismatch tags { genres } } } }', {}, owner.accessToken,
    );
    expect(gql.data!.myDrumLoops).toMatchObject({ total: 1, items: [{ id: loopId, bpmMismatch: false, tags: { genres: ['Trap'] } }] });
    expect((await rest(test, 'GET', '/my-uploads/compositions', stranger.accessToken)).body.total).toBe(0);
    expect((await rest(test, 'GET', '/my-uploads/beats', owner.accessToken)).status).toBe(400);
    expect((await rest(test, 'GET', '/my-uploads/compositions?page=0', owner.accessToken)).status).toBe(400);
  });

  it('edits tags (owner only), with the upload rules', async () => {
    const tags = { artists: ['Madlib', ' madlib '], instruments: ['Keys'], genres: ['Jazz'], moods: ['Warm'], tempo_style: ['swing'] };
    const edited = await rest(test, 'PUT', `/my-uploads/compositions/${compositionId}/tags`, owner.accessToken, tags);
    expect(edited.status).toBe(200);
    expect(edited.body.composition).toMatchObject({ artists: ['Madlib'], genres: ['Jazz'] });
    const [row] = await sql<{ tag_keys: string[] }>('select tag_keys from melody_compositions where id = ?', [compositionId]);
    expect(row.tag_keys).toContain('genre:jazz');
    const refused = await rest(test, 'PUT', `/my-uploads/compositions/${compositionId}/tags`, stranger.accessToken, tags);
    expect(refused).toMatchObject({ status: 403, body: { error: 'Only the producer who uploaded this composition may change it.' } });
    expect((await rest(test, 'PUT', `/my-uploads/compositions/${compositionId}/tags`, owner.accessToken, { ...tags, genres: [] })).body).toEqual({ error: 'Add at least one entry to Genres.' });
    expect((await rest(test, 'PUT', `/my-uploads/drum-loops/not-an-id/tags`, owner.accessToken, tags)).status).toBe(404);
    const gql = await graphql(test.url, 'mutation($id: ID!) { updateDrumLoopTags(id: $id, tags: { artists: ["A"], instruments: [], genres: ["Trap"], moods: ["Dark"], tempoStyles: ["fast"] }) { id } }', { id: loopId }, stranger.accessToken);
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it("stores each file's onsets, as a render would detect them in the stored file, and hands them to the renderer with it", async () => {
    const rows = await sql<{ id: string; blob_key: string; onsets: unknown }>(
      `select id, audio_blob_key as blob_key, onsets from melody_stems where composition_id = ? union all select id, audio_blob_key, onsets from drum_loops where id = ?`,
      [compositionId, loopId],
    );
    expect(rows).toHaveLength(2);
    const load = createSampleFileLoader(test.app.orm, test.app.blobs);
    for (const row of rows) {
      // The stored file decoded as the render worker decodes it, and detected as each warp kind detects.
      const audio = decodeWav(await test.app.blobs.get(row.blob_key)).audio;
      const detected = { drums: loopOnsets(audio, { threshold: DRUM_ONSET_THRESHOLD }), tonal: loopOnsets(audio) };
      expect(detected.drums.length + detected.tonal.length).toBeGreaterThan(0);
      expect(parseSampleOnsets(row.onsets)).toEqual(detected);
      const sample = await load(row.id);
      expect(sample.onsets).toEqual(detected);
      expect(Buffer.from(sample.file).equals(await test.app.blobs.get(row.blob_key))).toBe(true);
    }
    // Lazy: an ordinary query of the catalogue leaves them in the database.
    const em = test.app.orm.em.fork();
    expect((await em.findOneOrFail(DrumLoop, loopId)).onsets).toBeUndefined();
    expect((await em.fork().findOneOrFail(DrumLoop, loopId, { populate: ['onsets'] })).onsets).toEqual(rows.find((r) => r.id === loopId)!.onsets);
  });

  it('loads a sample stored without onsets (or with unreadable ones) as its file alone: the renderer detects them', async () => {
    const [{ id }] = await sql<{ id: string }>('select id from melody_stems where composition_id = ?', [compositionId]);
    const kept = (await sql<{ onsets: unknown }>('select onsets from melody_stems where id = ?', [id]))[0].onsets;
    try {
      for (const value of [null, '{"v":1,"drums":[]}']) {
        await sql('update melody_stems set onsets = ?::jsonb where id = ?', [value, id]);
        const sample = await createSampleFileLoader(test.app.orm, test.app.blobs)(id);
        expect(sample.onsets).toBeUndefined();
        expect(decodeWav(sample.file).audio.sampleRate).toBe(44100);
      }
    } finally {
      await sql('update melody_stems set onsets = ?::jsonb where id = ?', [JSON.stringify(kept), id]);
    }
  });

  it('withdraws: never picked for a new beat, still loadable for beats already made', async () => {
    const em = test.app.orm.em.fork();
    const before = await drumCandidates(em, 'Kicks', [], 140, 100, 'k');
    expect(before.map((c) => c.id)).toContain(loopId);
    expect((await rest(test, 'POST', `/my-uploads/drum-loops/${loopId}/withdraw`, stranger.accessToken)).status).toBe(403);
    const withdrawn = await rest(test, 'POST', `/my-uploads/drum-loops/${loopId}/withdraw`, owner.accessToken);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.drum_loop.withdrawn_at).not.toBeNull();
    expect((await drumCandidates(em, 'Kicks', [], 140, 100, 'k')).map((c) => c.id)).not.toContain(loopId);
    expect((await drumCandidates(em, 'Kicks', ['genre:trap'], 140, 100, 'k')).map((c) => c.id)).not.toContain(loopId);
    const load = createSampleFileLoader(test.app.orm, test.app.blobs);
    expect(decodeWav((await load(loopId)).file).audio.sampleRate).toBe(44100);
    expect((await rest(test, 'GET', '/my-uploads/drum-loops', owner.accessToken)).body.total).toBe(0);
    expect((await rest(test, 'GET', '/my-uploads/drum-loops?include_withdrawn=true', owner.accessToken)).body.total).toBe(1);

    const gql = await graphql<{ withdrawComposition: { withdrawnAt: string | null } }>(test.url, 'mutation($id: ID!) { withdrawComposition(id: $id) { withdrawnAt } }', { id: compositionId }, owner.accessToken);
    expect(gql.data!.withdrawComposition.withdrawnAt).not.toBeNull();
    expect((await compositionCandidates(em, ['genre:jazz'], 100, 'k')).map((c) => c.id)).not.toContain(compositionId);
  });
});
