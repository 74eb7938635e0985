import type { AudioData, SectionSpan } from '../../src/audio';
import { kWeightedBlockPowers } from '../../src/audio/testing';
import { loopFrames } from '../../src/audio';

/**
 * How a rendered beat moves, measured on its audio (not its plan): the short-term loudness of each
 * section, how the last bar before each section boundary differs from its section's typical bar, and
 * how the beat ends. The quality test and the figures in docs/arrangement-quality.md use these.
 */

const { abs, log10, max, min, PI, sin, cos, sqrt } = Math;

/** BS.1770 short-term loudness (3 s windows every 100 ms), median over the windows inside [from, to). */
export function shortTermLoudness(audio: AudioData, from: number, to: number): number {
  const hop = Math.round(audio.sampleRate * 0.1);
  const slice = { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.subarray(from, to)) };
  const powers = kWeightedBlockPowers(slice, hop);
  const windowBlocks = 30;
  const values: number[] = [];
  let sum = 0;
  for (let b = 0; b < powers.length; b++) {
    sum += powers[b];
    if (b >= windowBlocks) sum -= powers[b - windowBlocks];
    if (b >= windowBlocks - 1 && (b + 1) * hop <= to - from) values.push(-0.691 + 10 * log10(max(1e-12, sum) / (windowBlocks * hop)));
  }
  if (!values.length) {
    // Shorter than one window: the whole stretch's mean square.
    const total = powers.reduce((a, b) => a + b, 0);
    return -0.691 + 10 * log10(max(1e-12, total) / max(1, to - from));
  }
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

/** Loudness of the last `seconds` of the audio (the mean square, K-weighted), in LUFS. */
export function endLoudness(audio: AudioData, seconds: number): number {
  const frames = audio.channels[0].length;
  const from = max(0, frames - Math.round(seconds * audio.sampleRate));
  const hop = Math.round(audio.sampleRate * 0.01);
  const slice = { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.subarray(from)) };
  const total = kWeightedBlockPowers(slice, hop).reduce((a, b) => a + b, 0);
  return -0.691 + 10 * log10(max(1e-12, total) / max(1, frames - from));
}

interface Biquad { b0: number; b1: number; b2: number; a1: number; a2: number }

function biquad(kind: 'lowpass' | 'highpass', hz: number, sampleRate: number): Biquad {
  const w = (2 * PI * hz) / sampleRate;
  const alpha = sin(w) / (2 * Math.SQRT1_2);
  const c = cos(w);
  const a0 = 1 + alpha;
  const b1 = kind === 'lowpass' ? 1 - c : -(1 + c);
  const b0 = kind === 'lowpass' ? (1 - c) / 2 : (1 + c) / 2;
  return { b0: b0 / a0, b1: b1 / a0, b2: b0 / a0, a1: (-2 * c) / a0, a2: (1 - alpha) / a0 };
}

function filter(x: Float32Array, f: Biquad): Float32Array {
  const y = new Float32Array(x.length);
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = f.b0 * x[i] + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1; x1 = x[i]; y2 = y1; y1 = v; y[i] = v;
  }
  return y;
}

/** Sixteenth notes of a bar. */
const STEPS = 16;
/** Differences in a step's band level are counted up to this many dB (silence against a hit is one hit). */
const CLAMP_DB = 30;

/**
 * The onset pattern of every bar: per sixteenth step, the level (dB) of the lows (under 150 Hz: kick,
 * 808), the mids (150 Hz-4 kHz) and the highs (over 4 kHz: hats, snares, cymbals), at the beat's tempo.
 */
export function barPatterns(audio: AudioData, bpm: number): Float64Array[] {
  const sr = audio.sampleRate;
  const mono = new Float32Array(audio.channels[0].length);
  for (const channel of audio.channels) for (let i = 0; i < mono.length; i++) mono[i] += channel[i] / audio.channels.length;
  const low = filter(filter(mono, biquad('lowpass', 150, sr)), biquad('lowpass', 150, sr));
  const high = filter(filter(mono, biquad('highpass', 4000, sr)), biquad('highpass', 4000, sr));
  const mid = filter(filter(mono, biquad('highpass', 150, sr)), biquad('lowpass', 4000, sr));
  const bands = [low, mid, high];
  const bars: Float64Array[] = [];
  for (let bar = 0; loopFrames(bar + 1, bpm, sr) <= mono.length; bar++) {
    const start = loopFrames(bar, bpm, sr);
    const length = loopFrames(bar + 1, bpm, sr) - start;
    const pattern = new Float64Array(STEPS * bands.length);
    bands.forEach((band, b) => {
      for (let s = 0; s < STEPS; s++) {
        const from = start + Math.floor((s * length) / STEPS);
        const to = start + Math.floor(((s + 1) * length) / STEPS);
        let sum = 0;
        for (let i = from; i < to; i++) sum += band[i] * band[i];
        pattern[b * STEPS + s] = 10 * log10(sum / max(1, to - from) + 1e-10);
      }
    });
    bars.push(pattern);
  }
  return bars;
}

/**
 * How far two bar patterns are apart, in dB: per beat (four sixteenths, three bands), the mean absolute
 * difference of the step levels (each clamped at CLAMP_DB), and the largest of the four beats. A fill,
 * a drop or a roll changes a beat or two throughout; a loop's own turnaround moves a hit or two.
 */
export function patternDistance(a: Float64Array, b: Float64Array): number {
  let largest = 0;
  for (let beat = 0; beat < 4; beat++) {
    let sum = 0;
    for (let band = 0; band < a.length / STEPS; band++) {
      for (let s = beat * 4; s < beat * 4 + 4; s++) sum += min(CLAMP_DB, abs(a[band * STEPS + s] - b[band * STEPS + s]));
    }
    largest = max(largest, sum / ((4 * a.length) / STEPS));
  }
  return largest;
}

/** The element-wise median of some bar patterns: a section's typical bar. */
export function typicalBar(patterns: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(patterns[0].length);
  for (let i = 0; i < out.length; i++) {
    const values = patterns.map((p) => p[i]).sort((x, y) => x - y);
    const m = values.length >> 1;
    out[i] = values.length % 2 ? values[m] : (values[m - 1] + values[m]) / 2;
  }
  return out;
}

export interface SectionMeasure {
  readonly label: string;
  /** Median short-term loudness (LUFS). */
  readonly loudness: number;
  /** The section's typical bar (median of its bars but the last). */
  readonly typical: Float64Array;
  /** The last bar's distance (dB) from the typical bar. */
  readonly lastBarDistance: number;
  /** Distances (dB) of the fourth bar (and the eighth, as lastBarDistance) from the typical bar. */
  readonly fourthBarDistance: number;
  /** Every bar's onset pattern (barPatterns). */
  readonly bars: readonly Float64Array[];
}

export interface BeatMeasures {
  readonly sections: readonly SectionMeasure[];
  /** Last bar before each boundary (not the song's end): its distance from its section's typical bar. */
  readonly boundaryDistances: readonly number[];
  /** Loudness of the last 0.4 s against the last section's median short-term loudness (LU, negative when quieter). */
  readonly endDropLu: number;
  /** Level (RMS, dB) of each beat of the song's last bar, then of its last 0.4 s: how it ends. */
  readonly endingDb: readonly number[];
}

/** Measures a rendered beat, section by section (sections of whole bars at `bpm`). */
export function measureBeat(audio: AudioData, spans: readonly SectionSpan[], bpm: number): BeatMeasures {
  const bars = barPatterns(audio, bpm);
  let bar = 0;
  const sections = spans.map((span) => {
    const count = Math.round(span.frames / (loopFrames(1, bpm, audio.sampleRate) || 1));
    const own = bars.slice(bar, bar + count);
    bar += count;
    const body = own.length > 1 ? own.slice(0, -1) : own;
    const typical = typicalBar(body);
    return {
      label: span.label,
      loudness: shortTermLoudness(audio, span.startFrame, span.startFrame + span.frames),
      typical,
      lastBarDistance: own.length ? patternDistance(own[own.length - 1], typical) : 0,
      fourthBarDistance: own.length >= 4 ? patternDistance(own[3], typical) : 0,
      bars: own,
    };
  });
  const last = sections[sections.length - 1];
  const frames = audio.channels[0].length;
  const beat = loopFrames(1, bpm, audio.sampleRate) / 4;
  const level = (from: number, to: number) => 20 * log10(max(1e-6, max(...audio.channels.map((c) => rms(c, from, to)))));
  const lastBar = frames - 4 * beat;
  return {
    sections,
    boundaryDistances: sections.slice(0, -1).map((s) => s.lastBarDistance),
    endDropLu: endLoudness(audio, 0.4) - last.loudness,
    endingDb: [0, 1, 2, 3].map((b) => level(Math.round(lastBar + b * beat), Math.round(lastBar + (b + 1) * beat)))
      .concat(level(frames - Math.round(0.4 * audio.sampleRate), frames)),
  };
}

/**
 * How far each bar of one section is from the same bar of another (patternDistance, dB): a second
 * verse that repeats the first measures 0 throughout.
 */
export function barByBarDistances(a: SectionMeasure, b: SectionMeasure): number[] {
  return a.bars.slice(0, b.bars.length).map((bar, i) => patternDistance(bar, b.bars[i]));
}

/** Mean loudness (LUFS) of a beat's sections with a label, or undefined when it has none. */
export function labelLoudness(measures: BeatMeasures, label: string): number | undefined {
  const values = measures.sections.filter((s) => s.label === label).map((s) => s.loudness);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

/** Root mean square of a stretch of a channel. */
export const rms = (x: Float32Array, from: number, to: number): number => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i] * x[i];
  return sqrt(sum / max(1, to - from));
};
