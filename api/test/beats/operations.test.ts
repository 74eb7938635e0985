import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { jobProgress } from '../support/job-progress';
import { dataUrl, melodyWav } from '../support/wav-fixtures';
import { User } from '../../src/modules/accounts/user.entity';
import { Beat } from '../../src/modules/beats/beat.entity';
import type { Arrangement } from '../../src/audio';
import type { JsonObject } from '../support/json';

/**
 * The beat operations end to end beyond the first generation: regenerate, full beat, drum edits,
 * refusals of unknown and foreign beats, the token balance path, the structure query and the
 * beat list's order and cap.
 */

let test: TestApp;
let producers: SignedInUser[];
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestApp();
  ({ producers } = await uploadSmallCatalogue(test));
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
});

type BeatView = {
  id: string; prompt: string; kind: string; structure: string; bpm: number; key: string; mode: string;
  audioUrl: string; parentId: string | null; sections: { label: string; drums: string[]; removedDrums: string[] }[];
};
type Progress = { status: string; error: string | null; errorCode: string | null; tokensRemaining: number | null; beat: BeatView | null };

const BEAT_FIELDS = 'id prompt kind structure bpm key mode audioUrl parentId sections { label drums removedDrums }';

/** Follows a job on `generationProgress` until it ends; resolves with its last event. */
async function follow(token: string, jobId: string): Promise<Progress> {
  const events = await jobProgress<Progress>(test.url, token, jobId, `status error errorCode tokensRemaining beat { ${BEAT_FIELDS} }`, clients);
  const last = events.at(-1);
  if (!last) throw new Error('the subscription ended without an event');
  return last;
}

/** Sends a mutation that starts a job (its one field answers `{ id }`) and follows the job to its end. */
async function runJob(token: string, mutation: string, variables: Record<string, unknown>): Promise<Progress> {
  const started = await graphql<Record<string, { id: string }>>(test.url, mutation, variables, token);
  expect(started.errors).toBeUndefined();
  const [job] = Object.values(started.data!);
  return follow(token, job.id);
}

/** A job's beat, once it succeeded (fails the test with the job's error otherwise). */
async function beatOf(done: Promise<Progress>): Promise<BeatView> {
  const event = await done;
  expect(event).toMatchObject({ status: 'succeeded', error: null });
  return event.beat!;
}

const GENERATE = 'mutation($p: String!) { generateBeat(prompt: $p) { id } }';
const REGENERATE = 'mutation($id: ID!) { regenerateBeat(beatId: $id) { id } }';
const FULL_BEAT = 'mutation($id: ID!) { makeFullBeat(beatId: $id) { id } }';
const editMutation = (field: 'changeDrums' | 'removeDrums' | 'setGlobalDrums') =>
  `mutation($id: ID!, $s: [SectionDrumsInput!]!) { ${field}(beatId: $id, sections: $s) { id } }`;

const sql = <T extends JsonObject[] = JsonObject[]>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T>(query, params);

/** A new account; level 2 (Early Access Premium) unlocks full beats and edits. */
async function signUp(name: string, level = 1): Promise<SignedInUser> {
  const user = await registerAndSignIn(test, name);
  if (level !== 1) await sql(`insert into billing_accounts (user_id, level, updated_at) select id, ?, now() from users where email = ? on conflict (user_id) do update set level = excluded.level`, [level, user.email]);
  return user;
}

const tokensOf = async (user: SignedInUser) =>
  (await graphql<{ me: { tokensRemaining: number } }>(test.url, '{ me { tokensRemaining } }', {}, user.accessToken)).data!.me.tokensRemaining;
const beatIdsOf = async (user: SignedInUser) =>
  (await graphql<{ myBeats: { id: string }[] }>(test.url, '{ myBeats { id } }', {}, user.accessToken)).data!.myBeats.map((b) => b.id);
const structureOf = async (user: SignedInUser, full: boolean) =>
  (await graphql<{ beatStructure: string | null }>(test.url, 'query($full: Boolean!) { beatStructure(full: $full) }', { full }, user.accessToken)).data!.beatStructure;

const post = async (user: SignedInUser, path: string, body: unknown) => {
  const response = await fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(user.accessToken) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as JsonObject };
};

const mp3Of = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/mpeg');
  return Buffer.from(await response.arrayBuffer());
};

/** What makes a beat sound like itself: its melody, its drum loop in every section, tempo and key. */
const soundOf = async (beatId: string): Promise<string> => {
  const [row] = await sql<{ arrangement: Arrangement; bpm: number; key: string; mode: string }[]>('select arrangement, bpm, key, mode from beats where id = ?', [beatId]);
  const cells = row.arrangement.sections.map((s) => `${s.label}:${s.parts.map((p) => p.sample.sampleId).sort().join(',')}`);
  return JSON.stringify([row.bpm, row.key, row.mode, cells]);
};
/** The loop a drum type plays in one section. */
const drumSampleOf = async (beatId: string, section: number, role: string): Promise<string> => {
  const [{ arrangement }] = await sql<{ arrangement: Arrangement }[]>('select arrangement from beats where id = ?', [beatId]);
  const layer = arrangement.layers.find((l) => l.role === role)!;
  return arrangement.sections[section].parts.find((p) => p.layerId === layer.id)!.sample.sampleId;
};

describe('regenerating a beat', () => {
  // Four compositions fit this prompt equally (and nothing else in the catalogue fits it), so every
  // generation picks one of them at random: 7 beats all alike has a chance of 4 x (1/4)^7, 0.02%.
  // (GENERATION_SEED would not make it reproducible: the catalogue's candidates come in random order.)
  const prompt = 'eerie beat';
  let listener: SignedInUser;
  let first: BeatView;

  beforeAll(async () => {
    const eerie = [['C', 120], ['D', 100], ['G', 130], ['B', 90]] as const;
    for (const [i, [key, bpm]] of eerie.entries()) {
      const uploaded = await post(producers[i % 2], '/uploadingmelsamples', {
        artists: ['Nobody'], instruments: ['Keys'], genres: ['Ambient'], moods: ['Eerie'], tempo_style: ['half-time'], bpm, key, mode: 'Minor',
        files: [{ name: 'keys.wav', data: dataUrl(melodyWav(key, 'Minor', bpm, i + 3)) }],
      });
      expect(uploaded.status).toBe(201);
    }
    listener = await signUp('regen');
    first = await beatOf(runJob(listener.accessToken, GENERATE, { p: prompt }));
  }, 180_000);

  it('regenerateBeat (GraphQL) makes a new beat from the same prompt for 1 token', async () => {
    const before = await tokensOf(listener);
    const done = await runJob(listener.accessToken, REGENERATE, { id: first.id });
    expect(done).toMatchObject({ status: 'succeeded', tokensRemaining: before - 1 });
    expect(done.beat).toMatchObject({ prompt, kind: 'first', structure: expect.stringMatching(/^[IVCBO]+$/) });
    expect(done.beat!.id).not.toBe(first.id);
    expect((await mp3Of(done.beat!.audioUrl)).byteLength).toBeGreaterThan(50_000);
    expect(await tokensOf(listener)).toBe(before - 1);
  });

  it('regenerating the same prompt several times gives different beats', async () => {
    // Its own listener: 7 jobs in a minute stay under the rate limit (10) whatever the other tests start.
    const repeater = await signUp('repeat');
    const beats = [await beatOf(runJob(repeater.accessToken, GENERATE, { p: prompt }))];
    for (let i = 0; i < 6; i++) beats.push(await beatOf(runJob(repeater.accessToken, REGENERATE, { id: beats[0].id })));
    expect(new Set(beats.map((b) => b.prompt))).toEqual(new Set([prompt]));
    const sounds = new Set(await Promise.all(beats.map((b) => soundOf(b.id))));
    expect(sounds.size).toBeGreaterThan(1);
  }, 120_000);

  it('POST /regenerate_beat answers with the spec fields once the beat is ready', async () => {
    const before = await tokensOf(listener);
    const { status, body } = await post(listener, '/regenerate_beat', { beat_id: first.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      error: null, audio_url: expect.stringContaining('/media/'), tokens_remaining: before - 1,
      Key: expect.any(String), Mode: expect.stringMatching(/^(Major|Minor)$/), BPM: expect.any(Number),
      search_query: prompt, beat_structuring: expect.stringMatching(/^[IVCBO]+$/), beat_id: expect.any(String),
    });
    expect(body.beat_id).not.toBe(first.id);
    expect(body.producer_info[0]).toEqual({ producer: expect.any(String), percentage: expect.any(Number) });
    expect(await tokensOf(listener)).toBe(before - 1);
    expect((await beatIdsOf(listener))[0]).toBe(body.beat_id);
  });
});

describe('full beats and drum edits over GraphQL (level 2)', () => {
  let premium: SignedInUser;
  let first: BeatView;

  beforeAll(async () => {
    premium = await signUp('premium', 2);
    first = await beatOf(runJob(premium.accessToken, GENERATE, { p: 'dark trap type beat' }));
  });

  it('beatStructure answers the first beat, and null for a full beat before there is one', async () => {
    expect(await structureOf(premium, false)).toBe(first.structure);
    expect(await structureOf(premium, true)).toBeNull();
  });

  it('makeFullBeat makes the whole, longer song from the same loops for 1 token', async () => {
    const before = await tokensOf(premium);
    const done = await runJob(premium.accessToken, FULL_BEAT, { id: first.id });
    expect(done).toMatchObject({ status: 'succeeded', tokensRemaining: before - 1 });
    const full = done.beat!;
    expect(full).toMatchObject({ kind: 'full', prompt: first.prompt, bpm: first.bpm, key: first.key, mode: first.mode, parentId: first.id });
    expect(full.structure.length).toBeGreaterThan(first.structure.length);
    expect(full.sections.map((s) => s.label).join('')).toBe(full.structure);
    expect(await tokensOf(premium)).toBe(before - 1);
    // The full beat is newer, but the plain structure is still the latest short beat's.
    expect(await structureOf(premium, true)).toBe(full.structure);
    expect(await structureOf(premium, false)).toBe(first.structure);
  });

  it("changeDrums swaps one section's kick loop and renders new audio, for free", async () => {
    const before = await tokensOf(premium);
    const edited = await beatOf(runJob(premium.accessToken, editMutation('changeDrums'), { id: first.id, s: [{ section: 2, drums: ['Kicks'] }] }));
    expect(edited).toMatchObject({ kind: 'edit', parentId: first.id, structure: first.structure, key: first.key, bpm: first.bpm });
    expect(edited.audioUrl).not.toBe(first.audioUrl);
    expect((await mp3Of(edited.audioUrl)).byteLength).toBeGreaterThan(50_000);
    expect(await drumSampleOf(edited.id, 2, 'Kicks')).not.toBe(await drumSampleOf(first.id, 2, 'Kicks'));
    expect(await drumSampleOf(edited.id, 1, 'Kicks')).toBe(await drumSampleOf(first.id, 1, 'Kicks'));
    expect(await tokensOf(premium)).toBe(before);
  });

  it("removeDrums mutes one section's kicks and renders new audio, for free", async () => {
    const before = await tokensOf(premium);
    const edited = await beatOf(runJob(premium.accessToken, editMutation('removeDrums'), { id: first.id, s: [{ section: 1, drums: ['Kicks'] }] }));
    expect(edited).toMatchObject({ kind: 'edit', parentId: first.id, structure: first.structure });
    expect(edited.sections[1]).toMatchObject({ removedDrums: ['Kicks'] });
    expect(edited.sections[1].drums).not.toContain('Kicks');
    expect(edited.sections[2].drums).toContain('Kicks');
    const [source, result] = [await mp3Of(first.audioUrl), await mp3Of(edited.audioUrl)];
    expect(result.equals(source)).toBe(false);
    expect(await tokensOf(premium)).toBe(before);
    // An edit is the latest short beat: the structure path answers it (the full beat's is unchanged).
    expect(await structureOf(premium, false)).toBe(edited.structure);
    expect((await beatIdsOf(premium))[0]).toBe(edited.id);
  });
});

describe('unknown and foreign beats', () => {
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let ownersBeat: string;

  beforeAll(async () => {
    owner = await signUp('owner', 2);
    stranger = await signUp('stranger', 2);
    ownersBeat = (await beatOf(runJob(owner.accessToken, GENERATE, { p: 'dark trap type beat' }))).id;
  });

  const unknownIds = () => [ownersBeat, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];

  it('GraphQL operations on them are NOT_FOUND, charge nothing and make no beat', async () => {
    const [ownerTokens, strangerTokens] = [await tokensOf(owner), await tokensOf(stranger)];
    const ownerBeats = await beatIdsOf(owner);
    const s = [{ section: 1, drums: ['Kicks'] }];
    for (const id of unknownIds()) {
      const attempts = [
        graphql(test.url, FULL_BEAT, { id }, stranger.accessToken),
        graphql(test.url, REGENERATE, { id }, stranger.accessToken),
        graphql(test.url, editMutation('changeDrums'), { id, s }, stranger.accessToken),
        graphql(test.url, editMutation('removeDrums'), { id, s }, stranger.accessToken),
        graphql(test.url, editMutation('setGlobalDrums'), { id, s }, stranger.accessToken),
        graphql(test.url, 'query($id: ID!) { beat(id: $id) { id } }', { id }, stranger.accessToken),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer.errors?.[0]).toMatchObject({ message: 'That beat does not exist.', extensions: { code: 'NOT_FOUND' } });
      }
    }
    expect(await tokensOf(stranger)).toBe(strangerTokens);
    expect(await tokensOf(owner)).toBe(ownerTokens);
    expect(await beatIdsOf(stranger)).toEqual([]);
    expect(await beatIdsOf(owner)).toEqual(ownerBeats);
  });

  it('REST paths on them answer 404 with a JSON error, charge nothing and make no beat', async () => {
    const [ownerTokens, strangerTokens] = [await tokensOf(owner), await tokensOf(stranger)];
    const ownerBeats = await beatIdsOf(owner);
    for (const beat_id of unknownIds()) {
      const attempts = [
        post(stranger, '/generate_full_beat', { beat_id }),
        post(stranger, '/change_stems', { beat_id, sections: { 1: { Kicks: true } } }),
        post(stranger, '/remove_drum', { beat_id, sections: { 1: ['Kicks'] } }),
        post(stranger, '/set_global_drum', { beat_id, sections: { 1: { Kicks: true } } }),
      ];
      for (const answer of await Promise.all(attempts)) expect(answer).toEqual({ status: 404, body: { error: 'That beat does not exist.' } });
    }
    expect(await tokensOf(stranger)).toBe(strangerTokens);
    expect(await tokensOf(owner)).toBe(ownerTokens);
    expect(await beatIdsOf(stranger)).toEqual([]);
    expect(await beatIdsOf(owner)).toEqual(ownerBeats);
    const [{ jobs }] = await sql<{ jobs: number }[]>('select count(*)::int as jobs from generation_jobs where owner_id = (select id from users where email = ?)', [stranger.email]);
    expect(jobs).toBe(0);
  });
});

describe('GET /tokens_remaining', () => {
  it('answers the same balance as me.tokensRemaining, before and after spending', async () => {
    const user = await signUp('balance');
    const restBalance = async () => {
      const response = await fetch(`${test.url}/tokens_remaining`, { headers: bearer(user.accessToken) });
      expect(response.status).toBe(200);
      return response.json();
    };
    const start = await tokensOf(user);
    expect(await restBalance()).toEqual({ tokens_remaining: start });
    await beatOf(runJob(user.accessToken, GENERATE, { p: 'country beat' }));
    expect(await tokensOf(user)).toBe(start - 1);
    expect(await restBalance()).toEqual({ tokens_remaining: start - 1 });
  });

  it('without a valid access token answers 401 with a JSON error', async () => {
    for (const headers of [{}, bearer('not-a-token')]) {
      const response = await fetch(`${test.url}/tokens_remaining`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe('myBeats', () => {
  it('lists the newest first and at most 200', async () => {
    const collector = await signUp('collector');
    const { id: ownerId } = (await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, collector.accessToken)).data!.me;
    // Rows copied from a real beat (so they present like one), a minute apart, stored oldest first.
    const em = test.app.orm.em.fork();
    const source = await em.findOneOrFail(Beat, { kind: 'first' }, { orderBy: { createdAt: 'asc' } });
    const count = 205;
    const now = Date.now();
    for (let age = count; age >= 1; age--) {
      em.create(Beat, {
        owner: em.getReference(User, ownerId), prompt: `old beat ${age}`, title: `Old beat ${age}`, bpm: source.bpm, key: source.key,
        mode: source.mode, structure: source.structure, kind: source.kind, arrangement: source.arrangement, selection: source.selection,
        producerShares: source.producerShares, mp3BlobKey: source.mp3BlobKey, wavBlobKey: source.wavBlobKey,
        durationSeconds: source.durationSeconds, loudnessLufs: source.loudnessLufs, truePeakDbtp: source.truePeakDbtp,
        masterGainDb: source.masterGainDb, peaks: source.peaks, createdAt: new Date(now - age * 60_000),
      });
    }
    await em.flush();

    const listed = await graphql<{ myBeats: { prompt: string; createdAt: string }[] }>(test.url, '{ myBeats { prompt createdAt } }', {}, collector.accessToken);
    expect(listed.errors).toBeUndefined();
    const beats = listed.data!.myBeats;
    expect(beats).toHaveLength(200);
    expect(beats.map((b) => b.prompt)).toEqual(Array.from({ length: 200 }, (_, i) => `old beat ${i + 1}`));
    const times = beats.map((b) => Date.parse(b.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
