/**
 * Drum synthesis for the demo library: pitched kick sweeps, noise-and-tone snares, claps of staggered
 * bursts, filtered-noise hats with a metallic edge, hand percussion, cymbals, transition effects, and
 * saturated 808s that glide between notes. A hit's sound is rendered once (`...Sound`) and the loop
 * renderer places it at every hit, scaled by the hit's velocity, as a drum sampler does.
 */
import { mixHeld, mixMono, noiseSource, sinTurns, StateVariableFilter, type LoopBuffer } from './synth-kit';

const { exp, floor, tanh, log2 } = Math;

/** Seconds an 808 note takes to fall silent after its length; a bass line leaves this much before the next note. */
export const BASS_RELEASE_SECONDS = 0.02;

export interface KickTone {
  /** Start of the pitch sweep (Hz). */
  readonly punch: number;
  /** Where the sweep settles (Hz). */
  readonly body: number;
  /** Seconds to fall by about 30 dB. */
  readonly decay: number;
  /** Saturation: 1 clean, 3 hard. */
  readonly drive: number;
}

/** Kick: a sine swept exponentially from `punch` to `body` Hz, a beater click, soft saturation. */
export function kickSound(sr: number, tone: KickTone): Float32Array {
  const frames = floor(tone.decay * 1.5 * sr);
  const out = new Float32Array(frames);
  const sweepFall = exp(-42 / sr);
  const ampFall = exp(-3.4 / (tone.decay * sr));
  const clickFrames = floor(0.004 * sr);
  let sweep = tone.punch - tone.body;
  let phase = 0;
  let level = 1;
  const norm = tanh(tone.drive);
  for (let t = 0; t < frames; t++) {
    phase += (tone.body + sweep) / sr;
    if (phase >= 1) phase -= 1;
    const click = t < clickFrames ? (1 - t / clickFrames) * 0.5 : 0;
    out[t] = (tanh((sinTurns(phase) * level + click) * tone.drive) / norm) * (t < 16 ? t / 16 : 1);
    sweep *= sweepFall;
    level *= ampFall;
  }
  return out;
}

export interface SnareTone {
  /** Fundamental of the drum head (Hz). */
  readonly pitch: number;
  /** Seconds the snares (noise) ring. */
  readonly decay: number;
  /** Share of noise against tone, 0..1. */
  readonly snap: number;
  /** Centre of the noise band (Hz). */
  readonly brightness: number;
}

/** Snare: two head modes (tone) under band-passed noise (the snares), with a fast attack. */
export function snareSound(sr: number, tone: SnareTone, seed: number): Float32Array {
  const frames = floor(tone.decay * 2.5 * sr);
  const out = new Float32Array(frames);
  const noise = noiseSource(seed);
  const band = new StateVariableFilter(sr, tone.brightness, 0.6);
  const air = new StateVariableFilter(sr, 9000, 0.7);
  const toneFall = exp(-30 / sr);
  const noiseFall = exp(-3.2 / (tone.decay * sr));
  let p1 = 0;
  let p2 = 0;
  let toneLevel = 1 - tone.snap * 0.6;
  let noiseLevel = tone.snap;
  for (let t = 0; t < frames; t++) {
    const bend = 1 + 0.25 * exp(-t / (0.004 * sr));
    p1 += (tone.pitch * bend) / sr;
    p2 += (tone.pitch * 1.59 * bend) / sr;
    if (p1 >= 1) p1 -= 1;
    if (p2 >= 1) p2 -= 1;
    const n = noise();
    band.process(n);
    air.process(n);
    const body = (sinTurns(p1) * 0.7 + sinTurns(p2) * 0.35) * toneLevel;
    const rattle = (band.band * 1.6 + air.high * 0.35) * noiseLevel;
    out[t] = tanh((body + rattle) * 1.3) * (t < 8 ? t / 8 : 1);
    toneLevel *= toneFall;
    noiseLevel *= noiseFall;
  }
  return out;
}

/** Clap: four band-passed noise bursts ~9 ms apart, then a short diffuse tail. */
export function clapSound(sr: number, brightness: number, seed: number): Float32Array {
  const frames = floor(0.32 * sr);
  const out = new Float32Array(frames);
  const noise = noiseSource(seed);
  const filter = new StateVariableFilter(sr, brightness, 1.4);
  const spacing = 0.0095 * sr;
  const tailFall = exp(-16 / sr);
  let tail = 1;
  for (let t = 0; t < frames; t++) {
    filter.process(noise());
    let env: number;
    if (t < spacing * 3) {
      const within = t % spacing;
      env = exp(-within / (0.0025 * sr));
    } else {
      env = tail;
      tail *= tailFall;
    }
    out[t] = filter.band * env * 2.2;
  }
  return out;
}

/** The six square waves of the classic analogue hat/cymbal, as ratios of the lowest. */
const METAL = [1, 1.4825, 1.8, 2.5465, 2.6302, 3.8963];

/**
 * One frame of the six detuned square waves (ratios METAL) under hats and cymbals: advances their
 * `phases` by `base` cycles a frame times each ratio and returns their sum (-6..6).
 */
function metallicSquares(phases: number[], base: number): number {
  let squares = 0;
  for (let k = 0; k < 6; k++) {
    let p = phases[k] + base * METAL[k];
    if (p >= 1) p -= 1;
    phases[k] = p;
    squares += p < 0.5 ? 1 : -1;
  }
  return squares;
}

/**
 * Hat: high-passed noise with a metallic cluster of square waves through a band-pass, decaying over
 * `decay` seconds (about 0.04 closed, 0.25 open).
 */
export function hatSound(sr: number, decay: number, brightness: number, seed: number): Float32Array {
  const frames = floor(decay * 4 * sr);
  const out = new Float32Array(frames);
  const noise = noiseSource(seed);
  const high = new StateVariableFilter(sr, 7200 * brightness, 0.7);
  const metal = new StateVariableFilter(sr, 9500 * brightness, 1.8);
  const phases = [0, 0.17, 0.33, 0.51, 0.68, 0.85];
  const base = 410 / sr;
  const fall = exp(-1 / (decay * sr));
  let level = 1;
  for (let t = 0; t < frames; t++) {
    const squares = metallicSquares(phases, base);
    high.process(noise());
    metal.process(squares * 0.18);
    out[t] = (high.high * 0.75 + metal.band * 0.9) * level * (t < 6 ? t / 6 : 1);
    level *= fall;
  }
  return out;
}

export type PercKind = 'rim' | 'conga' | 'bongo' | 'woodblock' | 'cowbell' | 'tambourine' | 'shaker' | 'snap';

/** Hand percussion and small sounds, each a few lines of synthesis. */
export function percSound(sr: number, kind: PercKind, seed: number, pitch = 1): Float32Array {
  const noise = noiseSource(seed);
  const shape: Record<PercKind, number> = { rim: 0.07, conga: 0.28, bongo: 0.16, woodblock: 0.09, cowbell: 0.3, tambourine: 0.22, shaker: 0.1, snap: 0.12 };
  const frames = floor(shape[kind] * sr);
  const out = new Float32Array(frames);
  const filter = new StateVariableFilter(sr, 1000, 1);
  let p1 = 0;
  let p2 = 0;
  for (let t = 0; t < frames; t++) {
    const time = t / sr;
    let v = 0;
    switch (kind) {
      case 'rim': {
        // A stick on the rim: a bright click and two short wooden modes.
        p1 += (1650 * pitch) / sr;
        p2 += (520 * pitch) / sr;
        filter.tune(2500, 2);
        filter.process(noise());
        v = (sinTurns(p1) * 0.5 + sinTurns(p2) * 0.6) * exp(-time * 70) + filter.band * exp(-time * 160);
        break;
      }
      case 'conga':
      case 'bongo': {
        const base = (kind === 'conga' ? 220 : 380) * pitch;
        p1 += (base * (1 + 0.18 * exp(-time * 50))) / sr;
        p2 += (base * 1.51) / sr;
        v = (sinTurns(p1) + 0.25 * sinTurns(p2)) * exp(-time * (kind === 'conga' ? 16 : 26)) + noise() * 0.15 * exp(-time * 300);
        break;
      }
      case 'woodblock':
        p1 += (820 * pitch) / sr;
        v = sinTurns(p1) * exp(-time * 55) + noise() * 0.1 * exp(-time * 400);
        break;
      case 'cowbell': {
        p1 += (545 * pitch) / sr;
        p2 += (815 * pitch) / sr;
        const square = (p1 % 1 < 0.5 ? 1 : -1) + (p2 % 1 < 0.5 ? 1 : -1);
        filter.tune(2600, 2.2);
        v = filter.process(square * 0.5) * (exp(-time * 60) * 0.6 + exp(-time * 9) * 0.4);
        break;
      }
      case 'tambourine': {
        // Jingles: bright noise in quick repeated flutters.
        filter.tune(8000, 1.2);
        filter.process(noise());
        const flutter = 0.6 + 0.4 * sinTurns(time * 110);
        v = filter.band * flutter * (time < 0.004 ? time / 0.004 : exp(-(time - 0.004) * 16)) * 1.6;
        break;
      }
      case 'shaker':
        filter.tune(6000, 0.9);
        filter.process(noise());
        v = filter.band * (time < 0.02 ? time / 0.02 : exp(-(time - 0.02) * 60)) * 1.4;
        break;
      case 'snap':
        filter.tune(2200, 1.6);
        filter.process(noise());
        v = filter.band * exp(-time * 70) * 2 + sinTurns(time * 1800) * exp(-time * 120) * 0.2;
        break;
    }
    out[t] = v;
  }
  return out;
}

/** Crash (long, washy) or ride (a bell ping over a shorter shimmer). */
export function cymbalSound(sr: number, kind: 'crash' | 'ride', seed: number): Float32Array {
  const seconds = kind === 'crash' ? 2.6 : 0.9;
  const frames = floor(seconds * sr);
  const out = new Float32Array(frames);
  const noise = noiseSource(seed);
  const high = new StateVariableFilter(sr, kind === 'crash' ? 4200 : 6500, 0.6);
  const metal = new StateVariableFilter(sr, 7000, 1.1);
  const phases = [0.05, 0.2, 0.4, 0.55, 0.7, 0.9];
  const base = (kind === 'crash' ? 290 : 520) / sr;
  const fall = exp(-(kind === 'crash' ? 1.9 : 4.5) / sr);
  let level = 1;
  let bell = 0;
  for (let t = 0; t < frames; t++) {
    const squares = metallicSquares(phases, base);
    high.process(noise());
    metal.process(squares * 0.15);
    let v = (high.high * 0.6 + metal.band * 0.7) * level;
    if (kind === 'ride') {
      bell += 2350 / sr;
      if (bell >= 1) bell -= 1;
      v += sinTurns(bell) * 0.22 * exp((-t / sr) * 7);
    }
    out[t] = v * (t < 30 ? t / 30 : 1);
    level *= fall;
  }
  return out;
}

/** Riser: noise through a band-pass sweeping up over `frames`, swelling into `end`. */
export function riser(b: LoopBuffer, end: number, frames: number, seed: number, velocity: number): void {
  const sr = b.sampleRate;
  const out = new Float32Array(frames);
  const noise = noiseSource(seed);
  const filter = new StateVariableFilter(sr, 300, 2.5);
  for (let t = 0; t < frames; t++) {
    const progress = t / frames;
    if ((t & 31) === 0) filter.tune(300 * 2 ** (progress * 5), 2.5);
    filter.process(noise());
    out[t] = filter.band * progress * progress * 1.4;
  }
  mixMono(b, end - frames, out, frames, 0, velocity);
}

/** Downlifter: a band-pass sweeping down from `start` with a fading sub boom (the impact after a drop). */
export function downlifter(b: LoopBuffer, start: number, frames: number, seed: number, velocity: number): void {
  const sr = b.sampleRate;
  const out = new Float32Array(frames);
  const noise = noiseSource(seed);
  const filter = new StateVariableFilter(sr, 8000, 2);
  let phase = 0;
  for (let t = 0; t < frames; t++) {
    const progress = t / frames;
    if ((t & 31) === 0) filter.tune(8000 * 2 ** (-progress * 5), 2);
    filter.process(noise());
    phase += (38 + 40 * exp(-progress * 30)) / sr;
    if (phase >= 1) phase -= 1;
    out[t] = filter.band * (1 - progress) * 1.2 + sinTurns(phase) * exp(-progress * 6) * 0.8;
  }
  mixMono(b, start, out, frames, 0, velocity);
}

/** Reversed cymbal: a crash's wash played backwards, swelling into `end`. */
export function reverseCymbal(b: LoopBuffer, end: number, frames: number, seed: number, velocity: number): void {
  const sr = b.sampleRate;
  const out = new Float32Array(frames);
  const noise = noiseSource(seed);
  const high = new StateVariableFilter(sr, 5000, 0.6);
  for (let t = 0; t < frames; t++) {
    const fromEnd = (frames - t) / sr;
    high.process(noise());
    out[t] = high.high * exp(-fromEnd * 2.2);
  }
  mixMono(b, end - frames, out, frames, -0.15, velocity);
}

/** Vinyl: a quiet band-limited hiss with sparse crackles and pops over the whole loop. */
export function vinyl(b: LoopBuffer, seed: number, velocity: number): void {
  const n = b.left.length;
  const noise = noiseSource(seed);
  const hiss = new StateVariableFilter(b.sampleRate, 3500, 0.5);
  const out = new Float32Array(n);
  let crackle = 0;
  for (let t = 0; t < n; t++) {
    const x = noise();
    hiss.process(x);
    // About 30 crackles a second, of random strength.
    if (crackle <= 0.001 && (x + 1) * 0.5 < 30 / b.sampleRate) crackle = 0.3 + 0.7 * ((noise() + 1) / 2);
    out[t] = hiss.band * 0.05 + crackle * noise();
    crackle *= 0.9;
  }
  mixMono(b, 0, out, n, 0, velocity);
}

export interface BassNote {
  readonly frame: number;
  /** Frames the note is held. */
  readonly length: number;
  readonly hz: number;
  /** Slide into this note from the previous note's pitch (drill and trap glides). */
  readonly glide: boolean;
  readonly velocity: number;
}

/**
 * One 808 note of `frames` frames: a sine with a pitch punch (or, for a slide, a glide in log
 * frequency from `fromHz`) and a long decay, saturated for harmonics a phone speaker can play.
 */
export function bassSound(sr: number, hz: number, frames: number, drive: number, decaySeconds: number, fromHz: number | null): Float32Array {
  const out = new Float32Array(frames);
  const norm = tanh(drive);
  const glideFrames = floor(0.085 * sr);
  const fromOctaves = fromHz ? log2(fromHz / hz) : 0;
  const fall = exp(-3 / (decaySeconds * sr));
  const punchFall = exp(-1 / (0.012 * sr));
  let punch = fromHz ? 0 : 0.5;
  let phase = 0;
  let level = 1;
  for (let t = 0; t < frames; t++) {
    const slide = fromHz && t < glideFrames ? fromOctaves * (1 - t / glideFrames) ** 2 : 0;
    const f = slide !== 0 || punch > 1e-4 ? hz * 2 ** (slide + punch) : hz;
    phase += f / sr;
    if (phase >= 1) phase -= 1;
    out[t] = (tanh(sinTurns(phase) * drive) / norm) * level * (t < 90 ? t / 90 : 1);
    level *= fall;
    punch *= punchFall;
  }
  return out;
}

/**
 * An 808 line: each note held for its length then released quickly; slides glide from the previous
 * note's pitch. Notes that recur (same pitch, no slide) are rendered once.
 */
export function bass808(b: LoopBuffer, notes: readonly BassNote[], drive: number, decaySeconds = 1.6): void {
  const sr = b.sampleRate;
  const release = floor(BASS_RELEASE_SECONDS * sr);
  const longest = new Map<number, number>();
  for (const note of notes) if (!note.glide) longest.set(note.hz, Math.max(longest.get(note.hz) ?? 0, note.length + release));
  const rendered = new Map<number, Float32Array>();
  notes.forEach((note, i) => {
    const previous = notes[i > 0 ? i - 1 : notes.length - 1];
    let sound: Float32Array;
    if (note.glide) {
      sound = bassSound(sr, note.hz, note.length + release, drive, decaySeconds, previous.hz);
    } else {
      sound = rendered.get(note.hz) ?? bassSound(sr, note.hz, longest.get(note.hz)!, drive, decaySeconds, null);
      rendered.set(note.hz, sound);
    }
    mixHeld(b, note.frame, sound, note.length, release, 0, 0.8 * note.velocity);
  });
}
