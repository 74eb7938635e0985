import type { Hertz, Samples } from '../units';

/**
 * Measurements the warp tests judge by: frequency by zero crossings, a level envelope, the step
 * across a loop's seam, attack times. Test-only (the `.testing.ts` suffix keeps them out of the
 * engine's surface); each is plain arithmetic a reader can check by hand.
 */

/**
 * Frequency of a (near-)sinusoid from its rising zero crossings in [from, to), each placed between
 * samples by linear interpolation: (crossings - 1) cycles over the time from the first to the last.
 * Accurate to a few parts per million for a clean sine over hundreds of cycles.
 */
export function zeroCrossingFrequency(x: Float32Array, sampleRate: Hertz, from = 0, to = x.length): Hertz {
  let first = -1;
  let last = -1;
  let crossings = 0;
  for (let i = Math.max(1, from); i < to; i++) {
    if (x[i - 1] < 0 && x[i] >= 0) {
      const at = i - 1 + x[i - 1] / (x[i - 1] - x[i]);
      if (first < 0) first = at;
      last = at;
      crossings++;
    }
  }
  if (crossings < 2) return 0;
  return ((crossings - 1) * sampleRate) / (last - first);
}

/** RMS level in dBFS of consecutive windows of `window` frames (the last partial window dropped). */
export function rmsEnvelopeDb(x: Float32Array, window: Samples): Float64Array {
  const count = Math.floor(x.length / window);
  const out = new Float64Array(count);
  for (let w = 0; w < count; w++) {
    let sum = 0;
    for (let i = w * window; i < (w + 1) * window; i++) sum += x[i] * x[i];
    out[w] = 10 * Math.log10(sum / window + 1e-30);
  }
  return out;
}

/** RMS level in dBFS of a sliding window of `window` frames moved one `hop` at a time (window start at each hop). */
export function slidingRmsDb(x: Float32Array, window: Samples, hop: Samples): Float64Array {
  const count = Math.floor((x.length - window) / hop) + 1;
  const out = new Float64Array(Math.max(0, count));
  for (let w = 0; w < count; w++) {
    let sum = 0;
    for (let i = w * hop; i < w * hop + window; i++) sum += x[i] * x[i];
    out[w] = 10 * Math.log10(sum / window + 1e-30);
  }
  return out;
}

/** The loop tiled `times` times end to end, as the renderer plays it. */
export function tile(x: Float32Array, times: number): Float32Array {
  const out = new Float32Array(x.length * times);
  for (let t = 0; t < times; t++) out.set(x, t * x.length);
  return out;
}

/** Median of a list of numbers (a copy is sorted). */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The q-quantile (0..1) of a list of numbers. */
export function quantile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))];
}

/**
 * The step across a tiled loop's seam (|first - last|) beside the loop's own steps between
 * neighbouring frames: its largest and its 99th percentile. A seam no worse than the interior is
 * inaudible as a join.
 */
export function seamStep(x: Float32Array): { seam: number; interiorMax: number; interiorP99: number } {
  const steps = new Float64Array(x.length - 1);
  let interiorMax = 0;
  for (let i = 1; i < x.length; i++) {
    steps[i - 1] = Math.abs(x[i] - x[i - 1]);
    interiorMax = Math.max(interiorMax, steps[i - 1]);
  }
  return { seam: Math.abs(x[0] - x[x.length - 1]), interiorMax, interiorP99: quantile(steps, 0.99) };
}

/**
 * Attack time of the hit starting near `position`: frames from where its 1 ms RMS envelope first
 * reaches 10% of the envelope's peak within `span` frames, to where it first reaches 90%.
 */
export function attackFrames(x: Float32Array, position: Samples, span: Samples, sampleRate: Hertz): number {
  const window = Math.max(4, Math.floor(sampleRate / 1000));
  const from = Math.max(0, position - window);
  const to = Math.min(x.length - window, position + span);
  const envelope = new Float64Array(Math.max(0, to - from));
  let sum = 0;
  for (let i = from; i < from + window; i++) sum += x[i] * x[i];
  for (let i = from; i < to; i++) {
    envelope[i - from] = Math.sqrt(sum / window);
    sum += x[i + window] * x[i + window] - x[i] * x[i];
  }
  let peak = 0;
  for (let i = 0; i < envelope.length; i++) peak = Math.max(peak, envelope[i]);
  let at10 = -1;
  for (let i = 0; i < envelope.length; i++) {
    if (at10 < 0 && envelope[i] >= 0.1 * peak) at10 = i;
    if (envelope[i] >= 0.9 * peak) return i - at10;
  }
  return Number.NaN;
}

/** A loop-seamless sine: the frequency nearest `frequency` that fits a whole number of cycles in `frames`. */
export function loopSine(frequency: Hertz, frames: Samples, sampleRate: Hertz, amplitude = 0.5): { signal: Float32Array; frequency: Hertz } {
  const cycles = Math.round((frequency * frames) / sampleRate);
  const exact = (cycles * sampleRate) / frames;
  const signal = new Float32Array(frames);
  const step = (2 * Math.PI * cycles) / frames;
  for (let i = 0; i < frames; i++) signal[i] = amplitude * Math.sin(step * i);
  return { signal, frequency: exact };
}

/**
 * A loop of plucked notes, one per beat, each `noteBeats` long then silent: a sharp 1 ms attack and an
 * exponential decay, the notes cycling through `frequencies`. Returns the loop (both channels) and
 * the frame where each note starts.
 */
export function pluckLoop(options: { bpm: number; bars: number; sampleRate: Hertz; frames: Samples; frequencies?: readonly Hertz[]; noteBeats?: number }): {
  channels: Float32Array[];
  starts: Samples[];
} {
  const { bpm, bars, sampleRate, frames } = options;
  const frequencies = options.frequencies ?? [220, 277.18, 329.63, 440];
  const noteBeats = options.noteBeats ?? 0.5;
  const signal = new Float32Array(frames);
  const beat = (60 / bpm) * sampleRate;
  const starts: Samples[] = [];
  const attack = sampleRate / 1000;
  for (let b = 0; b < bars * 4; b++) {
    const start = Math.round(b * beat);
    starts.push(start);
    const step = (2 * Math.PI * frequencies[b % frequencies.length]) / sampleRate;
    const length = Math.round(noteBeats * beat);
    for (let i = 0; i < length; i++) {
      // A 5 ms release at the note's end, so the cut is no onset of its own.
      const release = Math.min(1, (length - i) / (0.005 * sampleRate));
      signal[(start + i) % frames] += 0.5 * Math.min(1, i / attack) * release * (0.3 + 0.7 * Math.exp(-i / (0.15 * sampleRate))) * Math.sin(step * i);
    }
  }
  return { channels: [signal, signal.slice()], starts };
}

/**
 * An 808-style loop: hits of a `hz` sine with a 1 ms attack and a slow decay that fades out just
 * before the next hit (so no cut reads as an onset), at the given beat positions of each bar.
 */
export function bassHitLoop(options: { bpm: number; bars: number; sampleRate: Hertz; hz: Hertz; beats?: readonly number[] }): {
  channels: Float32Array[];
  starts: Samples[];
} {
  const { bpm, bars, sampleRate, hz } = options;
  const beat = (60 / bpm) * sampleRate;
  const frames = Math.round(bars * 4 * beat);
  const beats = options.beats ?? [0, 2.5];
  const positions: number[] = [];
  for (let bar = 0; bar < bars; bar++) for (const b of beats) positions.push(Math.round((bar * 4 + b) * beat));
  const signal = new Float32Array(frames);
  const step = (2 * Math.PI * hz) / sampleRate;
  const attack = sampleRate / 1000;
  const release = 0.01 * sampleRate;
  positions.forEach((start, i) => {
    const next = i + 1 < positions.length ? positions[i + 1] : positions[0] + frames;
    const length = next - start;
    for (let j = 0; j < length; j++) {
      const envelope = Math.min(1, j / attack) * Math.min(1, (length - j) / release) * Math.exp(-j / (0.6 * sampleRate));
      signal[(start + j) % frames] += 0.7 * envelope * Math.sin(step * j);
    }
  });
  return { channels: [signal, signal.slice()], starts: positions };
}
