import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AudioData } from '../../src/audio';
import { estimateTempo, truePeakDb, decodeWav, encodeWav, loopFrames, parseSampleOnsets, sampleOnsets } from '../../src/audio';
import { DRUM_TYPES, KEYS } from '../../src/shared/music-theory';
import type { DemoCacheMeta } from '../../src/modules/catalog/demo-library/cache-meta';
import { DEMO_PRODUCERS, planDemoLibrary, type DemoItemPlan, type DemoLibraryPlan } from '../../src/modules/catalog/demo-library/plan';
import { genreProfile } from '../../src/modules/catalog/demo-library/genres';
import { writePart } from '../../src/modules/catalog/demo-library/parts';
import { renderDrumLoop } from '../../src/modules/catalog/demo-library/render';
import { catalogueIsEmpty, demoBatches, demoCacheDir, fillDemoCache, seedDemoLibrary, type DemoCache } from '../../src/modules/catalog/demo-seeder';
import { createLogger } from '../../src/platform/logging/logger';
import { startTestApp, type TestApp } from '../support/test-app';
import { uploadSmallCatalogue } from '../support/small-catalogue';

const plan = planDemoLibrary();
const GENRES = ['Trap', 'Drill', 'Boom Bap', 'Lo-Fi', 'R&B', 'Afrobeats', 'Pop', 'Country'];

describe('the demo library plan', () => {
  it('has at least 96 compositions of 2 to 4 stems over all 12 keys and both modes', () => {
    expect(plan.compositions.length).toBeGreaterThanOrEqual(96);
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

  it('has at least 12 compositions per genre, each its own music: not a transposed copy of another, over several progressions, tempos and keys', () => {
    for (const genre of GENRES) {
      const pieces = plan.compositions.filter((c) => c.genre === genre);
      expect(pieces.length).toBeGreaterThanOrEqual(12);
      // Every note of every stem, its pitch taken from the key's tonic: a transposed copy has the same signature.
      const notes = new Set(pieces.map((c) => JSON.stringify(c.instruments.map((instrument, i) => writePart(c, instrument, i).map((n) => [Math.round(n.step * 4), n.midi - KEYS.indexOf(c.key)])))));
      // Rhythm alone (where the notes of each stem start), whatever their pitches.
      const rhythms = new Set(pieces.map((c) => JSON.stringify(c.instruments.map((instrument, i) => [...new Set(writePart(c, instrument, i).map((n) => Math.round(n.step)))]))));
      const progressions = new Set(pieces.map((c) => `${c.mode} ${c.progression.join('-')}`));
      expect({ genre, notes: notes.size, rhythms: rhythms.size >= 8, progressions: progressions.size >= 10 }).toEqual({ genre, notes: pieces.length, rhythms: true, progressions: true });
      expect(new Set(pieces.map((c) => c.key)).size).toBe(12);
      expect(new Set(pieces.map((c) => c.bpm)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(pieces.map((c) => c.instruments.join('+'))).size).toBeGreaterThanOrEqual(8);
      expect(new Set(pieces.map((c) => c.mode))).toEqual(new Set(['Major', 'Minor']));
      // Tempos stay in the genre's range (the plan's own list, which the prompt words follow).
      for (const c of pieces) expect(genreProfile(c.genre).tempos).toContain(c.bpm);
    }
  });

  it('batches the library so the first batch holds a whole beat of every genre, and every item is in exactly one batch', () => {
    const batches = demoBatches(plan);
    expect(batches.flat().map((i) => i.id).sort()).toEqual([...plan.compositions, ...plan.drumLoops].map((i) => i.id).sort());
    for (const genre of GENRES) {
      const first = batches[0].filter((i) => i.genre === genre);
      expect(first.filter((i) => i.kind === 'composition')).toHaveLength(1);
      const types = new Set(plan.drumLoops.filter((d) => d.genre === genre).map((d) => d.drumType));
      expect(new Set(first.flatMap((i) => (i.kind === 'drums' ? [i.drumType] : [])))).toEqual(types);
      // Round robin: every later batch brings each genre a composition too.
      for (const batch of batches.slice(1)) expect(batch.filter((i) => i.kind === 'composition' && i.genre === genre)).toHaveLength(1);
    }
    expect(batches.length).toBe(12);
  });

  it('is the same plan every time', () => {
    expect(planDemoLibrary()).toEqual(plan);
  });
});

/**
 * The whole library as a fresh install renders it (worker threads, into the render cache the quality
 * test shares, kept between runs), measured by the engine from the stored files.
 */
describe('the rendered demo library, measured by the engine', () => {
  let cache: DemoCache;
  beforeAll(async () => {
    cache = await fillDemoCache({ logger: createLogger('silent'), dataDir: join(tmpdir(), 'ysm-test-demo-cache'), plan });
  }, 900_000);

  const metaOf = (item: DemoItemPlan): DemoCacheMeta => cache.metas.get(item.id)!;
  const filesOf = (item: DemoItemPlan): Buffer[] => metaOf(item).files.map((f) => readFileSync(join(cache.root, item.id, f.file)));
  const audioOf = (item: DemoItemPlan): AudioData[] => filesOf(item).map((bytes) => decodeWav(bytes).audio);
  const items: DemoItemPlan[] = [...plan.compositions, ...plan.drumLoops];

  it('renders every loop exactly 8 bars long (a riser or impact its own bars), under full scale, the same on every thread', async () => {
    const firstOfGenre = GENRES.map((genre) => plan.compositions.find((c) => c.genre === genre)!);
    const firstOfType = DRUM_TYPES.map((type) => plan.drumLoops.find((d) => d.drumType === type)!);
    // The one-shot effects (fx-sounds.ts) are their own bars long.
    for (const item of items) for (const f of metaOf(item).files) expect(f.facts.durationSeconds * item.bpm / 240).toBeCloseTo(item.kind === 'drums' ? item.bars ?? 8 : 8, 3);
    for (const item of [...firstOfGenre, ...firstOfType]) {
      for (const audio of audioOf(item)) {
        expect(audio.channels[0].length).toBe(loopFrames(8, item.bpm, 44_100));
        expect(truePeakDb(audio)).toBeLessThan(0);
      }
    }
    // A sampled percussion loop rendered here is byte for byte the file a worker thread stored.
    const percs = plan.drumLoops.find((d) => d.drumType === 'Percs' && d.kit !== null)!;
    const wav = encodeWav(await renderDrumLoop(percs), { bitDepth: 16, ditherSeed: 1 });
    expect(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength).equals(filesOf(percs)[0])).toBe(true);
  }, 120_000);

  it('wraps every loop cleanly: no step at the join above the largest step elsewhere in the loop', () => {
    const clicks: string[] = [];
    let files = 0;
    for (const item of items) {
      audioOf(item).forEach((audio, f) => {
        files++;
        for (const channel of audio.channels) {
          const n = channel.length;
          let largest = 0;
          // No `Math` in the loop: jest's sandbox makes every global lookup slow.
          for (let i = 1; i < n; i++) {
            const step = channel[i] - channel[i - 1];
            if (step > largest) largest = step;
            else if (-step > largest) largest = -step;
          }
          const join = Math.abs(channel[0] - channel[n - 1]);
          if (join > largest) clicks.push(`${item.id}/${f}: ${join.toFixed(5)} > ${largest.toFixed(5)}`);
        }
      });
    }
    expect(files).toBe(plan.drumLoops.length + plan.compositions.reduce((n, c) => n + c.instruments.length, 0));
    expect(clicks).toEqual([]);
  }, 120_000);

  it("finds the tagged tempo of every genre's kick, snare and hat loops (within 1 BPM)", () => {
    const checked = new Set<string>();
    for (const d of plan.drumLoops) {
      if (!['Kicks', 'Snares', 'Hihats'].includes(d.drumType) || checked.has(d.genre + d.drumType)) continue;
      checked.add(d.genre + d.drumType);
      // The declared tempo is the hint that settles half- or double-time, as a DAW's tap tempo does.
      const tempo = estimateTempo(audioOf(d)[0], { minBpm: d.bpm / 1.45, maxBpm: d.bpm * 1.45 });
      expect({ id: d.id, bpm: Math.abs(tempo.bpm - d.bpm) <= 1 ? d.bpm : tempo.bpm }).toEqual({ id: d.id, bpm: d.bpm });
    }
    expect(checked.size).toBeGreaterThanOrEqual(20);
  });

  it('finds the tagged key and mode of at least 85% of the compositions (the rest a related key)', () => {
    const related = (key: string, mode: string, found: { key: string; mode: string }) => {
      const a = KEYS.indexOf(key as (typeof KEYS)[number]);
      const b = KEYS.indexOf(found.key as (typeof KEYS)[number]);
      const relative = mode === 'Minor' ? (a + 3) % 12 : (a + 9) % 12;
      return (found.mode !== mode && b === relative) || [(a + 7) % 12, (a + 5) % 12].includes(b);
    };
    // The measurement a melody upload gets (`measureMix` over the stored stems), as seeding stores it.
    let exact = 0;
    for (const c of plan.compositions) {
      const mix = metaOf(c).mix!;
      const found = { key: mix.detectedKey, mode: mix.detectedMode };
      if (found.key === c.key && found.mode === c.mode) exact++;
      else expect({ id: c.id, related: related(c.key, c.mode, found) }).toEqual({ id: c.id, related: true });
    }
    expect(plan.compositions).toHaveLength(96);
    expect(exact / plan.compositions.length).toBeGreaterThanOrEqual(0.85);
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

  it("stores every file's onsets as a render would detect them in the stored file, and measures them for items cached without them", async () => {
    const demoRows = () => test.app.orm.em.fork().getConnection().execute<{ blob_key: string; onsets: unknown }[]>(
      `select s.audio_blob_key as blob_key, s.onsets from melody_stems s join melody_compositions c on c.id = s.composition_id where c.is_demo
       union all select audio_blob_key, onsets from drum_loops where is_demo`,
    );
    const rows = await demoRows();
    expect(rows).toHaveLength(small.drumLoops.length + small.compositions.reduce((n, c) => n + c.instruments.length, 0));
    for (const row of rows) expect(parseSampleOnsets(row.onsets)).toEqual(sampleOnsets(decodeWav(await test.app.blobs.get(row.blob_key)).audio));

    // A cache written before onsets were stored with samples: they are measured from its files, nothing is rendered.
    const metaFile = join(demoCacheDir(test.dataDir), small.drumLoops[0].id, 'meta.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as DemoCacheMeta;
    const { onsets, ...facts } = meta.files[0].facts;
    expect(onsets).toBeDefined();
    writeFileSync(metaFile, JSON.stringify({ ...meta, files: [{ ...meta.files[0], facts }] }));
    const options = { orm: test.app.orm, blobs: test.app.blobs, logger: createLogger('silent'), dataDir: test.dataDir, threads: 2, plan: small };
    expect((await seedDemoLibrary(options)).rendered).toBe(0);
    expect((JSON.parse(readFileSync(metaFile, 'utf8')) as DemoCacheMeta).files[0].facts.onsets).toEqual(onsets);
    expect(await demoRows()).toEqual(expect.arrayContaining(rows));
    expect((await demoRows()).filter((row) => row.onsets === null)).toEqual([]);
  }, 120_000);
});
