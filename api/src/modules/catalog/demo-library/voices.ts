/**
 * Instrument voices for the demo library. Each adds one note into a stereo loop buffer; writes past
 * the loop's end wrap to its start, so a note ringing over the bar line continues into the next
 * repetition and the loop tiles without a seam.
 */
const { sin, exp, tanh, PI, floor, min, max, random: _unused } = Math;
void _unused;
const TAU = 2 * PI;

export interface LoopBuffer {
  readonly left: Float32Array;
  readonly right: Float32Array;
  readonly sampleRate: number;
}

export interface NoteSpec {
  readonly start: number; // frame
  readonly length: number; // frames the note is held
  readonly hz: number;
  readonly velocity: number; // 0..1
  readonly pan: number; // -1..1
}

/** A deterministic noise source (xorshift) so renders are identical on every machine. */
export function noiseSource(seed: number): () => number {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return (s / 4294967296) * 2 - 1;
  };
}

function write(buffer: LoopBuffer, frame: number, value: number, pan: number): void {
  const n = buffer.left.length;
  const i = ((frame % n) + n) % n;
  buffer.left[i] += value * (pan <= 0 ? 1 : 1 - pan);
  buffer.right[i] += value * (pan >= 0 ? 1 : 1 + pan);
}

/** Attack / hold / release envelope value at frame t of a note held `length` frames. */
function adsr(t: number, length: number, attack: number, release: number): number {
  const a = t < attack ? t / attack : 1;
  const r = t < length ? 1 : max(0, 1 - (t - length) / release);
  return a * r;
}

/** Electric piano: two-operator FM with a decaying index and a soft tremolo. */
export function keysNote(b: LoopBuffer, n: NoteSpec): void {
  const sr = b.sampleRate;
  const release = floor(0.25 * sr);
  const total = n.length + release;
  const w = (TAU * n.hz) / sr;
  const decay = exp(-1.6 / sr);
  const indexDecay = exp(-5 / sr);
  const tremolo = (TAU * 4.5) / sr;
  let level = 1;
  let index = 1.8;
  for (let t = 0; t < total; t++) {
    const env = adsr(t, n.length, 0.004 * sr, release) * level;
    const v = sin(w * t + index * sin(w * t)) * env * (1 + 0.08 * sin(tremolo * t));
    write(b, n.start + t, v * n.velocity * 0.5, n.pan);
    level *= decay;
    index *= indexDecay;
  }
}

/** Piano: inharmonic decaying partials with a short hammer thump. */
export function pianoNote(b: LoopBuffer, n: NoteSpec): void {
  const sr = b.sampleRate;
  const release = floor(0.2 * sr);
  const total = n.length + release;
  const partials = n.hz > 800 ? 3 : 6;
  const w: number[] = [];
  const level: number[] = [];
  const decay: number[] = [];
  for (let k = 1; k <= partials; k++) {
    w.push((TAU * n.hz * k * (1 + 0.0004 * k * k)) / sr);
    level.push(1 / k);
    decay.push(exp(-(1.2 + 0.9 * k) / sr));
  }
  for (let t = 0; t < total; t++) {
    const env = adsr(t, n.length, 0.002 * sr, release);
    let v = 0;
    for (let k = 0; k < partials; k++) {
      v += sin(w[k] * t) * level[k];
      level[k] *= decay[k];
    }
    write(b, n.start + t, v * env * n.velocity * 0.45, n.pan);
  }
}

/** Detuned saws through a one-pole low-pass, slow attack: pads and strings. */
function sawEnsemble(b: LoopBuffer, n: NoteSpec, attack: number, cutoff: number, vibrato: number, gain: number): void {
  const sr = b.sampleRate;
  const release = floor(0.5 * sr);
  const total = n.length + release;
  const detunes = [-0.006, 0, 0.0055];
  const phases = [0.1, 0.4, 0.7];
  const alpha = 1 - exp((-TAU * cutoff) / sr);
  let lpL = 0;
  let lpR = 0;
  for (let t = 0; t < total; t++) {
    const time = t / sr;
    const env = adsr(t, n.length, attack * sr, release);
    const vib = 1 + vibrato * sin(TAU * 5.2 * time);
    let l = 0;
    let r = 0;
    for (let v = 0; v < 3; v++) {
      phases[v] += (n.hz * (1 + detunes[v]) * vib) / sr;
      phases[v] -= floor(phases[v]);
      const s = 2 * phases[v] - 1;
      if (v !== 2) l += s;
      if (v !== 0) r += s;
    }
    lpL += alpha * (l - lpL);
    lpR += alpha * (r - lpR);
    const i = n.start + t;
    const len = b.left.length;
    const k = ((i % len) + len) % len;
    b.left[k] += lpL * env * n.velocity * gain * (n.pan <= 0 ? 1 : 1 - n.pan);
    b.right[k] += lpR * env * n.velocity * gain * (n.pan >= 0 ? 1 : 1 + n.pan);
  }
}

export const padNote = (b: LoopBuffer, n: NoteSpec) => sawEnsemble(b, n, 0.45, min(2200, n.hz * 5), 0.0015, 0.16);
export const stringsNote = (b: LoopBuffer, n: NoteSpec) => sawEnsemble(b, n, 0.25, min(3500, n.hz * 7), 0.004, 0.15);

/** Plucked string (Karplus-Strong) with a damped loop filter: plucks, arps and guitar. */
export function pluckNote(b: LoopBuffer, n: NoteSpec, seed: number, brightness = 0.5, decaySeconds = 1.2): void {
  const sr = b.sampleRate;
  const period = max(2, floor(sr / n.hz));
  const line = new Float32Array(period);
  const noise = noiseSource(seed);
  for (let i = 0; i < period; i++) line[i] = noise();
  const total = min(floor(decaySeconds * sr), n.length + floor(0.15 * sr));
  const damp = 0.5 + 0.49 * brightness;
  const fade = floor(0.02 * sr);
  let last = 0;
  for (let t = 0; t < total; t++) {
    const idx = t % period;
    const current = line[idx];
    const next = line[(idx + 1) % period];
    const out = current;
    line[idx] = (damp * current + (1 - damp) * next) * 0.996;
    last = out;
    const tailFade = t > total - fade ? (total - t) / fade : 1;
    write(b, n.start + t, last * n.velocity * 0.55 * tailFade, n.pan);
  }
}

/** Bell: inharmonic FM (ratio 3.5) with a long exponential decay. */
export function bellNote(b: LoopBuffer, n: NoteSpec): void {
  const sr = b.sampleRate;
  const total = n.length + floor(1.2 * sr);
  const w = (TAU * n.hz) / sr;
  const decay = exp(-2.2 / sr);
  const indexDecay = exp(-3 / sr);
  const attack = 0.002 * sr;
  let level = 1;
  let index = 2.2;
  for (let t = 0; t < total; t++) {
    const v = sin(w * t + index * sin(3.5 * w * t)) * level * (t < attack ? t / attack : 1);
    write(b, n.start + t, v * n.velocity * 0.35, n.pan);
    level *= decay;
    index *= indexDecay;
  }
}

/** Lead: soft-clipped pulse with vibrato and a closing filter. */
export function leadNote(b: LoopBuffer, n: NoteSpec): void {
  const sr = b.sampleRate;
  const release = floor(0.08 * sr);
  const total = n.length + release;
  const vibrato = (TAU * 5.5) / sr;
  const sweepDecay = exp(-4 / sr);
  let sweep = 2600;
  let phase = 0;
  let lp = 0;
  for (let t = 0; t < total; t++) {
    const env = adsr(t, n.length, 0.01 * sr, release);
    phase += (n.hz * (1 + 0.004 * sin(vibrato * t) * min(1, (t / sr) * 3))) / sr;
    phase -= floor(phase);
    const pulse = phase < 0.35 ? 1 : -1;
    // One-pole low-pass; its coefficient 1 - exp(-x) ~ x for the cut-offs used here.
    lp += min(1, (TAU * (900 + sweep)) / sr) * (pulse - lp);
    sweep *= sweepDecay;
    write(b, n.start + t, tanh(lp * 1.5) * env * n.velocity * 0.2, n.pan);
  }
}
