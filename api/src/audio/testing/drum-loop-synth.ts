import type { AudioData } from '../audio-buffer';
import type { Bpm, Hertz, Samples } from '../units';
import { ENGINE_SAMPLE_RATE } from '../units';
import { createRandom, type SeededRandom } from '../random/seeded-random';

export type DrumInstrument = 'kick' | 'snare' | 'hat';

/** Drum patterns as 16th-note steps (0-15) of one 4/4 bar. */
export const DRUM_PATTERNS = {
  /** Kick on 1 and 3, snare on 2 and 4, closed hats on eighths. */
  basic: { kick: [0, 8], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14] },
  /** Kick on every beat, snare on 2 and 4, hats on the off-beat eighths and some sixteenths. */
  fourOnTheFloor: { kick: [0, 4, 8, 12], snare: [4, 12], hat: [2, 6, 10, 14, 15] },
  /** Syncopated kicks, backbeat snare, sixteenth hats with gaps. */
  boomBap: { kick: [0, 7, 10], snare: [4, 12], hat: [0, 2, 3, 4, 6, 8, 10, 11, 12, 14] },
} as const satisfies Record<string, Record<DrumInstrument, readonly number[]>>;

export type DrumPatternName = keyof typeof DRUM_PATTERNS;

export interface DrumHit {
  readonly instrument: DrumInstrument;
  /** Sample where the hit starts (its first non-zero sample). */
  readonly position: Samples;
  readonly velocity: number;
}

export interface DrumLoopOptions {
  readonly bpm: Bpm;
  readonly bars: number;
  readonly pattern?: DrumPatternName;
  readonly seed?: number;
  readonly sampleRate?: Hertz;
}

/** One hit's waveform: a pure function of time, velocity and its own random source. */
function renderHit(instrument: DrumInstrument, velocity: number, random: SeededRandom, sampleRate: Hertz): Float32Array {
  const seconds = instrument === 'kick' ? 0.45 : instrument === 'snare' ? 0.25 : 0.08;
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const dt = 1 / sampleRate;
  if (instrument === 'kick') {
    // A pitch sweep from about 160 Hz down to 50 Hz, and a 2 ms click for the beater.
    const base = 50 + random.range(-3, 3);
    let phase = 0;
    for (let i = 0; i < out.length; i++) {
      const t = i * dt;
      phase += 2 * Math.PI * (base + 110 * Math.exp(-t * 30)) * dt;
      const click = t < 0.002 ? 0.3 * random.range(-1, 1) * (1 - t / 0.002) : 0;
      out[i] = velocity * (0.9 * Math.exp(-t * 7) * Math.sin(phase) + click);
    }
  } else if (instrument === 'snare') {
    // A 185 Hz body under band-passed noise (a difference of two one-pole low-passes).
    let slow = 0;
    let fast = 0;
    for (let i = 0; i < out.length; i++) {
      const t = i * dt;
      const white = random.range(-1, 1);
      fast += 0.6 * (white - fast);
      slow += 0.05 * (white - slow);
      out[i] = velocity * (0.35 * Math.exp(-t * 25) * Math.sin(2 * Math.PI * 185 * t) + 1.4 * Math.exp(-t * 18) * (fast - slow));
    }
  } else {
    // High-passed noise: a first difference of white noise, bright like a closed hat.
    let previous = 0;
    for (let i = 0; i < out.length; i++) {
      const white = random.range(-1, 1);
      out[i] = velocity * 0.25 * Math.exp(-i * dt * 60) * (white - previous);
      previous = white;
    }
  }
  // A 10 ms fade to zero: a hit cut off mid-decay would click, and the click is an onset.
  const fade = Math.round(0.01 * sampleRate);
  for (let i = 0; i < fade; i++) out[out.length - 1 - i] *= i / fade;
  return out;
}

const PAN: Record<DrumInstrument, number> = { kick: 0, snare: -0.1, hat: 0.3 };
const LEVEL: Record<DrumInstrument, number> = { kick: 0.9, snare: 0.7, hat: 0.5 };

/**
 * A seeded, loop-seamless stereo drum loop: `bars` bars of a 4/4 pattern at `bpm`, exactly
 * bars * 4 * 60 / bpm seconds long, tails wrapping to the start as a loop cut from a longer
 * performance does. Velocities and timbres vary per hit. Returns the hits as ground truth.
 */
export function drumLoop(options: DrumLoopOptions): { audio: AudioData; hits: DrumHit[] } {
  const sampleRate = options.sampleRate ?? ENGINE_SAMPLE_RATE;
  const pattern = DRUM_PATTERNS[options.pattern ?? 'basic'];
  const random = createRandom(options.seed ?? 1);
  const step = (60 / options.bpm / 4) * sampleRate;
  const frames = Math.round(options.bars * 16 * step);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const hits: DrumHit[] = [];
  for (let bar = 0; bar < options.bars; bar++) {
    for (const instrument of ['kick', 'snare', 'hat'] as const) {
      for (const s of pattern[instrument]) {
        const position = Math.round((bar * 16 + s) * step);
        const velocity = LEVEL[instrument] * random.range(0.8, 1);
        const wave = renderHit(instrument, velocity, random, sampleRate);
        const gl = 1 - PAN[instrument];
        const gr = 1 + PAN[instrument];
        for (let i = 0; i < wave.length; i++) {
          let at = position + i;
          if (at >= frames) at -= frames;
          left[at] += gl * wave[i];
          right[at] += gr * wave[i];
        }
        hits.push({ instrument, position, velocity });
      }
    }
  }
  hits.sort((a, b) => a.position - b.position);
  return { audio: { sampleRate, channels: [left, right] }, hits };
}
