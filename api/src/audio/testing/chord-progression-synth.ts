import type { AudioData } from '../audio-buffer';
import type { Bpm, Hertz, Samples } from '../units';
import { ENGINE_SAMPLE_RATE } from '../units';
import { PITCH_CLASS_NAMES, type KeyMode as Mode, type PitchClassName as PitchClass } from '../analysis/pitch-class';
import { createRandom } from '../random/seeded-random';

export type { PitchClassName as PitchClass, KeyMode as Mode } from '../analysis/pitch-class';

/** Common progressions as Roman numerals over the mode's scale (natural minor; upper case = major chord). */
export const PROGRESSIONS: Record<Mode, readonly (readonly string[])[]> = {
  Major: [['I', 'V', 'vi', 'IV'], ['I', 'IV', 'V', 'I'], ['I', 'vi', 'IV', 'V'], ['ii', 'V', 'I', 'I'], ['I', 'iii', 'IV', 'V']],
  Minor: [['i', 'VI', 'III', 'VII'], ['i', 'iv', 'v', 'i'], ['i', 'iv', 'V', 'i'], ['i', 'VII', 'VI', 'VII'], ['i', 'VI', 'iv', 'V']],
};

export type ChordRhythm = 'sustained' | 'stabs' | 'arpeggio';

export interface ChordProgressionOptions {
  readonly key: PitchClass;
  readonly mode: Mode;
  /** Roman numerals, one chord per `beatsPerChord` beats. Default: the mode's first progression. */
  readonly progression?: readonly string[];
  readonly bpm?: Bpm;
  readonly beatsPerChord?: number;
  /** Times through the progression. Default 1. */
  readonly repeats?: number;
  readonly rhythm?: ChordRhythm;
  /** Adds the chord roots two octaves down, held. Default true. */
  readonly bass?: boolean;
  /** Offset of the whole tuning from A4 = 440 Hz, in cents (detuned samples). Default 0. */
  readonly detuneCents?: number;
  readonly seed?: number;
  readonly sampleRate?: Hertz;
}

export interface SynthChord {
  readonly numeral: string;
  /** Root pitch class, 0 = C. */
  readonly root: number;
  readonly minor: boolean;
  readonly start: Samples;
}

const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10];
const NUMERALS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii'];

/** One cycle of a soft sawtooth (8 harmonics, 1/k), read by phase: far cheaper than summing sines per sample. */
const TABLE_SIZE = 2048;
const WAVETABLE = (() => {
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    let v = 0;
    for (let k = 1; k <= 8; k++) v += Math.sin((2 * Math.PI * k * i) / TABLE_SIZE) / k;
    table[i] = v * 0.55;
  }
  return table;
})();

function parseNumeral(numeral: string, mode: Mode): { degree: number; minor: boolean } {
  const degree = NUMERALS.indexOf(numeral.toLowerCase());
  if (degree < 0) throw new RangeError(`Unknown numeral ${numeral}`);
  // The harmonic minor's major V takes the raised seventh; every other chord is diatonic.
  return { degree, minor: numeral === numeral.toLowerCase() && !(mode === 'Minor' && numeral === 'V') };
}

function addNote(out: Float32Array[], midi: number, start: number, length: number, gain: number, pan: number, sampleRate: Hertz, detuneCents: number): void {
  const frequency = 440 * Math.pow(2, (midi - 69) / 12 + detuneCents / 1200);
  const step = (frequency * TABLE_SIZE) / sampleRate;
  const attack = Math.round(0.01 * sampleRate);
  const release = Math.min(Math.round(0.05 * sampleRate), length);
  const frames = out[0].length;
  let phase = 0;
  const gl = gain * (1 - pan);
  const gr = gain * (1 + pan);
  for (let i = 0; i < length && start + i < frames; i++) {
    const envelope = (i < attack ? i / attack : 1) * (i > length - release ? (length - i) / release : 1) * Math.exp(-i / (2.5 * sampleRate));
    const position = Math.floor(phase);
    const f = phase - position;
    const v = envelope * (WAVETABLE[position] + f * (WAVETABLE[position + 1] - WAVETABLE[position]));
    out[0][start + i] += gl * v;
    out[1][start + i] += gr * v;
    phase += step;
    if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
  }
}

/**
 * A seeded chord progression in a key and mode: triads in random inversions around middle C with a
 * sawtooth-like timbre (so that harmonics muddy the chroma as real instruments do), the roots
 * doubled in the bass, as sustained chords, stabs on every beat, or eighth-note arpeggios.
 */
export function chordProgression(options: ChordProgressionOptions): { audio: AudioData; chords: SynthChord[] } {
  const sampleRate = options.sampleRate ?? ENGINE_SAMPLE_RATE;
  const bpm = options.bpm ?? 100;
  const beatsPerChord = options.beatsPerChord ?? 4;
  const progression = options.progression ?? PROGRESSIONS[options.mode][0];
  const repeats = options.repeats ?? 1;
  const rhythm = options.rhythm ?? 'sustained';
  const detune = options.detuneCents ?? 0;
  const random = createRandom(options.seed ?? 1);
  const tonic = PITCH_CLASS_NAMES.indexOf(options.key);
  const scale = options.mode === 'Major' ? MAJOR_SCALE : MINOR_SCALE;
  const beat = (60 / bpm) * sampleRate;
  const chordLength = Math.round(beatsPerChord * beat);
  const total = progression.length * repeats;
  const frames = Math.round(total * beatsPerChord * beat);
  const out = [new Float32Array(frames), new Float32Array(frames)];
  const chords: SynthChord[] = [];
  for (let c = 0; c < total; c++) {
    const numeral = progression[c % progression.length];
    const { degree, minor } = parseNumeral(numeral, options.mode);
    const root = (tonic + scale[degree]) % 12;
    // vii in major and ii in (natural) minor are diminished: minor third, flat fifth.
    const diminished = (options.mode === 'Major' && degree === 6) || (options.mode === 'Minor' && degree === 1);
    const third = (root + (minor ? 3 : 4)) % 12;
    const fifth = (root + (diminished ? 6 : 7)) % 12;
    const start = Math.round(c * beatsPerChord * beat);
    chords.push({ numeral, root, minor, start });
    // Voice each pitch class in the octave from G3 up, so inversions vary with the key.
    const voices = [root, third, fifth].map((pc) => 55 + ((pc - 7 + 12) % 12) + (random.next() < 0.2 ? 12 : 0));
    const gain = 0.12 * random.range(0.85, 1);
    if (rhythm === 'sustained') {
      voices.forEach((m, v) => addNote(out, m, start, chordLength, gain, (v - 1) * 0.3, sampleRate, detune));
    } else if (rhythm === 'stabs') {
      for (let b = 0; b < beatsPerChord; b++) voices.forEach((m, v) => addNote(out, m, Math.round(start + b * beat), Math.round(0.4 * beat), gain, (v - 1) * 0.3, sampleRate, detune));
    } else {
      for (let e = 0; e < 2 * beatsPerChord; e++) addNote(out, voices[e % 3] + (e % 6 >= 3 ? 12 : 0), Math.round(start + (e * beat) / 2), Math.round(beat / 2), gain * 1.3, 0, sampleRate, detune);
    }
    // Bass roots between G#1 and G2.
    if (options.bass ?? true) addNote(out, 36 + (root > 7 ? root - 12 : root), start, chordLength, 0.22, 0, sampleRate, detune);
  }
  return { audio: { sampleRate, channels: out }, chords };
}
