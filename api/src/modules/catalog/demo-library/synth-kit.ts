/**
 * Building blocks of the demo library's synthesisers: a table sine, band-limited (polyBLEP) saw and
 * pulse, a state-variable filter, deterministic noise, and the loop buffer notes are mixed into.
 * Everything is per-sample arithmetic on plain numbers so rendering a whole library stays within
 * seconds per core.
 */
// Global `Math` is slow to reach from jest's sandbox; hot loops use module-level bindings.
const { sin, tan, PI, floor, min, max } = Math;

export const TAU = 2 * PI;

const TABLE_SIZE = 4096;
const SINE = new Float64Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) SINE[i] = sin((TAU * i) / TABLE_SIZE);

/** sin(2π · turns) by linear interpolation in a 4096-point table (error under -120 dB). */
export function sinTurns(turns: number): number {
  const x = (turns - floor(turns)) * TABLE_SIZE;
  const i = x | 0;
  const a = SINE[i];
  return a + (SINE[i + 1] - a) * (x - i);
}

/** The polyBLEP residual that removes most aliasing from a naive saw or pulse edge. */
export function polyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const x = phase / increment;
    return x + x - x * x - 1;
  }
  if (phase > 1 - increment) {
    const x = (phase - 1) / increment;
    return x * x + x + x + 1;
  }
  return 0;
}

/** A band-limited saw (-1..1) at `phase` (0..1) advancing `increment` per sample. */
export const sawAt = (phase: number, increment: number): number => 2 * phase - 1 - polyBlep(phase, increment);

/** A band-limited pulse of duty `width` (0..1). */
export function pulseAt(phase: number, increment: number, width: number): number {
  let shifted = phase + 1 - width;
  if (shifted >= 1) shifted -= 1;
  return (phase < width ? 1 : -1) + polyBlep(phase, increment) - polyBlep(shifted, increment);
}

/** A deterministic noise source (xorshift32, uniform -1..1): the same render on every machine. */
export function noiseSource(seed: number): () => number {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return (s / 4294967296) * 2 - 1;
  };
}

/**
 * A state-variable filter (topology-preserving transform): low, band and high outputs of one
 * 12 dB/octave section, stable under fast cut-off changes.
 */
export class StateVariableFilter {
  private ic1 = 0;
  private ic2 = 0;
  private g = 0;
  private k = 1;
  private a1 = 0;
  low = 0;
  band = 0;
  high = 0;

  constructor(private readonly sampleRate: number, cutoff = 1000, q = 0.707) {
    this.tune(cutoff, q);
  }

  tune(cutoff: number, q = 0.707): void {
    const f = min(max(cutoff, 10), this.sampleRate * 0.45);
    this.g = tan((PI * f) / this.sampleRate);
    this.k = 1 / q;
    this.a1 = 1 / (1 + this.g * (this.g + this.k));
  }

  /** Filters one sample; read `low`, `band` or `high` afterwards. Returns the low-pass output. */
  process(x: number): number {
    const v3 = x - this.ic2;
    const v1 = this.a1 * (this.ic1 + this.g * v3);
    const v2 = this.ic2 + this.g * v1;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.low = v2;
    this.band = v1;
    this.high = x - this.k * v1 - v2;
    return v2;
  }
}

/** A stereo loop the voices add into; writes past the end wrap to the start, so loops tile seamlessly. */
export interface LoopBuffer {
  readonly left: Float32Array;
  readonly right: Float32Array;
  readonly sampleRate: number;
}

/** Adds a mono signal at `start` with a balance pan (-1 left .. 1 right, centre at unity). */
export function mixMono(buffer: LoopBuffer, start: number, mono: Float32Array, frames: number, pan: number, gain = 1): void {
  mixHeld(buffer, start, mono, frames, 0, pan, gain);
}

/**
 * Adds the first `held + fade` frames of a mono note at `start`: the note plays as rendered for
 * `held` frames, then fades out linearly over `fade` frames (a key let go, a damper). A note
 * rendered once can so be played at any length.
 */
export function mixHeld(buffer: LoopBuffer, start: number, mono: Float32Array, held: number, fade: number, pan: number, gain = 1): void {
  const n = buffer.left.length;
  const total = Math.min(mono.length, held + fade);
  const gl = gain * (pan <= 0 ? 1 : 1 - pan);
  const gr = gain * (pan >= 0 ? 1 : 1 + pan);
  let i = ((start % n) + n) % n;
  const { left, right } = buffer;
  const firstFade = Math.min(held, total);
  for (let t = 0; t < firstFade; t++) {
    const v = mono[t];
    left[i] += v * gl;
    right[i] += v * gr;
    if (++i === n) i = 0;
  }
  for (let t = firstFade; t < total; t++) {
    const v = mono[t] * (1 - (t - held) / fade);
    left[i] += v * gl;
    right[i] += v * gr;
    if (++i === n) i = 0;
  }
}

/** Hz of a MIDI note (A4 = 69 = 440 Hz). */
export const midiToHz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);
