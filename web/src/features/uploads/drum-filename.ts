/** What a drum file's name says about it (requirements §P5 "Drum filename auto-detect"). */
export interface DrumFilenameHints {
  drumType: DetectedDrumType | null;
  bpm: number | null;
  /** 808s only. */
  key: string | null;
  mode: 'Major' | 'Minor' | null;
}

export type DetectedDrumType = '808s' | 'Kicks' | 'Snares' | 'Claps' | 'Hihats' | 'Open Hats' | 'Percs' | 'Cymbals' | 'FX';

/** Keywords of requirements §P5, each a whole word of the normalised name; the first list that matches wins. */
const TYPE_KEYWORDS: [DetectedDrumType, string[]][] = [
  ['808s', ['808', '808s']],
  ['Open Hats', ['oh', 'ophat', 'openhat', 'open hat', 'open hats', 'openhats']],
  ['Hihats', ['hihat', 'hihats', 'hi hat', 'hi hats', 'hat', 'hats', 'hh']],
  ['Kicks', ['kick', 'kicks', 'bd']],
  ['Snares', ['snare', 'snares', 'snr', 'sd']],
  ['Claps', ['clap', 'claps', 'clp']],
  ['Percs', ['perc', 'percs', 'percussion']],
  ['Cymbals', ['cym', 'cymbal', 'cymbals', 'crash', 'ride']],
  ['FX', ['fx', 'effect', 'effects']],
];

const SHARP_OF_FLAT: Record<string, string> = { db: 'C#', eb: 'D#', fb: 'E', gb: 'F#', ab: 'G#', bb: 'A#', cb: 'B' };
const NATURAL_SHARP: Record<string, string> = { 'e#': 'F', 'b#': 'C' };

/** Lower case, with -, _ and . turned into spaces (requirements §P5). */
export const normaliseFileName = (name: string): string =>
  name.toLowerCase().replace(/\.wav$/i, '').replace(/[-_.]/g, ' ').replace(/\s+/g, ' ').trim();

/** Numbers glued to words stand apart too: "Kick140" has the keyword kick and the number 140. */
const splitDigits = (text: string): string => text.replace(/(\d)(?=[a-z])|([a-z#])(?=\d)/g, '$1$2 ');

const hasWords = (text: string, phrase: string) => new RegExp(`(^| )${phrase}( |$)`).test(text);

function detectBpm(text: string): number | null {
  // "140 bpm" or "bpm 140", in any range: a labelled tempo is what the producer wrote.
  const labelled = /(?:^| )(\d{2,3}) ?bpm(?= |$)/.exec(text) ?? /(?:^| )bpm ?(\d{2,3})(?= |$)/.exec(text);
  if (labelled) return Number(labelled[1]);
  // A bare number counts only inside the plausible tempo range (requirements §P5: 70 to 200).
  for (const match of text.matchAll(/(?:^| )(\d{2,3})(?= |$)/g)) {
    const value = Number(match[1]);
    if (value >= 70 && value <= 200) return value;
  }
  return null;
}

function detectKey(text: string): { key: string | null; mode: 'Major' | 'Minor' | null } {
  // A key letter with optional sharp/flat, then optionally a mode word: "f# min", "gm", "a minor", "eb".
  // A key written with its mode wins over a lone letter elsewhere in the name ("808 e2e fmin" is F minor).
  const matches = [...text.replace(/♯/g, '#').replace(/♭/g, 'b').matchAll(/(?:^| )([a-g])(#|b|s(?:harp)?)?\s?(major|minor|maj|min|m)?(?= |$)/g)];
  const match = matches.find((m) => m[3]) ?? matches[0];
  if (!match) return { key: null, mode: null };
  const letter = match[1];
  const accidental = match[2] === 'b' ? 'b' : match[2] ? '#' : '';
  const spelled = `${letter}${accidental}`;
  const key = accidental === 'b' ? SHARP_OF_FLAT[spelled] : (NATURAL_SHARP[spelled] ?? spelled.toUpperCase());
  const word = match[3];
  const mode = !word ? null : word === 'maj' || word === 'major' ? 'Major' : 'Minor';
  return { key, mode };
}

/**
 * Reads drum type, BPM and (for 808s) key and mode from a file name, e.g.
 * `808_Glide_F#min_140bpm.wav` -> 808s, 140, F#, Minor.
 */
export function detectFromFileName(fileName: string): DrumFilenameHints {
  const text = splitDigits(normaliseFileName(fileName));
  const drumType = TYPE_KEYWORDS.find(([, words]) => words.some((w) => hasWords(text, w)))?.[0] ?? null;
  const bpm = detectBpm(text);
  if (drumType !== '808s') return { drumType, bpm, key: null, mode: null };
  const withoutNumbers = text.replace(/\d+ ?bpm|bpm ?\d+|\d+/g, ' ');
  return { drumType, bpm, ...detectKey(withoutNumbers) };
}
