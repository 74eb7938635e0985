import { KEYS, type Key, type Mode } from '../../../shared/music-theory';

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];

/**
 * Scale degrees (0-based) of four-chord progressions, one chord every two bars, idiomatic for each
 * mode. Each opens on the tonic, as producers' loops do, so the loop says its key at once.
 */
export const PROGRESSIONS: Record<Mode, readonly (readonly number[])[]> = {
  // i-VI-iv-V, i-iv-VI-V, i-VI-VII-i, i-VII-VI-V (Andalusian), i-iv-V-i, i-iv-VII-V, i-iv-i-V,
  // i-V-VI-V. Minor loops without the dominant (i-iv-VII-III, i-VI-III-VII) are heard, and
  // measured, as their relative major: avoided.
  Minor: [[0, 5, 3, 4], [0, 3, 5, 4], [0, 5, 6, 0], [0, 6, 5, 4], [0, 3, 4, 0], [0, 3, 6, 4], [0, 3, 0, 4], [0, 4, 5, 4]],
  // I-V-vi-IV, I-vi-IV-V, I-IV-vi-V, I-IV-V-IV, I-IV-I-V, I-iii-IV-V, I-V-IV-V, I-vi-ii-V
  Major: [[0, 4, 5, 3], [0, 5, 3, 4], [0, 3, 5, 4], [0, 3, 4, 3], [0, 3, 0, 4], [0, 2, 3, 4], [0, 4, 3, 4], [0, 5, 1, 4]],
};

/** How far chords stack: triads, sevenths, or sevenths with ninths (jazzier genres). */
export type Extension = 'triad' | 'seventh' | 'ninth';

export const scaleOf = (mode: Mode): readonly number[] => (mode === 'Major' ? MAJOR : MINOR);

/** The scale melodies use over a chord: in minor, the dominant's bar uses harmonic minor (raised 7th). */
export function chordScale(mode: Mode, degree: number): number[] {
  const scale = [...scaleOf(mode)];
  if (mode === 'Minor' && degree % 7 === 4) scale[6] = 11;
  return scale;
}

/** Semitones above the tonic of the chord tones on a scale degree (ascending, may pass 12). */
export function chordTones(mode: Mode, degree: number, extension: Extension = 'triad'): number[] {
  const scale = chordScale(mode, degree);
  const at = (step: number) => scale[(degree + step) % 7] + 12 * Math.floor((degree + step) / 7);
  const tones = [at(0), at(2), at(4)];
  if (extension !== 'triad') tones.push(at(6));
  if (extension === 'ninth') tones.push(at(8));
  return tones;
}

/** MIDI note of a key's tonic in octave 4 (C4 = 60). */
export const tonicMidi = (key: Key): number => 60 + KEYS.indexOf(key);

/**
 * Voice-leads a progression: each chord is the inversion and octave, within a middle register
 * (MIDI 50..81), whose notes move least from the previous chord's. Returns ascending MIDI notes per chord.
 */
export function voiceLead(key: Key, mode: Mode, degrees: readonly number[], extension: Extension = 'triad'): number[][] {
  const tonic = tonicMidi(key) - (KEYS.indexOf(key) >= 6 ? 12 : 0);
  const voicings: number[][] = [];
  let previous: number[] | null = null;
  for (const degree of degrees) {
    const tones = chordTones(mode, degree, extension).map((t) => tonic + t);
    const candidates: number[][] = [];
    for (let inversion = 0; inversion < tones.length; inversion++) {
      for (const shift of [-24, -12, 0, 12]) {
        const notes = tones.map((n, i) => n + shift + (i < inversion ? 12 : 0)).sort((a, b) => a - b);
        if (notes[0] >= 50 && notes[notes.length - 1] <= 81) candidates.push(notes);
      }
    }
    const last = previous;
    const cost = (notes: number[]) =>
      last ? notes.reduce((sum, n, i) => sum + Math.abs(n - last[Math.min(i, last.length - 1)]), 0) : Math.abs(notes[0] - 57) + Math.abs(notes[notes.length - 1] - 72);
    candidates.sort((a, b) => cost(a) - cost(b));
    const chosen = candidates[0] ?? tones;
    voicings.push(chosen);
    previous = chosen;
  }
  return voicings;
}

/** Pitch class (0..11) of the root of the chord on a scale degree. */
export const rootPitchClass = (key: Key, mode: Mode, degree: number): number => (KEYS.indexOf(key) + scaleOf(mode)[degree % 7]) % 12;

/** Root of a chord in the bass register (MIDI 36..47). */
export const bassRoot = (key: Key, mode: Mode, degree: number): number => 36 + rootPitchClass(key, mode, degree);

/** The notes between two MIDI notes (inclusive) of a scale given relative to the key's tonic. */
export function notesOfScale(key: Key, scale: readonly number[], low: number, high: number): number[] {
  const tonicPc = KEYS.indexOf(key);
  const pcs = new Set(scale.map((s) => (tonicPc + s) % 12));
  const out: number[] = [];
  for (let n = low; n <= high; n++) if (pcs.has(n % 12)) out.push(n);
  return out;
}

/** The notes of the key's scale between two MIDI notes, for melodies and arpeggios. */
export const scaleNotes = (key: Key, mode: Mode, low: number, high: number): number[] => notesOfScale(key, scaleOf(mode), low, high);
