/**
 * The notes of a composition's stems, written as a producer would: voice-led chords comped in the
 * genre's rhythm, sustained pads and strings (drill's staccato strings), arpeggios, strummed or picked
 * guitar, and a bell or lead motif on chord tones that is stated and answered. Pure: the same plan
 * gives the same notes.
 */
import { createRandom, type SeededRandom } from '../../../audio';
import type { Key, Mode } from '../../../shared/music-theory';
import { genreProfile, type DemoGenre, type DemoInstrument } from './genres';
import { bassRoot, chordScale, notesOfScale, voiceLead, type Extension } from './theory';

/** One note on the 16th-note grid of an 8-bar loop (steps 0..127; fractional steps are off the grid). */
export interface NoteEvent {
  readonly step: number;
  /** Held for this many 16ths. */
  readonly steps: number;
  readonly midi: number;
  /** 0..1 */
  readonly velocity: number;
  /** -1 left .. 1 right */
  readonly pan: number;
}

/** How a composition's parts are written, each an index into the options below (wrapped). */
export interface PartStyle {
  /** Comping rhythm of keys and piano (and the guitar's strum or picking pattern). */
  readonly comp: number;
  /** Rhythm of the bell or lead motif. */
  readonly motif: number;
  /** Melodic contour of the motif (its answer takes the contour three along). */
  readonly contour: number;
  /** Arpeggio and pluck figure. */
  readonly figure: number;
  /** Chord voicing: close, open (drop 2), or raised (lowest note up an octave). */
  readonly voicing: number;
}

/** What the part writers need of a composition plan. */
export interface PartSpec {
  readonly genre: DemoGenre;
  readonly key: Key;
  readonly mode: Mode;
  readonly bpm: number;
  readonly progression: readonly number[];
  readonly style: PartStyle;
  readonly seed: number;
}

const pick = <T>(options: readonly T[], index: number): T => options[((index % options.length) + options.length) % options.length];

export const BARS = 8;
/** Each chord of the four-chord progression lasts two bars. */
export const CHORD_STEPS = 32;

interface Context {
  readonly spec: PartSpec;
  readonly voicings: number[][];
  readonly random: SeededRandom;
  /** 16ths per millisecond-scale offsets (strums). */
  readonly stepsPerMs: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const jitter = (c: Context, amount: number) => (c.random.next() * 2 - 1) * amount;

function extensionOf(genre: DemoGenre, instrument: DemoInstrument): Extension {
  if (!genreProfile(genre).extended) return 'triad';
  return instrument === 'Keys' || instrument === 'Piano' || instrument === 'Guitar' ? 'ninth' : 'seventh';
}

type Rhythm = readonly (readonly [number, number])[];

/** Comping rhythms of keys and piano within a two-bar chord, [step, length] pairs: three per genre. */
const COMP_RHYTHMS: Record<DemoGenre, readonly Rhythm[]> = {
  Trap: [[[0, 15], [16, 15]], [[0, 7], [8, 7], [16, 15]], [[0, 11], [12, 4], [16, 11], [28, 4]]],
  Drill: [[[0, 6], [6, 6], [16, 6], [22, 8]], [[0, 3], [3, 3], [6, 4], [16, 3], [19, 3], [22, 4]], [[0, 6], [10, 4], [16, 6], [26, 4]]],
  'Boom Bap': [[[0, 5], [6, 3], [16, 5], [22, 3], [27, 3]], [[0, 3], [4, 2], [10, 4], [16, 3], [20, 2], [26, 4]], [[0, 7], [8, 4], [14, 2], [16, 7], [24, 6]]],
  'Lo-Fi': [[[0, 9], [10, 5], [16, 10], [27, 4]], [[0, 6], [6, 4], [12, 4], [16, 6], [22, 8]], [[2, 6], [10, 4], [16, 8], [26, 5]]],
  'R&B': [[[0, 9], [10, 5], [16, 9], [26, 5]], [[0, 14], [14, 2], [16, 12], [28, 3]], [[0, 5], [6, 5], [12, 3], [16, 10], [27, 4]]],
  Afrobeats: [
    [[2, 2], [6, 2], [10, 2], [14, 1], [18, 2], [22, 2], [26, 2], [30, 1]],
    [[0, 2], [3, 2], [6, 2], [10, 2], [12, 2], [16, 2], [19, 2], [22, 2], [26, 2], [28, 2]],
    [[2, 1], [4, 2], [8, 1], [10, 2], [14, 2], [18, 1], [20, 2], [24, 1], [26, 2], [30, 2]],
  ],
  Pop: [
    [[0, 3], [4, 3], [8, 3], [12, 3], [16, 3], [20, 3], [24, 3], [28, 3]],
    [[0, 6], [6, 6], [12, 4], [16, 6], [22, 6], [28, 4]],
    [[0, 2], [2, 2], [4, 4], [8, 2], [10, 2], [12, 4], [16, 2], [18, 2], [20, 4], [24, 2], [26, 2], [28, 4]],
  ],
  Country: [[[4, 3], [12, 3], [20, 3], [28, 3]], [[0, 3], [4, 3], [8, 3], [12, 3], [16, 3], [20, 3], [24, 3], [28, 3]], [[2, 2], [6, 2], [10, 2], [14, 2], [18, 2], [22, 2], [26, 2], [30, 2]]],
};

/** Keys and piano: the voiced chord in the genre's rhythm over the root in the left hand. */
function comp(c: Context, instrument: DemoInstrument): NoteEvent[] {
  const { spec, voicings } = c;
  const notes: NoteEvent[] = [];
  const brokenPiano = instrument === 'Piano' && (spec.genre === 'Trap' || spec.genre === 'Drill');
  voicings.forEach((chord, i) => {
    const start = i * CHORD_STEPS;
    const root = bassRoot(spec.key, spec.mode, spec.progression[i]) + 12;
    // Left hand: the root (with its octave on piano), held through the chord's first bar and struck again.
    for (const at of [0, 16]) {
      notes.push({ step: start + at, steps: 15, midi: root, velocity: 0.78, pan: -0.1 });
      if (instrument === 'Piano') notes.push({ step: start + at, steps: 15, midi: root - 12, velocity: 0.6, pan: -0.15 });
    }
    if (brokenPiano) {
      // Trap and drill piano: the chord broken into a dark eighth-note figure, a bar long.
      const figure = [0, 1, 2, chord.length, 1, 2, 0, 2];
      for (let bar = 0; bar < 2; bar++) {
        figure.forEach((tone, e) => {
          const note = tone === chord.length ? chord[0] + 12 : chord[tone % chord.length];
          notes.push({ step: start + bar * 16 + e * 2, steps: 2, midi: note, velocity: (e % 4 === 0 ? 0.82 : 0.64) + jitter(c, 0.06), pan: 0.1 });
        });
      }
      return;
    }
    for (const [at, length] of pick(COMP_RHYTHMS[spec.genre], spec.style.comp)) {
      const accent = at % 16 === 0 ? 0.85 : 0.7;
      const late = spec.genre === 'Lo-Fi' || spec.genre === 'Boom Bap' ? 0.06 : 0;
      chord.forEach((midi, v) => {
        notes.push({ step: start + at + late + jitter(c, 0.02), steps: length, midi, velocity: clamp(accent + jitter(c, 0.07), 0.3, 1), pan: (v - (chord.length - 1) / 2) * 0.18 });
      });
    }
  });
  return notes;
}

/** Pads and strings: the chord held for its two bars, spread across the stereo field. */
function sustain(c: Context, instrument: DemoInstrument): NoteEvent[] {
  const { spec, voicings } = c;
  const notes: NoteEvent[] = [];
  const staccato = instrument === 'Strings' && spec.genre === 'Drill';
  voicings.forEach((chord, i) => {
    const start = i * CHORD_STEPS;
    // Under the voicing, the chord's root (its octave below middle C): the low end that says which chord, and which key.
    const root = bassRoot(spec.key, spec.mode, spec.progression[i]) + 12;
    const voiced = instrument === 'Strings' ? [root, ...chord.slice(0, -1), chord[chord.length - 1] + 12] : [root, ...chord];
    if (staccato) {
      // Drill strings: short, syncopated stabs (3+3+2) that drive the bar.
      for (let bar = 0; bar < 2; bar++) {
        for (const at of [0, 3, 6, 10, 13]) {
          voiced.forEach((midi, v) => notes.push({ step: start + bar * 16 + at, steps: 1.6, midi, velocity: at === 0 ? 0.9 : 0.72, pan: (v % 2 ? 0.35 : -0.35) }));
        }
      }
      return;
    }
    voiced.forEach((midi, v) => {
      notes.push({ step: start, steps: CHORD_STEPS - 0.5, midi, velocity: 0.8, pan: ((v % 2 ? 1 : -1) * (0.2 + 0.1 * v)) });
    });
  });
  return notes;
}

const ARP_ORDERS: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 3, 2, 1],
  [0, 2, 1, 3, 2, 4, 3, 1],
  [0, 1, 2, 4, 3, 2, 4, 1],
  [4, 3, 2, 1, 0, 1, 2, 3],
  [0, 4, 1, 3, 2, 4, 0, 3],
];

/** Arps and plucks: chord tones over two octaves in a repeating figure (16ths for arps, 8ths for plucks). */
function arpeggio(c: Context, instrument: DemoInstrument): NoteEvent[] {
  const { spec, voicings } = c;
  const notes: NoteEvent[] = [];
  const rate = instrument === 'Arp' ? 1 : 2;
  const order = pick(ARP_ORDERS, spec.style.figure);
  // Afrobeats plucks pick highlife-style off-beat figures rather than straight eighths.
  const highlife = instrument === 'Pluck' && spec.genre === 'Afrobeats';
  const steps = highlife ? [0, 3, 4, 6, 8, 10, 11, 14] : Array.from({ length: 16 / rate }, (_, k) => k * rate);
  voicings.forEach((chord, i) => {
    const tones = [...chord, chord[0] + 12, chord[1] + 12].map((n) => n + 12).filter((n) => n <= 93);
    for (let bar = 0; bar < 2; bar++) {
      steps.forEach((at, k) => {
        const midi = tones[order[k % order.length] % tones.length];
        notes.push({
          step: i * CHORD_STEPS + bar * 16 + at, steps: rate * 1.5, midi,
          velocity: clamp((at % 4 === 0 ? 0.85 : 0.66) + jitter(c, 0.06), 0.3, 1), pan: k % 2 ? 0.3 : -0.2,
        });
      });
    }
  });
  return notes;
}

/** Guitar: country boom-chick (bass notes and strums), afrobeats picking, or gentle strums elsewhere. */
function guitar(c: Context): NoteEvent[] {
  const { spec, voicings } = c;
  const notes: NoteEvent[] = [];
  const strum = (step: number, chord: number[], steps: number, velocity: number, down = true) => {
    const strings = down ? chord : [...chord].reverse();
    strings.forEach((midi, s) => notes.push({ step: step + s * 11 * c.stepsPerMs, steps, midi, velocity: clamp(velocity - s * 0.03 + jitter(c, 0.04), 0.3, 1), pan: -0.3 }));
  };
  voicings.forEach((chord, i) => {
    const start = i * CHORD_STEPS;
    const root = bassRoot(spec.key, spec.mode, spec.progression[i]) + 12;
    const shape = [root, ...chord];
    if (spec.genre === 'Country') {
      for (let bar = 0; bar < 2; bar++) {
        const at = start + bar * 16;
        notes.push({ step: at, steps: 3.5, midi: root, velocity: 0.85, pan: -0.3 });
        notes.push({ step: at + 8, steps: 3.5, midi: root + 7 <= 59 ? root + 7 : root - 5, velocity: 0.8, pan: -0.3 });
        for (const off of [4, 12]) strum(at + off, chord, 3, 0.75);
        strum(at + 14, chord, 1.5, 0.55, false);
      }
    } else if (spec.genre === 'Afrobeats') {
      const picks = pick([[0, 3, 6, 8, 10, 12, 14], [0, 2, 6, 8, 11, 14], [1, 4, 6, 9, 12, 14]], spec.style.comp);
      const high = chord.map((n) => n + 12).filter((n) => n <= 88);
      for (let bar = 0; bar < 2; bar++) {
        picks.forEach((at, k) => notes.push({ step: start + bar * 16 + at, steps: 1.5, midi: high[(k * 2 + bar) % high.length], velocity: at % 4 === 0 ? 0.8 : 0.65, pan: -0.3 }));
      }
    } else {
      const strums = pick([[0, 6, 16, 22, 28], [0, 4, 8, 16, 20, 24, 28], [0, 10, 16, 26]], spec.style.comp);
      strums.forEach((at, k) => strum(start + at, shape, at % 16 === 0 ? 6 : 4, at % 16 === 0 ? 0.8 : 0.62, k !== strums.length - 1 || at % 16 === 0));
    }
  });
  return notes;
}

/** Rhythms of a two-bar melodic phrase, [step, length], by genre (three each; the style chooses). */
const PHRASES: Record<DemoGenre, readonly Rhythm[]> = {
  Trap: [
    [[0, 2], [3, 2], [6, 2], [8, 2], [10, 2], [12, 4], [16, 2], [19, 2], [22, 2], [24, 6]], [[0, 3], [3, 3], [6, 2], [10, 2], [12, 2], [14, 2], [16, 4], [22, 2], [24, 4], [28, 2]],
    [[0, 2], [2, 2], [4, 4], [10, 2], [12, 4], [16, 2], [18, 2], [20, 4], [26, 6]],
  ],
  Drill: [
    [[0, 2], [3, 2], [6, 4], [10, 2], [12, 2], [16, 2], [19, 2], [22, 4], [26, 4]], [[0, 3], [3, 3], [6, 2], [8, 6], [16, 3], [19, 3], [22, 2], [24, 6]],
    [[0, 2], [2, 2], [6, 2], [8, 2], [11, 3], [16, 2], [18, 2], [22, 2], [24, 8]],
  ],
  'Boom Bap': [[[0, 4], [6, 2], [8, 6], [16, 4], [22, 2], [24, 8]], [[2, 2], [4, 4], [10, 2], [12, 4], [18, 2], [20, 6], [28, 4]], [[0, 2], [3, 3], [8, 4], [14, 2], [16, 6], [24, 2], [26, 6]]],
  'Lo-Fi': [[[0, 4], [6, 2], [8, 6], [16, 4], [22, 2], [24, 8]], [[4, 2], [6, 4], [12, 4], [20, 2], [22, 6]], [[0, 6], [8, 2], [10, 6], [18, 4], [24, 8]]],
  'R&B': [[[2, 2], [4, 4], [10, 2], [12, 6], [18, 2], [20, 4], [26, 4]], [[0, 6], [6, 2], [8, 4], [16, 6], [22, 2], [24, 8]], [[0, 3], [3, 3], [6, 6], [14, 2], [16, 3], [19, 3], [22, 10]]],
  Afrobeats: [
    [[0, 2], [3, 2], [6, 3], [10, 2], [12, 2], [14, 2], [16, 2], [19, 2], [22, 3], [26, 4]], [[2, 2], [4, 2], [6, 2], [10, 4], [18, 2], [20, 2], [22, 2], [26, 4]],
    [[0, 3], [3, 3], [6, 2], [8, 2], [12, 4], [16, 3], [19, 3], [22, 2], [24, 2], [28, 4]],
  ],
  Pop: [[[0, 3], [4, 3], [8, 2], [10, 4], [16, 3], [20, 3], [24, 6]], [[0, 2], [2, 2], [4, 4], [8, 4], [16, 2], [18, 2], [20, 4], [24, 8]], [[0, 2], [2, 2], [4, 2], [6, 4], [12, 4], [16, 2], [18, 2], [20, 2], [22, 8]]],
  Country: [[[0, 4], [4, 2], [6, 2], [8, 6], [16, 4], [20, 4], [24, 8]], [[2, 2], [4, 4], [8, 4], [12, 2], [18, 2], [20, 4], [24, 6]], [[0, 2], [2, 2], [4, 4], [8, 8], [16, 2], [18, 2], [20, 4], [24, 8]]],
};

/** Melodic shapes in scale steps from the phrase's first note: steps, turns, leaps that come back. */
const SHAPES: readonly (readonly number[])[] = [
  [0, 1, 2, 1, 0, -1, 0, 2, 1, 0],
  [0, 2, 1, 0, -1, 0, 1, 2, 4, 2],
  [0, -1, 0, 2, 1, 0, -2, -1, 0, 1],
  [2, 1, 0, 1, 2, 4, 2, 1, 0, -1],
  [0, 0, 2, 1, 0, 1, -1, 0, 2, 0],
  [4, 2, 1, 0, 1, 2, 0, -1, 0, 1],
];

/** The contour of a phrase of `length` notes: one of the shapes. */
const contour = (shape: number, length: number): number[] => pick(SHAPES, shape).slice(0, length);

/**
 * Bells and leads: a motif (rhythm and contour) stated over the first chord and answered over the
 * second, both repeated over the third and fourth; every note is in the chord's scale, and notes on
 * strong beats or held long land on chord tones.
 */
function melody(c: Context, instrument: DemoInstrument): NoteEvent[] {
  const { spec, voicings } = c;
  const phrases = PHRASES[spec.genre];
  const rhythm = pick(phrases, spec.style.motif);
  const statement = contour(spec.style.contour, rhythm.length);
  // The answer starts like the statement and ends its own way, a step lower.
  const half = Math.ceil(rhythm.length / 2);
  const answer = [...statement.slice(0, half), ...contour(spec.style.contour + 3, rhythm.length).slice(half).map((s) => s - 1)];
  const [low, high] = instrument === 'Bells' ? [70, 91] : [62, 84];
  const centre = (low + high) / 2;
  const notes: NoteEvent[] = [];
  voicings.forEach((chord, i) => {
    const degree = spec.progression[i];
    const scale = notesOfScale(spec.key, chordScale(spec.mode, degree), low, high);
    const chordPcs = new Set(chord.map((n) => n % 12));
    const chordNotes = scale.filter((n) => chordPcs.has(n % 12));
    // The phrase starts on the chord tone nearest the middle of the register.
    const anchor = chordNotes.reduce((best, n) => (Math.abs(n - centre) < Math.abs(best - centre) ? n : best), chordNotes[0]);
    const anchorIndex = scale.indexOf(anchor);
    const shape = i % 2 === 0 ? statement : answer;
    rhythm.forEach(([at, length], k) => {
      let midi = scale[clamp(anchorIndex + shape[k], 0, scale.length - 1)];
      const strong = at % 8 === 0 || length >= 4 || k === rhythm.length - 1;
      if (strong && !chordPcs.has(midi % 12)) {
        midi = chordNotes.reduce((best, n) => (Math.abs(n - midi) < Math.abs(best - midi) ? n : best), chordNotes[0]);
      }
      notes.push({
        step: i * CHORD_STEPS + at, steps: instrument === 'Bells' ? Math.min(length, 2) : length * 0.9, midi,
        velocity: clamp((at % 4 === 0 ? 0.85 : 0.7) - (i % 2) * 0.08 + jitter(c, 0.05), 0.3, 1), pan: instrument === 'Bells' ? 0.25 : 0,
      });
    });
  });
  return notes;
}

/** A voice-led chord as the style voices it: close, open (drop 2) or raised; kept within MIDI 45..86. */
function voiced(chord: number[], voicing: number): number[] {
  const v = pick([0, 1, 2], voicing);
  if (v === 1 && chord.length >= 3 && chord[chord.length - 2] - 12 >= 45) {
    const dropped = chord[chord.length - 2] - 12;
    return [dropped, ...chord.filter((_, i) => i !== chord.length - 2)].sort((a, b) => a - b);
  }
  if (v === 2 && chord[0] + 12 <= 86) return [...chord.slice(1), chord[0] + 12];
  return chord;
}

/** The notes of one stem of a composition. */
export function writePart(spec: PartSpec, instrument: DemoInstrument, index: number): NoteEvent[] {
  const random = createRandom(spec.seed * 31 + index);
  const voicings = voiceLead(spec.key, spec.mode, spec.progression, extensionOf(spec.genre, instrument)).map((chord) => voiced(chord, spec.style.voicing));
  const context: Context = { spec, voicings, random, stepsPerMs: (spec.bpm * 4) / 60_000 };
  switch (instrument) {
    case 'Keys':
    case 'Piano':
      return comp(context, instrument);
    case 'Pad':
    case 'Strings':
      return sustain(context, instrument);
    case 'Arp':
    case 'Pluck':
      return arpeggio(context, instrument);
    case 'Guitar':
      return guitar(context);
    case 'Bells':
    case 'Lead':
      return melody(context, instrument);
  }
}
