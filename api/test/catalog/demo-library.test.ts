import { readdirSync } from 'node:fs';
import { createAudio, type AudioData } from '../../src/audio/audio-buffer';
import { estimateKey, estimateTempo, truePeakDb } from '../../src/audio/analysis';
import { loopFrames } from '../../src/audio/warp/loop-length';
import { DRUM_TYPES, KEYS } from '../../src/modules/catalog/music-theory';
import { DEMO_PRODUCERS, planDemoLibrary, type CompositionPlan, type DemoLibraryPlan, type DrumLoopPlan } from '../../src/modules/catalog/demo-library/plan';
import { renderComposition, renderDrumLoop } from '../../src/modules/catalog/demo-library/render';
import { catalogueIsEmpty, demoCacheDir, seedDemoLibrary } from '../../src/modules/catalog/demo-seeder';
import { createLogger } from '../../src/platform/logging/logger';
import { startTestApp, type TestApp } from '../support/test-app';
import { uploadSmallCatalogue } from '../support/small-catalogue';

const plan = planDemoLibrary();

// Each item is rendered once and shared by the checks below.
const rendered = new Map<string, Promise<AudioData[]>>();
const stemsOf = (c: CompositionPlan) =>
  rendered.get(c.id) ?? rendered.set(c.id, renderComposition(c).then((stems) => stems.map((s) => s.audio))).get(c.id)!;
const loopOf = async (d: DrumLoopPlan) => (await (rendered.get(d.id) ?? rendered.set(d.id, renderDrumLoop(d).then((a) => [a])).get(d.id)!))[0];
const GENRES = ['Trap', 'Drill', 'Boom Bap', 'Lo-Fi', 'R&B', 'Afrobeats', 'Pop', 'Country'];

describe('the demo library plan', () => {
  it('has at least 40 compositions of 2 to 4 stems over all 12 keys and both modes', () => {
    expect(plan.compositions.length).toBeGreaterThanOrEqual(40);
    for (const c of plan.compositions) {
      expect(c.instruments.length).toBeGreaterThanOrEqual(2);
      expect(c.instruments.length).toBeLessThanOrEqual(4);
    }
    expect(new Set(plan.compositions.map((c) => c.key))).toEqual(new Set(KEYS));
    expect(new Set(plan.compositions.map((c) => c.mode))).toEqual(new Set(['Major', 'Minor']));
  });

  it('has at least 150 drum loops over every drum type, and 808s in several keys', () => {
    expect(plan.drumLoops.length).toBeGreaterThanOrEqual(150);
    expect(new Set(plan.drumLoops.map((d) => d.drumType))).toEqual(new Set(DRUM_TYPES));
    const basses = plan.drumLoops.filter((d) => d.drumType === '808s');
    expect(new Set(basses.map((d) => d.key)).size).toBeGreaterThanOrEqual(8);
    for (const d of plan.drumLoops) expect(d.drumType === '808s' ? d.key && d.mode : d.key === null && d.mode === null).toBeTruthy();
  });

  it('covers the eight genres at their tempos, tagged for prompts, from at least 5 producers', () => {
    for (const genre of GENRES) {
      expect(plan.compositions.some((c) => c.genre === genre)).toBe(true);
      expect(plan.drumLoops.some((d) => d.genre === genre)).toBe(true);
    }
    const trap = plan.drumLoops.filter((d) => d.genre === 'Trap').map((d) => d.bpm);
    expect(Math.min(...trap)).toBeGreaterThanOrEqual(130);
    const lofi = plan.compositions.filter((c) => c.genre === 'Lo-Fi').map((c) => c.bpm);
    expect(Math.max(...lofi)).toBeLessThanOrEqual(90);
    for (const item of [...plan.compositions, ...plan.drumLoops]) {
      expect(item.tags.artists.length).toBeGreaterThan(0);
      expect(item.tags.moods.length).toBeGreaterThan(0);
      expect(item.tags.genres).toEqual([item.genre]);
    }
    expect(plan.compositions.flatMap((c) => c.tags.artists)).toEqual(expect.arrayContaining(['Travis Scott', 'Pop Smoke', 'Morgan Wallen', 'J Dilla']));
    const producers = new Set([...plan.compositions, ...plan.drumLoops].map((i) => i.producerKey));
    expect(producers.size).toBeGreaterThanOrEqual(5);
    expect(DEMO_PRODUCERS.length).toBeGreaterThanOrEqual(5);
  });

  it('is the same plan every time', () => {
    expect(planDemoLibrary()).toEqual(plan);
  });
});

describe('the rendered demo library, measured by the engine', () => {
  const firstOfGenre = GENRES.map((genre) => plan.compositions.find((c) => c.genre === genre)!);

  it('renders every loop exactly 8 bars long, without clipping, the same every time', async () => {
    const samples = [
      ...(await Promise.all(firstOfGenre.map(async (c) => ({ bpm: c.bpm, audio: await stemsOf(c) })))),
      ...(await Promise.all(DRUM_TYPES.map((type) => plan.drumLoops.find((d) => d.drumType === type)!).map(async (d) => ({ bpm: d.bpm, audio: [await loopOf(d)] })))),
    ];
    for (const { bpm, audio } of samples) {
      for (const stem of audio) {
        expect(stem.channels[0].length).toBe(loopFrames(8, bpm, 44_100));
        expect(truePeakDb(stem)).toBeLessThan(0);
      }
    }
    // Sampled and synthesised alike: the first composition's stems and a sampled percussion loop.
    const again = await renderComposition(firstOfGenre[0]);
    const first = await stemsOf(firstOfGenre[0]);
    again.forEach((stem, i) => expect(Buffer.from(stem.audio.channels[0].buffer).equals(Buffer.from(first[i].channels[0].buffer))).toBe(true));
    const percs = plan.drumLoops.find((d) => d.drumType === 'Percs')!;
    expect(Buffer.from((await renderDrumLoop(percs)).channels[0].buffer).equals(Buffer.from((await loopOf(percs)).channels[0].buffer))).toBe(true);
  }, 300_000);

  it("finds the tagged tempo of every genre's kick, snare and hat loops (within 1 BPM)", async () => {
    const checked = new Set<string>();
    for (const d of plan.drumLoops) {
      if (!['Kicks', 'Snares', 'Hihats'].includes(d.drumType) || checked.has(d.genre + d.drumType)) continue;
      checked.add(d.genre + d.drumType);
      // The declared tempo is the hint that settles half- or double-time, as a DAW's tap tempo does.
      const tempo = estimateTempo(await loopOf(d), { minBpm: d.bpm / 1.45, maxBpm: d.bpm * 1.45 });
      expect({ id: d.id, bpm: Math.abs(tempo.bpm - d.bpm) <= 1 ? d.bpm : tempo.bpm }).toEqual({ id: d.id, bpm: d.bpm });
    }
    expect(checked.size).toBeGreaterThanOrEqual(20);
  });

  it('finds the tagged key and mode of the compositions (exact on 7 of 8 genres, the rest a related key)', async () => {
    const related = (key: string, mode: string, found: { key: string; mode: string }) => {
      const a = KEYS.indexOf(key as (typeof KEYS)[number]);
      const b = KEYS.indexOf(found.key as (typeof KEYS)[number]);
      const relative = mode === 'Minor' ? (a + 3) % 12 : (a + 9) % 12;
      return (found.mode !== mode && b === relative) || [(a + 7) % 12, (a + 5) % 12].includes(b);
    };
    let exact = 0;
    for (const c of firstOfGenre) {
      const stems = await stemsOf(c);
      const mix = createAudio(stems[0].channels[0].length, 44_100);
      for (const stem of stems) {
        for (let ch = 0; ch < 2; ch++) {
          const out = mix.channels[ch];
          const input = stem.channels[ch];
          for (let i = 0; i < out.length; i++) out[i] += input[i];
        }
      }
      const found = estimateKey(mix);
      if (found.key === c.key && found.mode === c.mode) exact++;
      else expect(related(c.key, c.mode, found)).toBe(true);
    }
    expect(exact).toBeGreaterThanOrEqual(7);
  });
});

describe('seeding the catalogue', () => {
  let test: TestApp;
  const small: DemoLibraryPlan = {
    compositions: [plan.compositions[0], plan.compositions[12]],
    drumLoops: plan.drumLoops.filter((d) => d.genre === 'Trap').filter((d, i, all) => all.findIndex((x) => x.drumType === d.drumType) === i),
  };
  beforeAll(async () => {
    test = await startTestApp();
  }, 60_000);
  afterAll(() => test?.close());

  const counts = async () => {
    const c = test.app.orm.em.fork().getConnection();
    const [row] = await c.execute<{ demo_c: number; demo_d: number; mine_c: number; mine_d: number; stems: number }[]>(
      `select (select count(*)::int from melody_compositions where is_demo) as demo_c, (select count(*)::int from drum_loops where is_demo) as demo_d,
              (select count(*)::int from melody_compositions where not is_demo) as mine_c, (select count(*)::int from drum_loops where not is_demo) as mine_d,
              (select count(*)::int from melody_stems s join melody_compositions c on c.id = s.composition_id where c.is_demo) as stems`,
    );
    return row;
  };

  it('stores the library with its files, credited to the demo producers, and reuses the cache', async () => {
    expect(await catalogueIsEmpty(test.app.orm)).toBe(true);
    const options = { orm: test.app.orm, blobs: test.app.blobs, logger: createLogger('silent'), dataDir: test.dataDir, threads: 2, plan: small };
    const first = await seedDemoLibrary(options);
    expect(first.rendered).toBe(small.compositions.length + small.drumLoops.length);
    const stems = small.compositions.reduce((n, c) => n + c.instruments.length, 0);
    expect(await counts()).toEqual({ demo_c: 2, demo_d: small.drumLoops.length, mine_c: 0, mine_d: 0, stems });
    expect(await catalogueIsEmpty(test.app.orm)).toBe(false);

    const [loop] = await test.app.orm.em.fork().getConnection().execute<{ audio_blob_key: string; username: string; audio_duration_seconds: number; bpm: number }[]>(
      'select d.audio_blob_key, u.username, d.audio_duration_seconds, d.bpm from drum_loops d join users u on u.id = d.contributor_id limit 1',
    );
    expect(DEMO_PRODUCERS.map((p) => p.username)).toContain(loop.username);
    expect((await test.app.blobs.get(loop.audio_blob_key)).subarray(0, 4).toString()).toBe('RIFF');
    expect(loop.audio_duration_seconds * loop.bpm / 240).toBeCloseTo(8, 3);

    // A producer uploads; re-seeding takes everything from the cache and keeps the upload.
    await uploadSmallCatalogue(test);
    const before = await counts();
    const second = await seedDemoLibrary(options);
    expect(second.rendered).toBe(0);
    expect(await counts()).toEqual(before);
    expect(before.mine_c).toBeGreaterThan(0);
    expect(readdirSync(demoCacheDir(test.dataDir)).length).toBe(first.rendered);
  }, 120_000);
});
