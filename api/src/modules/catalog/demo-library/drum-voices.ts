import { noiseSource, type LoopBuffer } from './voices';

/**
 * Drum synthesis for the demo library: pitched kick sweeps, noise-and-tone snares, filtered-noise
 * hats, claps of staggered bursts, and saturated 808s that glide between notes.
 */
const { sin, exp, tanh, PI, floor, max } = Math;
const TAU = 2 * PI;

export interface Hit {
  readonly frame: number;
  readonly velocity: number;
}

function add(b: LoopBuffer, frame: number, l: number, r: number): void {
  const n = b.left.length;
  const i = ((frame % n) + n) % n;
  b.left[i] += l;
  b.right[i] += r;
}

/** Kick: a sine swept down from `punch` Hz to `body` Hz, with a click and soft saturation. */
export function kick(b: LoopBuffer, hit: Hit, tone: { punch: number; body: number; decay: number }): void {
  const sr = b.sampleRate;
  const total = floor(tone.decay * 1.6 * sr);
  let phase = 0;
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const f = tone.body + (tone.punch - tone.body) * exp(-time * 38);
    phase += (TAU * f) / sr;
    const env = exp(-time / (tone.decay * 0.45));
    const click = t < 0.003 * sr ? (1 - t / (0.003 * sr)) * 0.4 : 0;
    const v = tanh((sin(phase) * env + click) * 1.6) * hit.velocity * 0.8;
    add(b, hit.frame + t, v, v);
  }
}

/** Snare: two decaying tones and high-passed noise; `crack` sets the noise share. */
export function snare(b: LoopBuffer, hit: Hit, seed: number, tone: { pitch: number; decay: number; crack: number }): void {
  const sr = b.sampleRate;
  const total = floor(tone.decay * 2.2 * sr);
  const noise = noiseSource(seed);
  let prev = 0;
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const body = (sin((TAU * tone.pitch * t) / sr) * 0.6 + sin((TAU * tone.pitch * 1.83 * t) / sr) * 0.3) * exp(-time * 28);
    const n = noise();
    const hp = n - prev;
    prev = n;
    const v = (body * (1 - tone.crack) + hp * tone.crack * exp(-time / (tone.decay * 0.5))) * hit.velocity * 0.7;
    add(b, hit.frame + t, v * 0.95, v);
  }
}

/** Clap: three short noise bursts then a band-limited tail. */
export function clap(b: LoopBuffer, hit: Hit, seed: number): void {
  const sr = b.sampleRate;
  const total = floor(0.35 * sr);
  const noise = noiseSource(seed);
  let lp = 0;
  let prev = 0;
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const burst = time < 0.03 ? exp(-((time * 1000) % 10) / 2.5) : exp(-(time - 0.03) * 18);
    const n = noise();
    lp += 0.35 * (n - lp);
    const bp = lp - prev;
    prev = lp;
    const v = bp * burst * hit.velocity * 1.6;
    add(b, hit.frame + t, v, v * 0.9);
  }
}

/** Hat: high-passed noise with a metallic edge; `decay` ~0.04 s closed, ~0.3 s open. */
export function hat(b: LoopBuffer, hit: Hit, seed: number, decay: number, pan = 0.15): void {
  const sr = b.sampleRate;
  const total = floor(decay * 3 * sr);
  const noise = noiseSource(seed);
  let prev = 0;
  let prev2 = 0;
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const n = noise();
    const hp = n - 2 * prev + prev2;
    prev2 = prev;
    prev = n;
    const metal = sin((TAU * 7350 * t) / sr) * sin((TAU * 5120 * t) / sr) * 0.25;
    const v = (hp * 0.45 + metal) * exp(-time / decay) * hit.velocity * 0.5;
    add(b, hit.frame + t, v * (1 - pan), v * (1 + pan));
  }
}

/** Percussion: a pitched membrane (conga/rim/woodblock) with a fast decay. */
export function perc(b: LoopBuffer, hit: Hit, pitch: number, pan: number): void {
  const sr = b.sampleRate;
  const total = floor(0.18 * sr);
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const f = pitch * (1 + 0.3 * exp(-time * 60));
    const v = sin((TAU * f * t) / sr) * exp(-time * 22) * hit.velocity * 0.55;
    add(b, hit.frame + t, v * (1 - pan), v * (1 + pan));
  }
}

/** Shaker: band-passed noise with a soft attack. */
export function shaker(b: LoopBuffer, hit: Hit, seed: number): void {
  const sr = b.sampleRate;
  const total = floor(0.09 * sr);
  const noise = noiseSource(seed);
  let prev = 0;
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const n = noise();
    const hp = n - prev;
    prev = n;
    const env = time < 0.012 ? time / 0.012 : exp(-(time - 0.012) * 45);
    const v = hp * env * hit.velocity * 0.3;
    add(b, hit.frame + t, v * 0.7, v * 1.1);
  }
}

/** Crash cymbal: long, bright, slowly decaying noise. */
export function cymbal(b: LoopBuffer, hit: Hit, seed: number): void {
  const sr = b.sampleRate;
  const total = floor(2.2 * sr);
  const noise = noiseSource(seed);
  let prev = 0;
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const n = noise();
    const hp = n - prev;
    prev = n;
    const shimmer = 1 + 0.3 * sin((TAU * 9100 * t) / sr);
    const v = hp * shimmer * exp(-time * 2.1) * hit.velocity * 0.35;
    add(b, hit.frame + t, v * 0.9, v);
  }
}

/** Riser: filtered noise swelling over `frames`, ending on `end` (a transition effect). */
export function riser(b: LoopBuffer, end: number, frames: number, seed: number, velocity: number): void {
  const noise = noiseSource(seed);
  let lp = 0;
  for (let t = 0; t < frames; t++) {
    const progress = t / frames;
    const n = noise();
    lp += (0.02 + 0.5 * progress * progress) * (n - lp);
    const v = lp * progress * progress * velocity * 0.9;
    add(b, end - frames + t, v * (1 - progress * 0.5), v);
  }
}

export interface BassNote {
  readonly frame: number;
  readonly length: number;
  readonly hz: number;
  /** Glide into this note from the previous note's pitch (drill slides). */
  readonly glide: boolean;
  readonly velocity: number;
}

/** 808: a sine with a pitch punch, long decay, saturation for harmonics, and glides between notes. */
export function bass808(b: LoopBuffer, notes: readonly BassNote[], drive: number): void {
  const sr = b.sampleRate;
  let phase = 0;
  notes.forEach((note, i) => {
    const from = i > 0 ? notes[i - 1].hz : note.hz;
    const glideFrames = note.glide ? floor(0.09 * sr) : 0;
    const release = floor(0.03 * sr);
    const total = note.length + release;
    for (let t = 0; t < total; t++) {
      const time = t / sr;
      const glide = glideFrames && t < glideFrames ? from + (note.hz - from) * (t / glideFrames) : note.hz;
      const f = glide * (1 + 0.6 * exp(-time * 45));
      phase += (TAU * f) / sr;
      const attack = t < 0.002 * sr ? t / (0.002 * sr) : 1;
      const tail = t < note.length ? 1 : max(0, 1 - (t - note.length) / release);
      const env = attack * tail * exp(-time * 0.9);
      const v = (tanh(sin(phase) * drive) / tanh(drive)) * env * note.velocity * 0.75;
      add(b, note.frame + t, v, v);
    }
  });
}
