import { encodeWav } from '../../src/audio';
import { chordProgression, drumLoop, type ChordRhythm } from '../../src/audio/testing';
import type { PitchClassName } from '../../src/audio';

/** A synthesised drum loop of whole bars as a 16-bit WAV. */
export const drumWav = (bpm: number, bars = 8, seed = 1): Buffer =>
  Buffer.from(encodeWav(drumLoop({ bpm, bars, seed, pattern: 'basic' }).audio, { bitDepth: 16 }));

/**
 * An 8-bar chord progression (4 chords of 2 bars) in a key, as a 16-bit WAV: held chords by default
 * (no beat to hear), or stabs on every beat, or eighth-note arpeggios.
 */
export const melodyWav = (key: PitchClassName, mode: 'Major' | 'Minor', bpm: number, seed = 1, rhythm: ChordRhythm = 'sustained'): Buffer =>
  Buffer.from(encodeWav(chordProgression({ key, mode, bpm, beatsPerChord: 8, seed, rhythm }).audio, { bitDepth: 16 }));

/**
 * A file of `size` bytes that starts as a WAV (16-bit stereo PCM, its data chunk declared to fill the
 * file) and is zeros after: big enough to hit a size limit without synthesising audio.
 */
export function bigWav(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WAVEfmt ', 8, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(2, 22);
  bytes.writeUInt32LE(44_100, 24);
  bytes.writeUInt32LE(44_100 * 4, 28);
  bytes.writeUInt16LE(4, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(size - 44, 40);
  return bytes;
}

export const dataUrl = (bytes: Uint8Array): string => `data:audio/wav;base64,${Buffer.from(bytes).toString('base64')}`;
