/** Pitch-class names as keys are reported (sharps, as the catalogue stores them). */
export const PITCH_CLASS_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export type PitchClassName = (typeof PITCH_CLASS_NAMES)[number];
export type KeyMode = 'Major' | 'Minor';
