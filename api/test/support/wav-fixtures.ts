import { encodeWav } from '../../src/audio/wav';
import { chordProgression, drumLoop } from '../../src/audio/testing';
import type { PitchClassName } from '../../src/audio/analysis';

/** A synthesised drum loop of whole bars as a 16-bit WAV. */
export const drumWav = (bpm: number, bars = 8, seed = 1): Buffer =>
  Buffer.from(encodeWav(drumLoop({ bpm, bars, seed, pattern: 'basic' }).audio, { bitDepth: 16 }));

/** An 8-bar chord progression (4 chords of 2 bars) in a key, as a 16-bit WAV. */
export const melodyWav = (key: PitchClassName, mode: 'Major' | 'Minor', bpm: number, seed = 1): Buffer =>
  Buffer.from(encodeWav(chordProgression({ key, mode, bpm, beatsPerChord: 8, seed }).audio, { bitDepth: 16 }));

export const dataUrl = (bytes: Uint8Array): string => `data:audio/wav;base64,${Buffer.from(bytes).toString('base64')}`;
