import type { AudioData } from '../audio-buffer';
import { ENGINE_SAMPLE_RATE } from '../units';
import type { Arrangement, ArrangementLayer, ArrangementPart, SectionLabel } from './arrangement';
import type { SampleSource } from './loop-preparer';

/**
 * Synthesised loops and arrangements for the render tests and benchmarks: deterministic drum,
 * 808 and melody loops, a sample source over them, and an arrangement builder. Stands in for the
 * analysis module's test signals (engineer A) until those land.
 */

const RATE = ENGINE_SAMPLE_RATE;

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
}

/** Low-passed noise, as drum noise is (two one-pole stages at about 9 kHz). */
function drumNoise(seed: number): () => number {
  const white = rng(seed);
  let a = 0;
  let b = 0;
  return () => {
    a += 0.72 * (white() - a);
    b += 0.72 * (a - b);
    return 2 * b;
  };
}

type Voice = (t: number, noise: () => number) => number;

const VOICES: Record<string, { hits: number[]; voice: Voice; seconds: number }> = {
  // Hits in beats from the bar's start.
  kick: { hits: [0, 1, 2, 3], seconds: 0.35, voice: (t) => Math.exp(-t * 14) * Math.sin(2 * Math.PI * (48 * t + (110 / 28) * (1 - Math.exp(-t * 28)))) },
  snare: { hits: [1, 3], seconds: 0.25, voice: (t, n) => Math.exp(-t * 22) * (0.6 * n() + 0.4 * Math.sin(2 * Math.PI * 190 * t)) },
  clap: { hits: [1, 3], seconds: 0.2, voice: (t, n) => Math.exp(-t * 30) * n() },
  hat: { hits: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5], seconds: 0.06, voice: (t, n) => 0.5 * Math.exp(-t * 90) * n() },
  openHat: { hits: [0.5, 2.5], seconds: 0.3, voice: (t, n) => 0.4 * Math.exp(-t * 12) * n() },
  perc: { hits: [0.75, 2.25, 3.5], seconds: 0.12, voice: (t) => 0.6 * Math.exp(-t * 35) * Math.sin(2 * Math.PI * 620 * t) },
  cymbal: { hits: [0], seconds: 1.5, voice: (t, n) => 0.3 * Math.exp(-t * 3) * n() },
  '808': { hits: [0, 2.5], seconds: 1.2, voice: (t) => Math.min(1, t * 400) * Math.exp(-t * 2.2) * Math.sin(2 * Math.PI * 49 * t) },
};

/** A drum or 808 loop of `bars` bars at `bpm`, `kind` one of kick, snare, clap, hat, openHat, perc, cymbal, 808. */
export function drumLoop(kind: keyof typeof VOICES, bpm: number, bars: number, seed = 1): AudioData {
  const { hits, voice, seconds } = VOICES[kind];
  const beat = (60 / bpm) * RATE;
  const frames = Math.round(bars * 4 * beat);
  const left = new Float32Array(frames);
  const noise = drumNoise(seed);
  for (let bar = 0; bar < bars; bar++) {
    for (const hit of hits) {
      // Tails that run past the loop's end wrap to its start, as in a loop cut to tile seamlessly.
      const start = Math.round((bar * 4 + hit) * beat);
      const length = Math.min(Math.round(seconds * RATE), frames);
      for (let i = 0; i < length; i++) left[(start + i) % frames] += 0.8 * voice(i / RATE, noise);
    }
  }
  return { sampleRate: RATE, channels: [left, Float32Array.from(left)] };
}

/** A sustained chord pad (one melody stem) of `bars` bars: four chords, one per bar, at `level`. */
export function padLoop(bpm: number, bars: number, rootHz = 220, level = 0.2): AudioData {
  const frames = Math.round((bars * 4 * 60 * RATE) / bpm);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const barFrames = frames / bars;
  const progression = [[1, 1.26, 1.5], [0.89, 1.12, 1.33], [0.79, 1, 1.19], [0.84, 1.06, 1.26]];
  for (let i = 0; i < frames; i++) {
    const chord = progression[Math.floor(i / barFrames) % progression.length];
    const t = i / RATE;
    let v = 0;
    for (const ratio of chord) v += Math.sin(2 * Math.PI * rootHz * ratio * t);
    left[i] = level * v / 3;
    right[i] = level * 0.9 * v / 3;
  }
  return { sampleRate: RATE, channels: [left, right] };
}

/** A SampleSource over a fixed set of loops; counts loads so tests can see the cache working. */
export function mapSampleSource(samples: ReadonlyMap<string, AudioData>): SampleSource & { loads: number } {
  const source = Object.assign(
    async (sampleId: string) => {
      source.loads++;
      const audio = samples.get(sampleId);
      if (!audio) throw new Error(`Unknown sample ${sampleId}`);
      return audio;
    },
    { loads: 0 },
  );
  return source;
}

const LAYER_SPECS: { id: string; layer: Omit<ArrangementLayer, 'id'>; loop: (bpm: number, variant: number) => AudioData }[] = [
  { id: 'kicks', layer: { role: 'Kicks', name: 'Kicks', gainDb: 0, sidechain: 'source' }, loop: (bpm, v) => drumLoop('kick', bpm, 2, v) },
  { id: '808s', layer: { role: '808s', name: '808s', gainDb: 0, sidechain: 'ducked' }, loop: (bpm, v) => drumLoop('808', bpm, 2, v) },
  { id: 'melody-keys', layer: { role: 'melody', name: 'Keys', gainDb: 0 }, loop: (bpm, v) => padLoop(bpm, 4, 220 * (1 + v / 12)) },
  { id: 'snares', layer: { role: 'Snares', name: 'Snares', gainDb: 0 }, loop: (bpm, v) => drumLoop('snare', bpm, 2, v + 10) },
  { id: 'hihats', layer: { role: 'Hihats', name: 'Hihats', gainDb: 0 }, loop: (bpm, v) => drumLoop('hat', bpm, 1, v + 20) },
  { id: 'melody-bass', layer: { role: 'melody', name: 'Bass', gainDb: -3 }, loop: (bpm, v) => padLoop(bpm, 4, 110 * (1 + v / 12), 0.3) },
  { id: 'claps', layer: { role: 'Claps', name: 'Claps', gainDb: 0 }, loop: (bpm, v) => drumLoop('clap', bpm, 2, v + 30) },
  { id: 'open-hats', layer: { role: 'Open Hats', name: 'Open Hats', gainDb: 0 }, loop: (bpm, v) => drumLoop('openHat', bpm, 2, v + 40) },
  { id: 'percs', layer: { role: 'Percs', name: 'Percs', gainDb: 0 }, loop: (bpm, v) => drumLoop('perc', bpm, 2, v + 50) },
];

export interface DemoBeat {
  readonly arrangement: Arrangement;
  readonly samples: Map<string, AudioData>;
}

/**
 * A demo beat: `layerCount` layers (kick and 808 first), the given structure of 8-bar sections,
 * loops recorded at `sourceBpm` and stretched to `bpm`. Each layer plays loop variant 0 in verses and
 * intros and variant 1 in choruses, is silent in bridges except melody, so joins change and stop.
 */
export function demoBeat(options: { layerCount: number; structure: SectionLabel[]; bpm?: number; sourceBpm?: number; barsPerSection?: number }): DemoBeat {
  const bpm = options.bpm ?? 140;
  const sourceBpm = options.sourceBpm ?? 140;
  const specs = LAYER_SPECS.slice(0, options.layerCount);
  const samples = new Map<string, AudioData>();
  for (const spec of specs) for (const variant of [0, 1]) samples.set(`${spec.id}-${variant}`, spec.loop(sourceBpm, variant));
  const sections = options.structure.map((label) => ({
    label,
    bars: options.barsPerSection ?? 8,
    parts: specs
      .filter((spec) => label !== 'B' || spec.layer.role === 'melody')
      .map((spec): ArrangementPart => {
        const variant = label === 'C' ? 1 : 0;
        const loop = samples.get(`${spec.id}-${variant}`)!;
        const bars = Math.round((loop.channels[0].length / RATE) * sourceBpm / 240);
        return {
          layerId: spec.id,
          sample: { sampleId: `${spec.id}-${variant}`, sourceBpm, bars },
          transform: { toBpm: bpm, semitones: 0, gainDb: 0, muted: false },
        };
      }),
  }));
  return {
    arrangement: { version: 1, bpm, key: 'A', mode: 'minor', layers: specs.map((s) => ({ id: s.id, ...s.layer })), sections },
    samples,
  };
}
