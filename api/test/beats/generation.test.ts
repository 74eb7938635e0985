import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { jobProgress } from '../support/job-progress';
import type { JsonObject } from '../support/json';

let test: TestApp;
let listener: SignedInUser;
const clients: Client[] = [];

beforeAll(async () => {
  // One job at a time, so a job started behind another waits in the queue while its follower subscribes.
  test = await startTestApp({ GENERATION_CONCURRENCY: '1' });
  await uploadSmallCatalogue(test);
  listener = await registerAndSignIn(test, 'listener');
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
});

type Progress = {
  status: string; stage: number; message: string | null; error: string | null; errorCode: string | null; tokensRemaining: number | null;
  beat: { id: string; bpm: number; key: string; mode: string; structure: string; audioUrl: string; producers: { name: string; percent: number }[] } | null;
};

const follow = (token: string, jobId: string) =>
  jobProgress<Progress>(test.url, token, jobId, `status stage message error errorCode tokensRemaining
    beat { id bpm key mode structure audioUrl producers { name percent } }`, clients);

const generate = (token: string, prompt: string) =>
  graphql<{ generateBeat: { id: string; status: string } }>(test.url, 'mutation($p: String!) { generateBeat(prompt: $p) { id status } }', { p: prompt }, token);

describe('generation through GraphQL with live progress', () => {
  it('turns a prompt into a playable beat, streaming the five stages in order', async () => {
    // Another listener's beat takes the one job slot; ours waits behind it while we subscribe, so
    // every stage of ours is published after the subscription starts. The other beat is country, so
    // it can never hold our trap arrangement (which would nudge our tempo off 140 to stay unique).
    const other = await registerAndSignIn(test, 'ahead');
    const ahead = await generate(other.accessToken, 'country');
    const started = await generate(listener.accessToken, 'dark trap type beat like Future');
    expect(started.errors).toBeUndefined();
    const events = await follow(listener.accessToken, started.data!.generateBeat.id);
    await follow(other.accessToken, ahead.data!.generateBeat.id);
    // The first event is the job as it stands when the subscription starts (queued); then every
    // stage arrives, in order, with the spec's step message.
    expect(events[0].status).toBe('queued');
    const running = events.filter((e) => e.status === 'running' && e.stage > 0);
    expect(running.map((e) => e.stage)).toEqual([1, 2, 3, 4, 5]);
    const messages = ['Getting audio files...', 'Arranging drums...', 'Arranging melody files...', 'Generating structure...', 'Applying mixing...'];
    expect(running.map((e) => e.message)).toEqual(messages);
    const last = events[events.length - 1];
    expect(last.status).toBe('succeeded');
    expect(last.tokensRemaining).toBe(24);
    const beat = last.beat!;
    expect(beat.structure).toMatch(/^[IVCBO]+$/);
    expect(beat.bpm).toBe(140);
    expect(Math.round(beat.producers.reduce((a, p) => a + p.percent * 100, 0))).toBe(10_000);
    const audio = await fetch(beat.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(50_000);
    // Its download link answers as an attachment named after the beat, so the browser streams it to
    // disk; the web app first asks for one byte (Range) from its own origin to tell a refused or empty
    // link from a file (issue 30).
    const mine = await graphql<{ myBeats: { id: string; title: string; downloadUrl: string }[] }>(test.url, '{ myBeats { id title downloadUrl } }', {}, listener.accessToken);
    const stored = mine.data!.myBeats.find((b) => b.id === beat.id)!;
    const probe = await fetch(stored.downloadUrl, { headers: { Range: 'bytes=0-0', Origin: test.config.webOrigin } });
    expect(probe.status).toBe(206);
    expect(probe.headers.get('content-range')).toMatch(/^bytes 0-0\/\d{5,}$/);
    expect(probe.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="?${stored.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.mp3"?`));
    expect(probe.headers.get('access-control-allow-origin')).toBe(test.config.webOrigin);
    expect(probe.headers.get('access-control-expose-headers')).toContain('Content-Disposition');
    expect((await probe.arrayBuffer()).byteLength).toBe(1);
    // The memory report (the soak's) counts what the beats left in the caches, within their bounds.
    const caches = test.app.cacheStats();
    expect(Object.keys(caches).sort()).toEqual(['mp3Chunks', 'sampleFiles', 'warpedLoops']);
    expect(caches.sampleFiles.entries).toBeGreaterThan(0);
    expect(caches.sampleFiles.bytes).toBeGreaterThan(0);
    expect(caches.sampleFiles.bytes).toBeLessThanOrEqual(test.config.caches.sampleBytes);
    expect(caches.warpedLoops.bytes).toBeGreaterThan(0);
    expect(caches.mp3Chunks.bytes).toBeGreaterThan(0);
  });

  it('says what the prompt was read as, on the job at once and on the beat', async () => {
    const started = await graphql<{ generateBeat: { id: string; reading: { summary: string; mode: string | null; ignored: string[] } } }>(
      test.url, 'mutation($p: String!) { generateBeat(prompt: $p) { id reading { summary mode ignored } } }', { p: 'gloomy future type beat blorp' }, listener.accessToken);
    expect(started.data!.generateBeat.reading).toEqual({ summary: 'future, minor, 60–88 BPM (ignored: blorp)', mode: 'Minor', ignored: ['blorp'] });
    await follow(listener.accessToken, started.data!.generateBeat.id);
    const beats = await graphql<{ myBeats: { reading: { summary: string } | null }[] }>(test.url, '{ myBeats { reading { summary } } }', {}, listener.accessToken);
    expect(beats.data!.myBeats[0].reading?.summary).toBe('future, minor, 60–88 BPM (ignored: blorp)');
  });

  it('a late subscriber first gets the job as it stands', async () => {
    const started = await generate(listener.accessToken, 'country beat');
    const first = await follow(listener.accessToken, started.data!.generateBeat.id);
    expect(first[first.length - 1].status).toBe('succeeded');
    const late = await follow(listener.accessToken, started.data!.generateBeat.id);
    expect(late).toHaveLength(1);
    expect(late[0].status).toBe('succeeded');
    expect(late[0].beat?.id).toBe(first[first.length - 1].beat?.id);
  });

  it('subscribers joining a running job at any moment all see it finish', async () => {
    const started = await generate(listener.accessToken, 'sad piano 85 bpm in A minor');
    const id = started.data!.generateBeat.id;
    const joins = Array.from({ length: 8 }, (_, i) =>
      new Promise<void>((resolve) => setTimeout(resolve, i * 60)).then(() => follow(listener.accessToken, id)),
    );
    const seen = await Promise.all(joins);
    for (const events of seen) expect(events[events.length - 1]).toMatchObject({ status: 'succeeded', beat: { bpm: 85, key: 'A', mode: 'Minor' } });
    const stages = seen.flatMap((events) => events.map((e) => e.stage));
    expect(new Set(stages).size).toBeGreaterThan(1); // some joined while it ran
  });

  it('only the owner may follow a job', async () => {
    const started = await generate(listener.accessToken, 'trap');
    const stranger = await registerAndSignIn(test, 'stranger');
    await expect(follow(stranger.accessToken, started.data!.generateBeat.id)).rejects.toThrow(/does not exist/);
    await follow(listener.accessToken, started.data!.generateBeat.id);
  });

  it('refuses empty and over-long prompts without charging', async () => {
    const before = (await graphql<{ me: { tokensRemaining: number } }>(test.url, '{ me { tokensRemaining } }', {}, listener.accessToken)).data!.me.tokensRemaining;
    expect((await generate(listener.accessToken, '   ')).errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect((await generate(listener.accessToken, 'x'.repeat(501))).errors?.[0].message).toBe('The prompt must be at most 500 characters.');
    const after = (await graphql<{ me: { tokensRemaining: number } }>(test.url, '{ me { tokensRemaining } }', {}, listener.accessToken)).data!.me.tokensRemaining;
    expect(after).toBe(before);
  });

  it('full beats and edits need level 2 (FORBIDDEN, 403 on REST)', async () => {
    const beats = await graphql<{ myBeats: { id: string }[] }>(test.url, '{ myBeats { id } }', {}, listener.accessToken);
    const id = beats.data!.myBeats[0].id;
    const full = await graphql(test.url, 'mutation($id: ID!) { makeFullBeat(beatId: $id) { id } }', { id }, listener.accessToken);
    expect(full.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const rest = await fetch(`${test.url}/remove_drum`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) },
      body: JSON.stringify({ beat_id: id, sections: { 1: ['Kicks'] } }),
    });
    expect(rest.status).toBe(403);
  });
});

describe('generation through REST', () => {
  it('POST /generate_beat answers with the spec fields once the beat is ready', async () => {
    const response = await fetch(`${test.url}/generate_beat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) },
      body: JSON.stringify({ prompt: 'trap type beat with country drums' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as JsonObject;
    expect(body).toMatchObject({
      error: null, audio_url: expect.stringContaining('/media/'), tokens_remaining: expect.any(Number),
      Key: expect.any(String), Mode: expect.stringMatching(/^(Major|Minor)$/), BPM: expect.any(Number),
      search_query: 'trap type beat with country drums', beat_structuring: expect.stringMatching(/^[IVCBO]+$/), beat_id: expect.any(String),
    });
    expect(body.producer_info[0]).toEqual({ producer: expect.any(String), percentage: expect.any(Number) });
    // What the prompt was read as (not in the spec: it teaches the listener how to ask).
    expect(body.read_as).toMatchObject({ summary: 'trap, country drums', genres: ['trap'], drum_genres: ['country'], ignored: [] });
    const structure = await (await fetch(`${test.url}/get_beat_structure`, { headers: bearer(listener.accessToken) })).json();
    expect(structure).toEqual({ structure: body.beat_structuring });
  });

  it('unknown and foreign beat ids are NOT_FOUND, and cost nothing', async () => {
    const stranger = await registerAndSignIn(test, 'stranger2');
    const mine = (await graphql<{ myBeats: { id: string }[] }>(test.url, '{ myBeats { id } }', {}, listener.accessToken)).data!.myBeats[0].id;
    for (const beatId of [mine, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await fetch(`${test.url}/regenerate_beat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(stranger.accessToken) },
        body: JSON.stringify({ beat_id: beatId }),
      });
      expect(response.status).toBe(404);
    }
    const me = await graphql<{ me: { tokensRemaining: number } }>(test.url, '{ me { tokensRemaining } }', {}, stranger.accessToken);
    expect(me.data!.me.tokensRemaining).toBe(25);
  });
});
