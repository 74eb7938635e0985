import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateKey, estimateTempo, integratedLoudness, truePeakDb, decodeWav, loopFrames } from '../../src/audio';
import { sectionSpans, decodeMp3 } from '../../src/audio/testing';
import { Beat } from '../../src/modules/beats/beat.entity';
import { planDemoLibrary, type DemoLibraryPlan } from '../../src/modules/catalog/demo-library/plan';
import { seedDemoLibrary } from '../../src/modules/catalog/demo-seeder';
import { createLogger } from '../../src/platform/logging/logger';
import { barByBarDistances, labelLoudness, measureBeat, type BeatMeasures } from '../support/arrangement-measures';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';

/**
 * Beats as a listener gets them, judged by the engine's own analysis: 20 prompts over the demo
 * library's genres; each beat's declared tempo and key are what the audio has, the master sits at
 * -14 LUFS under a -1 dBTP ceiling (the WAV master and the decoded MP3), and no section join clicks.
 */
const PROMPTS = [
  'trap type beat with country drums', 'sad piano 85 bpm in A minor', 'dark drill beat', 'lofi chill beat',
  'boom bap with jazzy keys', 'happy pop beat', 'afrobeats dance', 'r&b love song', 'country guitar beat',
  'hard trap like metro boomin', 'travis scott type beat', 'pop smoke drill', 'j dilla soulful beat', 'nujabes lofi',
  'the weeknd type beat', 'burna boy afrobeats', 'dua lipa pop 120 bpm', 'morgan wallen country', 'dreamy beat in F# major',
  'energetic trap 150 bpm',
];

// A part of the demo library: two compositions of each genre and one loop of each of its drum types
// (all its 808s). Rendered once per machine into a cache kept between runs.
const full = planDemoLibrary();
const library: DemoLibraryPlan = {
  compositions: full.compositions.filter((c, i, all) => all.filter((x) => x.genre === c.genre).indexOf(c) < 2),
  drumLoops: full.drumLoops.filter((d) => d.drumType === '808s' || d.variant === 0),
};

let test: TestApp;
let listener: SignedInUser;
beforeAll(async () => {
  // A fixed seed: the same 20 beats on every run.
  test = await startTestApp({ GENERATION_SEED: '20261122' });
  await seedDemoLibrary({ orm: test.app.orm, blobs: test.app.blobs, logger: createLogger('silent'), dataDir: join(tmpdir(), 'ysm-test-demo-cache'), plan: library });
  listener = await registerAndSignIn(test, 'critic');
  // Level 2: full beats.
  await test.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, credits, cycle_end, updated_at) select id, 2, 100, ?, now() from users where email = ?
    on conflict (user_id) do update set level = excluded.level, credits = excluded.credits, cycle_end = excluded.cycle_end`, [new Date(Date.now() + 86_400_000), listener.email]);
}, 300_000);
afterAll(() => test?.close());

/** The largest sample-to-sample step of a channel between two frames. */
function maxStep(x: Float32Array, from: number, to: number): number {
  let m = 0;
  for (let i = Math.max(1, from); i < Math.min(x.length, to); i++) m = Math.max(m, Math.abs(x[i] - x[i - 1]));
  return m;
}

const KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
/** Position of a key's signature on the circle of fifths (0 = no accidentals). */
const circle = (key: string, mode: string) => ((KEYS.indexOf(key) + (mode === 'Minor' ? 3 : 0)) * 7) % 12;
/**
 * The declared key, or one the estimator can confuse it with on a short beat: its relative (the
 * same notes) or a neighbour on the circle of fifths (one note apart), as the engine's own key
 * estimator is specified (exact on 90% of progressions, the rest relative or fifth).
 */
const closeKey = (key: string, mode: string, found: { key: string; mode: string }) => {
  const d = Math.abs(circle(key, mode) - circle(found.key, found.mode));
  return Math.min(d, 12 - d) <= 1;
};

/** How far (dB, arrangement-measures.ts's patternDistance) the last bar before a boundary must be from its section's typical bar. */
const BOUNDARY_DB = 12;

/** Per beat: its genre and how it moves (arrangement-measures.ts), printed as the figures of docs/arrangement-quality.md. */
const movement: { prompt: string; beatId: string; genre: string; structure: string; measures: BeatMeasures }[] = [];
const fixed = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(1));
afterAll(() => {
  const rows = movement.map(({ prompt, genre, structure, measures }) => {
    const v = labelLoudness(measures, 'V');
    const c = labelLoudness(measures, 'C');
    const i = labelLoudness(measures, 'I');
    return `${genre.padEnd(10)} ${structure.padEnd(5)} chorus-verse ${fixed(c !== undefined && v !== undefined ? c - v : undefined)} LU, verse-intro ${fixed(i !== undefined && v !== undefined ? v - i : undefined)} LU, last bars ${measures.boundaryDistances.map(fixed).join(' ')} dB  (${prompt})`;
  });
  console.log(`movement per beat:\n${rows.join('\n')}`);
});

describe('beats for 20 prompts, measured', () => {
  const results: { prompt: string; exactKey: boolean; closeKey: boolean; found: string; declared: string }[] = [];
  const mp3Peaks: number[] = [];
  afterAll(() => console.log(`decoded MP3 true peaks (dBTP): max ${Math.max(...mp3Peaks).toFixed(2)}, ${mp3Peaks.map((p) => p.toFixed(2)).join(' ')}`));

  it.each(PROMPTS)('"%s"', async (prompt) => {
    // Sequential prompts stay under the per-minute limit by waiting it out when needed.
    let response: Response;
    for (;;) {
      response = await fetch(`${test.url}/generate_beat`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) }, body: JSON.stringify({ prompt }),
      });
      if (response.status !== 429) break;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    const body = (await response.json()) as { beat_id: string; BPM: number; Key: string; Mode: string; error?: string };
    expect(body.error ?? null).toBeNull();
    const beat = await test.app.orm.em.fork().findOneOrFail(Beat, { id: body.beat_id });
    const master = decodeWav(await test.app.blobs.get(beat.wavBlobKey)).audio;

    expect(Math.abs(integratedLoudness(master) - -14)).toBeLessThanOrEqual(0.5);
    expect({ prompt, truePeak: Math.max(truePeakDb(master), -1), stored: beat.truePeakDbtp }).toEqual({ prompt, truePeak: -1, stored: beat.truePeakDbtp });
    // The MP3 a listener plays and downloads, decoded by an independent decoder: lossy coding adds
    // overshoot, and the decoded file must still stay under the ceiling.
    const mp3 = await decodeMp3(await test.app.blobs.get(beat.mp3BlobKey));
    const mp3Peak = truePeakDb({ sampleRate: mp3.sampleRate, channels: mp3.channels });
    mp3Peaks.push(mp3Peak);
    expect({ prompt, mp3Peak: Math.max(mp3Peak, -1) }).toEqual({ prompt, mp3Peak: -1 });
    // Tempo of the first section: 8 bars, a loop the estimator can judge (a whole song of 24 bars
    // is also 32 bars at 4/3 of the tempo).
    const spans = sectionSpans(beat.arrangement, master.sampleRate, loopFrames);
    const first = { sampleRate: master.sampleRate, channels: master.channels.map((c) => c.subarray(spans[0].startFrame, spans[0].startFrame + spans[0].frames)) };
    const tempo = estimateTempo(first, { minBpm: body.BPM / 1.45, maxBpm: body.BPM * 1.45 });
    expect(Math.abs(tempo.bpm - body.BPM)).toBeLessThanOrEqual(1);
    movement.push({ prompt, beatId: body.beat_id, genre: beat.selection.genre ?? 'none', structure: beat.arrangement.sections.map((x) => x.label).join(''), measures: measureBeat(master, spans, body.BPM) });
    const key = estimateKey(master);
    results.push({ prompt, exactKey: key.key === body.Key && key.mode === body.Mode, closeKey: closeKey(body.Key, body.Mode, key), found: `${key.key} ${key.mode}`, declared: `${body.Key} ${body.Mode}` });

    // Section joins: no step at a join larger than the largest step anywhere else in the beat.
    const joins = spans.slice(1).map((s) => s.startFrame);
    const guard = 64;
    for (const channel of master.channels) {
      let elsewhere = 0;
      let from = 0;
      for (const join of [...joins, channel.length + guard]) {
        elsewhere = Math.max(elsewhere, maxStep(channel, from, join - guard));
        from = join + guard;
      }
      for (const join of joins) expect(maxStep(channel, join - guard, join + guard)).toBeLessThanOrEqual(1.05 * elsewhere);
    }
  }, 120_000);

  // Contrast (issue 32): choruses at least 1.5 LU over the verses, intros under them, in 18 of 20 beats.
  it('sets choruses at least 1.5 LU over the verses and intros under them, in at least 18 of 20 beats', () => {
    expect(movement.length).toBe(PROMPTS.length);
    const louder = movement.filter(({ measures }) => {
      const v = labelLoudness(measures, 'V');
      const c = labelLoudness(measures, 'C');
      return v !== undefined && c !== undefined && c - v >= 1.5;
    });
    const quieter = movement.filter(({ measures }) => {
      const v = labelLoudness(measures, 'V');
      const i = labelLoudness(measures, 'I');
      return i === undefined || (v !== undefined && v > i);
    });
    expect(louder.length).toBeGreaterThanOrEqual(18);
    expect(quieter.length).toBeGreaterThanOrEqual(18);
  });

  // Transitions (issue 32): the last bar before a section boundary differs audibly from its section's
  // typical bar (over 12 dB; calibrated on the beats before transitions, where it was 0.4-10.4 dB) at
  // 90% of the boundaries or more.
  it('makes the last bar before at least 90% of the section boundaries differ audibly from its section', () => {
    expect(movement.length).toBe(PROMPTS.length);
    const distances = movement.flatMap(({ measures }) => measures.boundaryDistances);
    const audible = distances.filter((d) => d > BOUNDARY_DB);
    console.log(`boundaries over ${BOUNDARY_DB} dB: ${audible.length} of ${distances.length}`);
    expect(audible.length).toBeGreaterThanOrEqual(Math.ceil(0.9 * distances.length));
  });

  // The estimator's own contract is 90% exact on clean progressions; a mixed beat with drums and an
  // 808 is harder, and selection draws differ between runs, so one beat in 20 may read further off.
  it('has the declared key: exact in at least 15 of 20 beats, a relative or neighbouring key in all but at most one', () => {
    expect(results.length).toBe(PROMPTS.length);
    expect(results.filter((r) => !r.closeKey).length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.exactKey).length).toBeGreaterThanOrEqual(15);
  });
});

/** Prompts (of the 20) whose beat is also made a whole song: one of each way a genre moves (trap, groove, afrobeats, lo-fi). */
const FULL_PROMPTS = ['dark drill beat', 'boom bap with jazzy keys', 'afrobeats dance', 'nujabes lofi'];

// Endings and second verses (issue 32), on whole songs made from four of the beats above: the outro
// resolves (a final hit that rings out, then a fade, never a cut) and the second verse is not the first.
describe('whole songs, measured', () => {
  const songs: { prompt: string; structure: string; measures: BeatMeasures }[] = [];
  afterAll(() => console.log(`whole songs:\n${songs.map(({ prompt, structure, measures }) => {
    const verses = measures.sections.filter((x) => x.label === 'V');
    return `${structure.padEnd(10)} last bars ${measures.boundaryDistances.map(fixed).join(' ')} dB; second verse against the first, per bar ${verses.length > 1 ? barByBarDistances(verses[0], verses[1]).map(fixed).join(' ') : '-'} dB; last bar per beat, then its last 0.4 s ${measures.endingDb.map(fixed).join(' ')} dB  (${prompt})`;
  }).join('\n')}`));

  it.each(FULL_PROMPTS)('"%s" as a whole song ends on a final hit and its tail, and its second verse is another', async (prompt) => {
    const first = movement.find((m) => m.prompt === prompt);
    expect(first).toBeDefined();
    let response: Response;
    for (;;) {
      response = await fetch(`${test.url}/generate_full_beat`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) }, body: JSON.stringify({ beat_id: first!.beatId }),
      });
      if (response.status !== 429) break;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    const body = (await response.json()) as { beat_id: string; BPM: number; error?: string };
    expect(body.error ?? null).toBeNull();
    const beat = await test.app.orm.em.fork().findOneOrFail(Beat, { id: body.beat_id });
    const master = decodeWav(await test.app.blobs.get(beat.wavBlobKey)).audio;
    expect(Math.abs(integratedLoudness(master) - -14)).toBeLessThanOrEqual(0.5);
    const spans = sectionSpans(beat.arrangement, master.sampleRate, loopFrames);
    const measures = measureBeat(master, spans, body.BPM);
    const structure = beat.arrangement.sections.map((x) => x.label).join('');
    songs.push({ prompt, structure, measures });

    // The ending: the last bar's first beat holds the final hit, each beat after it is quieter (its
    // tail), and the last 0.4 s are at least 20 dB under the hit (before the arranged endings the
    // song stopped at full level: its last 0.4 s within 0-5 LU of the outro).
    expect(structure.endsWith('O')).toBe(true);
    const [hit, ...tail] = measures.endingDb;
    expect(hit).toBeGreaterThan(-50);
    tail.slice(0, 3).forEach((level, i) => expect({ prompt, beat: i + 2, quieter: level < (i === 0 ? hit : tail[i - 1]) }).toEqual({ prompt, beat: i + 2, quieter: true }));
    expect(tail[3]).toBeLessThanOrEqual(hit - 20);
    expect(measures.endDropLu).toBeLessThan(-10);

    // The second verse: bar by bar, it differs from the first (a copy measures 0 dB; another resting
    // stem and another fourth bar measure 2-8 dB on average).
    const verses = measures.sections.filter((x) => x.label === 'V');
    expect(verses.length).toBeGreaterThanOrEqual(2);
    const distances = barByBarDistances(verses[0], verses[1]);
    expect(distances.reduce((a, b) => a + b, 0) / distances.length).toBeGreaterThanOrEqual(1);
  }, 300_000);

  it('makes the last bar before at least 90% of their section boundaries differ audibly', () => {
    expect(songs.length).toBe(FULL_PROMPTS.length);
    const distances = songs.flatMap(({ measures }) => measures.boundaryDistances);
    expect(distances.filter((d) => d > BOUNDARY_DB).length).toBeGreaterThanOrEqual(Math.ceil(0.9 * distances.length));
  });
});
