import { frameCount, type AudioData } from '../audio-buffer';
import type { Bpm, Semitones } from '../units';
import { resampleCircular } from './circular-resampler';
import { loopFrames } from './loop-length';
import type { LoopOnset } from './loop-onsets';
import { drumOnsets, stretchDrums } from './stretch-drums';
import { stretchTonal, tonalAnchors } from './stretch-tonal';

/**
 * How far a loop's length may be from `bars` bars at `fromBpm` before it is refused: a loop whose
 * catalogue entry names the wrong bar count or tempo would otherwise be stretched to the wrong speed
 * and play out of time with every other layer. 2% leaves room for loops cut a few frames long or short.
 */
export const LENGTH_TOLERANCE = 0.02;

export interface WarpOptions {
  /** 'drums': onset slicing (transients exact). 'tonal': anchored WSOLA (pitch kept, shiftable). */
  readonly kind: 'drums' | 'tonal';
  /** Tempo the loop was recorded at (checked against its length). */
  readonly fromBpm: Bpm;
  /** Tempo of the beat. */
  readonly toBpm: Bpm;
  /** Length of the loop in bars (the same before and after). */
  readonly bars: number;
  /** Pitch shift; for drums a varispeed of each hit (as a sampler would), for tonal loops a true shift. */
  readonly semitones?: Semitones;
  /** Default 4. */
  readonly beatsPerBar?: number;
  /**
   * The loop's onsets when already known, from {@link loopOnsets} (e.g. computed once when the
   * sample was uploaded and stored with it): saves the detection, ~60 ms for 8 bars. Drum loops
   * slice at those that rise DRUM_ONSET_RISE, tonal loops anchor on those that rise TONAL_ANCHOR_RISE.
   */
  readonly onsets?: readonly LoopOnset[];
}

/**
 * Warps one loop for a beat: exactly `loopFrames(bars, toBpm, sampleRate, beatsPerBar)` frames out,
 * seamless when tiled, at the beat's tempo and shifted by `semitones`. The whole input buffer is one
 * period of the loop (its length must be within LENGTH_TOLERANCE of `bars` bars at `fromBpm`);
 * input frame i lands at output frame i * outFrames / inFrames (exactly for drum hits and anchored
 * tonal attacks). The renderer's one entry point: it picks the algorithm by `kind`. Returns new
 * buffers; the input is not modified.
 */
export function warpLoop(audio: AudioData, options: WarpOptions): AudioData {
  const { sampleRate } = audio;
  const beatsPerBar = options.beatsPerBar ?? 4;
  const inLength = frameCount(audio);
  const expected = loopFrames(options.bars, options.fromBpm, sampleRate, beatsPerBar);
  if (inLength === 0 || Math.abs(inLength - expected) > LENGTH_TOLERANCE * expected) {
    throw new RangeError(
      `Loop is ${inLength} frames; ${options.bars} bars at ${options.fromBpm} BPM are ${expected} frames (more than ${LENGTH_TOLERANCE * 100}% apart)`,
    );
  }
  const frames = loopFrames(options.bars, options.toBpm, sampleRate, beatsPerBar);
  const semitones = options.semitones ?? 0;
  if (options.kind === 'tonal') {
    return stretchTonal(audio, frames, { semitones, anchors: options.onsets && tonalAnchors(audio, options.onsets) });
  }
  const onsets = options.onsets && drumOnsets(audio, options.onsets);
  if (semitones === 0) return stretchDrums(audio, frames, { onsets });
  // Drums: replay each hit faster or slower (a sampler's transpose), then slice onto the grid. The
  // onsets come from the unpitched loop (so the detection's memo serves every transposition).
  const ratio = 2 ** (semitones / 12);
  const pitched = audio.channels.map(() => new Float32Array(Math.round(inLength / ratio)));
  resampleCircular(audio.channels, inLength, pitched);
  const scale = pitched[0].length / inLength;
  const positions = onsets ?? drumOnsets(audio);
  return stretchDrums({ sampleRate, channels: pitched }, frames, { onsets: positions.map((position) => Math.round(position * scale)) });
}
