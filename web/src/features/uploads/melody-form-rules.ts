import { isBpmInRange } from './music-options';

/** Melody upload form rules of requirements §P2 and §5. */
export interface MelodyFormState {
  files: readonly unknown[];
  artists: readonly string[];
  instruments: readonly string[];
  genres: readonly string[];
  moods: readonly string[];
  tempoStyle: readonly string[];
  bpm: string;
  key: string;
  mode: string;
}

/** The submit label names the next missing item, in the spec's order; 'Upload Samples' when nothing is missing. */
export function melodySubmitLabel(state: MelodyFormState): string {
  if (state.files.length === 0) return 'Select Files to Upload';
  if (state.artists.length === 0) return 'Add Artists';
  if (state.instruments.length === 0) return 'Add Instruments';
  if (state.genres.length === 0) return 'Add Genres';
  if (state.moods.length === 0) return 'Add Moods';
  if (state.tempoStyle.length === 0) return 'Add Tempo Style';
  // A BPM the api would refuse (outside 40 to 250) is as missing as an empty one.
  if (!isBpmInRange(state.bpm)) return 'Add BPM';
  if (!state.key) return 'Select Key';
  if (!state.mode) return 'Select Mode';
  return 'Upload Samples';
}

export const melodyFormComplete = (state: MelodyFormState): boolean => melodySubmitLabel(state) === 'Upload Samples';

/**
 * Tags are trimmed, a trailing comma is removed, and empty or duplicate tags are ignored
 * (duplicates compared without case, as the catalogue matches tags).
 */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim().replace(/,+$/, '').trim().replace(/\s+/g, ' ');
  if (tag === '' || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/** Several tags at once, e.g. pasted as "trap, drill, lo-fi". */
export const addTags = (tags: readonly string[], raw: string): string[] => raw.split(',').reduce<string[]>(addTag, [...tags]);

/** The BPM input accepts digits only. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Only audio/wav files are accepted; one non-WAV file rejects the whole batch. */
const WAV_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']);
export const isWavFile = (file: { name: string; type: string }): boolean =>
  WAV_TYPES.has(file.type) || (file.type === '' && /\.wav$/i.test(file.name));
export const allWav = (files: readonly { name: string; type: string }[]): boolean => files.every(isWavFile);
