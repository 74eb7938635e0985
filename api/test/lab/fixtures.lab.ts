/**
 * Not a test (the suite matches *.test.ts only): writes the rendered examples kept in
 * test/fixtures/arrangements/ (see its README), so a review can listen to how beats move. It plans and
 * renders demo-library compositions straight through the engine, as arrangement.lab.ts does, and
 * encodes them as small mono MP3s (LAME resampling to 24 kHz). Needs the quality test's demo cache.
 * Run: npx jest --testMatch '<rootDir>/test/lab/fixtures.lab.ts'
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMp3Encoder } from 'wasm-media-encoders';
import { renderArrangement, decodeWav } from '../../src/audio';
import { decodeMp3 } from '../../src/audio/testing';
import { planArrangement, type PlannedDrumLoop } from '../../src/modules/beats/arrangement-planner';
import { chooseStructure } from '../../src/modules/beats/song-structure';
import { planDemoLibrary } from '../../src/modules/catalog/demo-library/plan';

const dir = '/tmp/ysm-test-demo-cache/demo-library/v3';
const out = join(__dirname, '../fixtures/arrangements');
const lib = planDemoLibrary();
const load = async (id: string) => decodeWav(readFileSync(join(dir, id))).audio;

/** The examples: a genre's first composition, its first drum kit, a first beat or a whole song. */
const EXAMPLES = [
  { file: 'pop-first-beat.mp3', genre: 'Pop', kind: 'short' as const, kbps: 32 as const },
  { file: 'afrobeats-first-beat.mp3', genre: 'Afrobeats', kind: 'short' as const, kbps: 32 as const },
  { file: 'drill-whole-song.mp3', genre: 'Drill', kind: 'full' as const, kbps: 24 as const },
];

it('writes the example arrangements', async () => {
  for (const example of EXAMPLES) {
    const comp = lib.compositions.find((c) => c.genre === example.genre)!;
    const drums: PlannedDrumLoop[] = lib.drumLoops.filter((d) => d.genre === example.genre && d.variant === 0).map((d) => ({
      sampleId: `${d.id}/0.wav`, drumType: d.drumType, bpm: d.bpm, bars: 8, key: d.key, producerId: d.producerKey,
    }));
    const genre = example.genre.toLowerCase();
    const structure = chooseStructure(example.kind, genre, () => 0);
    const arrangement = planArrangement({
      bpm: comp.bpm, key: comp.key, mode: comp.mode, structure, genre,
      composition: { id: comp.id, bpm: comp.bpm, bars: 8, key: comp.key, mode: comp.mode, stems: comp.instruments.map((ins, i) => ({ sampleId: `${comp.id}/${i}.wav`, instrument: String(ins), producerId: comp.producerKey })) },
      drums,
    });
    const beat = await renderArrangement(arrangement, { loadSample: load });
    const [l, r] = beat.master.channels;
    const mono = Float32Array.from(l, (v, i) => 0.5 * (v + r[i]));
    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate: beat.master.sampleRate, channels: 1, bitrate: example.kbps, outputSampleRate: 24000 });
    const parts: Uint8Array[] = [];
    for (let i = 0; i < mono.length; i += 65_536) parts.push(encoder.encode([mono.subarray(i, i + 65_536)]).slice());
    parts.push(encoder.finalize().slice());
    const bytes = Buffer.concat(parts);
    // The file plays back as long as the beat (an independent decoder).
    const decoded = await decodeMp3(bytes);
    expect(Math.abs(decoded.channels[0].length / decoded.sampleRate - mono.length / beat.master.sampleRate)).toBeLessThan(0.2);
    writeFileSync(join(out, example.file), bytes);
    console.log(`${example.file}: ${structure} at ${arrangement.bpm} BPM, ${(mono.length / beat.master.sampleRate).toFixed(1)} s, ${(bytes.length / 1024).toFixed(0)} kB`);
  }
}, 600_000);
