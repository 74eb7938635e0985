/** The 12 keys and 2 modes (requirements §P3), in display order. */
export const KEY_OPTIONS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export const MODE_OPTIONS = ['Major', 'Minor'] as const;

/** The api accepts BPM 40 to 250 (issue 4). */
export const MIN_BPM = 40;
export const MAX_BPM = 250;
export const BPM_RANGE_TEXT = `BPM must be between ${MIN_BPM} and ${MAX_BPM}.`;

/**
 * Drum types of the upload form (requirements §P3) in the spec's order and with its labels; the values are
 * the catalogue's names (the api reads "Cymbal" and "Percussion" as Cymbals and Percs too).
 */
export const DRUM_TYPE_OPTIONS = [
  { value: '808s', label: '808s' },
  { value: 'Kicks', label: 'Kicks' },
  { value: 'Snares', label: 'Snares' },
  { value: 'Hihats', label: 'Hihats' },
  { value: 'Open Hats', label: 'Open Hats' },
  { value: 'Claps', label: 'Claps' },
  { value: 'Cymbals', label: 'Cymbal' },
  { value: 'Percs', label: 'Percussion' },
  { value: 'FX', label: 'FX' },
] as const;

/** A BPM text that is a number inside the accepted range. */
export function isBpmInRange(bpm: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(bpm.trim())) return false;
  const value = Number(bpm);
  return value >= MIN_BPM && value <= MAX_BPM;
}
