import type { DrumType } from '../audio';

/*
 * Music theory the modules share (the catalogue files loops by it, beats reads prompts and plans
 * arrangements by it, the demo library composes by it). It imports no module, only the engine's
 * arrangement vocabulary (the drum types are the engine's own list, so the two cannot drift apart):
 * any module may import it.
 */

/** The 12 keys and 2 modes of the spec (requirements §L9, requirements §P3), in display order. */
export const KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export const MODES = ['Major', 'Minor'] as const;

export type Key = (typeof KEYS)[number];
export type Mode = (typeof MODES)[number];

/** Pitch class 0..11 of a key name. */
export const pitchClassOf = (key: Key): number => KEYS.indexOf(key);

/**
 * Drum types, named as the section editor names them (requirements §L3) plus FX. The upload form's
 * labels "Cymbal" and "Percussion" (requirements §P3) are the same types: see `normaliseDrumType`.
 */
export { DRUM_TYPES, type DrumType } from '../audio';

const DRUM_ALIASES: Record<string, DrumType> = {
  '808': '808s', '808s': '808s', kick: 'Kicks', kicks: 'Kicks', snare: 'Snares', snares: 'Snares',
  clap: 'Claps', claps: 'Claps', hihat: 'Hihats', hihats: 'Hihats', 'hi-hat': 'Hihats', 'hi-hats': 'Hihats',
  'open hat': 'Open Hats', 'open hats': 'Open Hats', perc: 'Percs', percs: 'Percs', percussion: 'Percs',
  cymbal: 'Cymbals', cymbals: 'Cymbals', fx: 'FX', effects: 'FX',
};

/** Maps any of the spec's spellings of a drum type to the canonical one, or null. */
export function normaliseDrumType(value: string): DrumType | null {
  return DRUM_ALIASES[value.trim().toLowerCase()] ?? null;
}
