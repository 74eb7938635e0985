import { KEYS, type Key, type Mode } from '../music-theory';

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];

/** Scale degrees (0-based) of four-chord, two-bars-each progressions idiomatic for each mode. */
export const PROGRESSIONS: Record<Mode, readonly (readonly number[])[]> = {
  Major: [[0, 4, 5, 3], [0, 5, 3, 4], [0, 3, 4, 4], [0, 3, 5, 4], [0, 3, 0, 4]],
  Minor: [[0, 5, 3, 4], [0, 3, 5, 4], [0, 6, 5, 4], [0, 3, 4, 0], [0, 3, 0, 4]],
};

export const scaleOf = (mode: Mode): readonly number[] => (mode === 'Major' ? MAJOR : MINOR);

/** MIDI note of a key's tonic in octave 4 (C4 = 60). */
export const tonicMidi = (key: Key): number => 60 + KEYS.indexOf(key);

export const midiToHz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

/** The pitch classes (relative to the tonic) of the triad or seventh on a scale degree. */
export function chordTones(mode: Mode, degree: number, seventh: boolean): number[] {
  const scale = scaleOf(mode);
  const at = (step: number) => scale[(degree + step) % 7] + 12 * Math.floor((degree + step) / 7);
  const tones = [at(0), at(2), at(4)];
  if (seventh) tones.push(at(6));
  // Minor keys borrow the major dominant (harmonic minor): the leading tone that says "minor key".
  if (mode === 'Minor' && degree % 7 === 4) tones[1] += 1;
  return tones;
}

/**
 * Voice-leads a progression: each chord is the inversion, within a middle register, whose notes
 * move least from the previous chord's. Returns MIDI notes per chord (ascending).
 */
export function voiceLead(key: Key, mode: Mode, degrees: readonly number[], seventh: boolean): number[][] {
  const tonic = tonicMidi(key) - (KEYS.indexOf(key) >= 7 ? 12 : 0);
  const voicings: number[][] = [];
  let previous: number[] | null = null;
  for (const degree of degrees) {
    const tones = chordTones(mode, degree, seventh).map((t) => tonic + t);
    const candidates: number[][] = [];
    for (let inversion = 0; inversion < tones.length; inversion++) {
      for (const shift of [-12, 0, 12]) {
        const notes = tones.map((n, i) => n + shift + (i < inversion ? 12 : 0)).sort((a, b) => a - b);
        if (notes[0] >= 52 && notes[notes.length - 1] <= 79) candidates.push(notes);
      }
    }
    const cost = (notes: number[]) =>
      previous ? notes.reduce((sum, n, i) => sum + Math.abs(n - previous![Math.min(i, previous!.length - 1)]), 0) : Math.abs(notes[0] - 60);
    candidates.sort((a, b) => cost(a) - cost(b));
    const chosen = candidates[0] ?? tones;
    voicings.push(chosen);
    previous = chosen;
  }
  return voicings;
}

/** Root of a chord in the bass register (MIDI 36..47). */
export function bassRoot(key: Key, mode: Mode, degree: number): number {
  const pc = (KEYS.indexOf(key) + scaleOf(mode)[degree % 7]) % 12;
  return 36 + pc;
}

/** The notes of the key's scale between two MIDI notes, for melodies and arpeggios. */
export function scaleNotes(key: Key, mode: Mode, low: number, high: number): number[] {
  const tonicPc = KEYS.indexOf(key);
  const pcs = new Set(scaleOf(mode).map((s) => (tonicPc + s) % 12));
  const out: number[] = [];
  for (let n = low; n <= high; n++) if (pcs.has(n % 12)) out.push(n);
  return out;
}
