/**
 * Instrument voices of the demo library. A voice renders one note, as if the key were held, into a
 * mono buffer; the stem renderer plays that buffer wherever the note recurs and fades it out over
 * the voice's release when the key is let go (see `mixHeld`), as a sampler plays its samples. Notes
 * ringing past the loop's end continue at its start, so every loop tiles without a seam.
 */
import { noiseSource, pulseAt, sawAt, sinTurns, StateVariableFilter } from './synth-kit';

// Global `Math` is slow to reach from jest's sandbox; hot loops use module-level bindings.
const { exp, floor, min, sqrt, tanh, sin, cos, PI } = Math;

export interface Voice {
  /** Seconds of the fade after the key is let go. */
  readonly release: number;
  /** Whether velocity changes the timbre (else it only scales the level). */
  readonly velocityTimbre: boolean;
  /** Level of the voice at velocity 1 (voices are balanced against each other). */
  readonly gain: number;
  /** `frames` frames of one held note at `hz`, with the strike's `velocity` (0..1). */
  render(sampleRate: number, hz: number, velocity: number, frames: number, seed: number): Float32Array;
}

/** Electric piano (tine e-piano): two-operator FM darkening as it decays, a bell-like tine on the attack, soft tremolo. */
export const keys: Voice = {
  release: 0.3, velocityTimbre: true, gain: 0.5,
  render(sr, hz, velocity, frames) {
    const out = new Float32Array(frames);
    const inc = hz / sr;
    const tineInc = inc * 7.02;
    const amp = exp(-(1.1 + hz / 900) / sr);
    const indexFall = exp(-6 / sr);
    const tineFall = exp(-30 / sr);
    const attack = 0.003 * sr;
    let phase = 0;
    let tinePhase = 0;
    let level = 1;
    // FM index in turns (x 2 pi radians): harder strikes are brighter.
    let index = 0.1 + 0.16 * velocity;
    let tine = 0.1 * velocity;
    let tremolo = 1;
    for (let t = 0; t < frames; t++) {
      if ((t & 63) === 0) tremolo = 1 + 0.06 * sinTurns((t * 4.6) / sr);
      const tineOn = tine > 1e-4;
      const v = sinTurns(phase + index * sinTurns(phase)) + (tineOn ? tine * sinTurns(tinePhase) : 0);
      out[t] = v * level * tremolo * (t < attack ? t / attack : 1);
      phase += inc;
      if (phase >= 1) phase -= 1;
      if (tineOn) {
        tinePhase += tineInc;
        tinePhase -= floor(tinePhase);
        tine *= tineFall;
      }
      level *= amp;
      index *= indexFall;
    }
    return out;
  },
};

/**
 * Acoustic piano: up to eight slightly stretched (inharmonic) partials as decaying resonators (two
 * multiplies a sample each), the higher ones dying faster, the fundamental doubled a hair sharp for
 * the beating of unison strings, and a felt-hammer thump.
 */
export const piano: Voice = {
  release: 0.2, velocityTimbre: true, gain: 0.32,
  render(sr, hz, velocity, frames, seed) {
    const out = new Float32Array(frames);
    const partials = hz > 1000 ? 3 : hz > 500 ? 5 : 8;
    const brightness = 0.45 + 0.5 * velocity;
    for (let k = 0; k <= partials; k++) {
      // Partial 0 is the detuned unison copy of the fundamental.
      const harmonic = k === 0 ? 1 : k;
      const partialHz = hz * harmonic * sqrt(1 + 0.00035 * harmonic * harmonic) * (k === 0 ? 1.0009 : 1);
      if (partialHz > sr * 0.45) continue;
      const w = (2 * PI * partialHz) / sr;
      const r = exp(-(0.9 + 0.5 * harmonic + partialHz / 2500) / sr);
      const c = 2 * r * cos(w);
      const d = r * r;
      const amplitude = ((k === 0 ? 0.5 : 1) * brightness ** (harmonic - 1)) / harmonic;
      let prev = (-amplitude * sin(w)) / r;
      let cur = 0;
      for (let t = 0; t < frames; t++) {
        out[t] += cur;
        const next = c * cur - d * prev;
        prev = cur;
        cur = next;
      }
    }
    const noise = noiseSource(seed);
    const thump = new StateVariableFilter(sr, 900, 0.8);
    const thumpFrames = min(frames, floor(0.02 * sr));
    for (let t = 0; t < thumpFrames; t++) out[t] += thump.process(noise()) * 0.3 * (1 - t / thumpFrames);
    for (let t = 0; t < 40 && t < frames; t++) out[t] *= t / 40;
    return out;
  },
};

/** Detuned band-limited saws through a resonant low-pass that opens with a slow swell: pads and strings. */
function sawEnsemble(shape: { attack: number; cutoff: (hz: number) => number; detune: number; vibrato: number }) {
  return (sr: number, hz: number, _velocity: number, frames: number): Float32Array => {
    const out = new Float32Array(frames);
    const detunes = [1 - shape.detune, 1 + shape.detune * 0.15, 1 + shape.detune];
    const phases = [0.13, 0.71, 0.42];
    const cutoff = shape.cutoff(hz);
    const filter = new StateVariableFilter(sr, cutoff, 0.9);
    const attack = shape.attack * sr;
    const vibratoDelay = 0.4 * sr;
    const incs = [0, 0, 0];
    let env = 0;
    for (let t = 0; t < frames; t++) {
      if ((t & 63) === 0) {
        // Once per 64 frames: the swell, the filter's slow breathing, and the vibrato.
        const swell = min(1, t / attack);
        env = swell;
        filter.tune(cutoff * (0.55 + 0.45 * swell) * (1 + 0.12 * sinTurns((t * 0.23) / sr)), 0.9);
        const vibrato = 1 + shape.vibrato * sinTurns((t * 5.1) / sr) * min(1, t / vibratoDelay);
        for (let s = 0; s < 3; s++) incs[s] = (hz * detunes[s] * vibrato) / sr;
      }
      let v = 0;
      for (let s = 0; s < 3; s++) {
        let p = phases[s] + incs[s];
        if (p >= 1) p -= 1;
        phases[s] = p;
        v += sawAt(p, incs[s]);
      }
      out[t] = filter.process(v) * env;
    }
    return out;
  };
}

export const pad: Voice = {
  release: 0.7, velocityTimbre: false, gain: 0.11,
  render: sawEnsemble({ attack: 0.5, cutoff: (hz) => min(2400, hz * 4.5), detune: 0.006, vibrato: 0.0008 }),
};

export const strings: Voice = {
  release: 0.45, velocityTimbre: false, gain: 0.1,
  render: sawEnsemble({ attack: 0.25, cutoff: (hz) => min(4200, hz * 7), detune: 0.0035, vibrato: 0.0035 }),
};

/**
 * Plucked string (Karplus-Strong with a fractional, linearly interpolated delay so every pitch is in
 * tune): `brightness` 0..1 sets the loop filter, `sustain` the seconds it takes to fall ~28 dB.
 */
function pluckedString(brightness: number, sustain: number) {
  return (sr: number, hz: number, _velocity: number, frames: number, seed: number): Float32Array => {
    const out = new Float32Array(frames);
    // The one-zero loop filter y = a x[n] + (1 - a) x[n-1] delays by (1 - a) samples.
    const a = 0.5 + 0.49 * brightness;
    const delay = sr / hz - (1 - a);
    const whole = floor(delay);
    const frac = delay - whole;
    const size = whole + 2;
    const line = new Float64Array(size);
    const noise = noiseSource(seed);
    // The excitation: one period of noise, softened for darker strings.
    let soft = 0;
    for (let i = 0; i < size; i++) {
      soft += (0.35 + 0.6 * brightness) * (noise() - soft);
      line[i] = soft;
    }
    const feedback = exp(-3.2 / (sustain * hz));
    let write = whole + 1;
    let previous = 0;
    for (let t = 0; t < frames; t++) {
      let r1 = write - whole;
      if (r1 < 0) r1 += size;
      let r2 = r1 - 1;
      if (r2 < 0) r2 += size;
      const y = line[r1] * (1 - frac) + line[r2] * frac;
      line[write] = (a * y + (1 - a) * previous) * feedback;
      previous = y;
      if (++write === size) write = 0;
      out[t] = y;
    }
    return out;
  };
}

export const pluck: Voice = { release: 0.12, velocityTimbre: false, gain: 0.55, render: pluckedString(0.62, 0.9) };
export const guitar: Voice = { release: 0.1, velocityTimbre: false, gain: 0.55, render: pluckedString(0.7, 1.6) };
/** Palm-muted guitar: dark and short (afrobeats picking). */
export const mutedGuitar: Voice = { release: 0.04, velocityTimbre: false, gain: 0.6, render: pluckedString(0.35, 0.22) };

/** Synth pluck for arpeggios: saw and pulse through a resonant low-pass whose cut-off snaps shut. */
export const arp: Voice = {
  release: 0.06, velocityTimbre: true, gain: 0.22,
  render(sr, hz, velocity, frames) {
    const out = new Float32Array(frames);
    const inc = hz / sr;
    const filter = new StateVariableFilter(sr, 3000, 1.6);
    let phase = 0.25;
    let sweep = 2600 + 2600 * velocity;
    const sweepFall = exp(-14 / sr);
    const ampFall = exp(-3.5 / sr);
    let level = 1;
    for (let t = 0; t < frames; t++) {
      if ((t & 15) === 0) filter.tune(hz * 1.2 + sweep, 1.6);
      const v = 0.6 * sawAt(phase, inc) + 0.4 * pulseAt(phase, inc, 0.5);
      out[t] = filter.process(v) * level * (t < 60 ? t / 60 : 1);
      phase += inc;
      if (phase >= 1) phase -= 1;
      sweep *= sweepFall;
      level *= ampFall;
    }
    return out;
  },
};

/** Bell: inharmonic FM (ratio 3.5) with a long exponential ring; it rings on after the note. */
export const bell: Voice = {
  release: 1.4, velocityTimbre: false, gain: 0.26,
  render(sr, hz, _velocity, frames) {
    const out = new Float32Array(frames);
    const inc = hz / sr;
    const fall = exp(-2.4 / sr);
    const indexFall = exp(-4 / sr);
    let carrier = 0;
    let modulator = 0;
    let octave = 0;
    let level = 1;
    let index = 0.45;
    for (let t = 0; t < frames; t++) {
      const v = sinTurns(carrier + index * sinTurns(modulator)) + 0.25 * sinTurns(octave);
      out[t] = v * level * (t < 90 ? t / 90 : 1);
      carrier += inc;
      if (carrier >= 1) carrier -= 1;
      modulator += inc * 3.5;
      modulator -= floor(modulator);
      octave += inc * 2;
      if (octave >= 1) octave -= 1;
      level *= fall;
      index *= indexFall;
    }
    return out;
  },
};

/** Lead: a band-limited pulse and saw, soft-clipped, with delayed vibrato and a closing filter. */
export const lead: Voice = {
  release: 0.1, velocityTimbre: false, gain: 0.16,
  render(sr, hz, _velocity, frames) {
    const out = new Float32Array(frames);
    const filter = new StateVariableFilter(sr, 3000, 1.1);
    let phase = 0;
    let sweep = 2800;
    const sweepFall = exp(-5 / sr);
    const vibratoDelay = 0.18 * sr;
    let inc = hz / sr;
    for (let t = 0; t < frames; t++) {
      if ((t & 15) === 0) {
        filter.tune(700 + sweep + hz * 2, 1.1);
        inc = (hz * (1 + 0.005 * sinTurns((t * 5.6) / sr) * min(1, t / vibratoDelay))) / sr;
      }
      phase += inc;
      if (phase >= 1) phase -= 1;
      const v = 0.55 * pulseAt(phase, inc, 0.32) + 0.45 * sawAt(phase, inc);
      out[t] = tanh(filter.process(v) * 1.4) * min(1, t / (0.012 * sr));
      sweep *= sweepFall;
    }
    return out;
  },
};
