import { frameCount, type AudioData } from '../audio-buffer';
import type { Decibels, Samples, Semitones } from '../units';
import { resampleCircular } from './circular-resampler';
import { loopOnsets, type LoopOnset } from './loop-onsets';
import { wsolaCircle, type WsolaCircle } from './wsola-stretcher';

/** Largest pitch shift accepted, either way (the arrangement schema's bound; quality is measured to 12). */
export const MAX_SEMITONES: Semitones = 24;

/**
 * An onset anchors the stretch when its level rises at least TONAL_ANCHOR_RISE (a clear note or 808
 * attack), or rises at least TONAL_ANCHOR_SOFT_RISE with a strong spectral change (a note struck
 * over one still ringing: a flam, a chord change). Not the ripples a detector with a relative
 * threshold reports on a held tone, which rise under 3 dB: an anchor's joint is not phase matched,
 * which only an attack hides.
 */
export const TONAL_ANCHOR_RISE: Decibels = 9;
export const TONAL_ANCHOR_SOFT_RISE: Decibels = 3;
/** Detector strength (fraction of the strongest flux peak) that a soft-rising onset needs. */
export const TONAL_ANCHOR_SOFT_STRENGTH = 0.3;

export interface TonalStretchOptions {
  /** Pitch shift in semitones (default 0). */
  readonly semitones?: Semitones;
  /**
   * Attack positions in the loop, sorted, in [0, frames). Default: detected (and memoised per
   * buffer) and kept as {@link tonalAnchors} does. Pass [] to stretch without anchors.
   */
  readonly anchors?: readonly Samples[];
}

/**
 * Time-stretches one period of a tonal loop (melody stem, 808) to exactly `frames` frames and
 * optionally shifts its pitch, keeping it a seamless loop: tiled end to end the output has no dip
 * and no step at the seam, because the stretch runs on the loop as a circle (see wsola-stretcher).
 *
 * How: WSOLA stretches the circle, attacks anchored to their exact places, and one band-limited
 * circular varispeed moves the pitch: before the stretch when raising it (fewer frames to write),
 * after it when lowering it (the search sees the original waveform). Without anchors a circle may
 * close in phase a few frames off its length; the varispeed then also reads it back at exactly
 * `frames` frames. Timing: input frame i plays at output frame i * frames / inputFrames, exactly at anchored
 * attacks (to the frame, or within half the closure shift), within the WSOLA tolerance (14 ms)
 * between them; no systematic lag.
 */
export function stretchTonal(audio: AudioData, frames: Samples, options: TonalStretchOptions = {}): AudioData {
  const semitones = options.semitones ?? 0;
  if (!Number.isInteger(frames) || frames <= 0) throw new RangeError(`Target length must be a positive whole number of frames, got ${frames}`);
  if (!(Math.abs(semitones) <= MAX_SEMITONES)) throw new RangeError(`Pitch shift must be within +-${MAX_SEMITONES} semitones, got ${semitones}`);
  const inLength = frameCount(audio);
  if (inLength === 0) throw new RangeError('Cannot stretch an empty loop');
  if (frames === inLength && semitones === 0) return { sampleRate: audio.sampleRate, channels: audio.channels.map((x) => x.slice(0, inLength)) };
  const anchors = options.anchors ?? tonalAnchors(audio);
  const ratio = 2 ** (semitones / 12);
  if (semitones > 0) {
    // Up: read the loop faster first, so that both the varispeed and WSOLA write fewer frames than
    // the other way round (WSOLA then works on the raised waveform, whose periods are shorter).
    const raisedLength = Math.round(inLength / ratio);
    const raised = audio.channels.map(() => new Float32Array(raisedLength));
    resampleCircular(audio.channels, inLength, raised);
    const scale = raisedLength / inLength;
    const circle = wsolaCircle(raised, raisedLength, frames, audio.sampleRate, anchors.map((a) => Math.round(a * scale)));
    return { sampleRate: audio.sampleRate, channels: readCircle(circle, audio.channels.length, frames) };
  }
  // Down (or none): stretch at the original pitch, so the search sees the waveform before it is lowered.
  const stretched = Math.round(frames * ratio);
  const circle = wsolaCircle(audio.channels, inLength, stretched, audio.sampleRate, anchors);
  return { sampleRate: audio.sampleRate, channels: readCircle(circle, audio.channels.length, frames) };
}

/** Attack positions of a tonal loop worth anchoring, from its onsets (detected when not given). */
export function tonalAnchors(audio: AudioData, onsets: readonly LoopOnset[] = loopOnsets(audio)): Samples[] {
  return onsets
    .filter((onset) => onset.rise >= TONAL_ANCHOR_RISE || (onset.rise >= TONAL_ANCHOR_SOFT_RISE && onset.strength >= TONAL_ANCHOR_SOFT_STRENGTH))
    .map((onset) => onset.position);
}

/** The circle as `frames` frames starting at target frame 0: a rotation when it is already that long, else the varispeed. */
function readCircle(circle: WsolaCircle, channelCount: number, frames: Samples): Float32Array[] {
  const rotation = ((Math.round(-circle.origin) % circle.length) + circle.length) % circle.length;
  if (circle.length === frames) {
    return circle.channels.map((c) => {
      if (rotation === 0) return c;
      const out = new Float32Array(frames);
      out.set(c.subarray(rotation, frames), 0);
      out.set(c.subarray(0, rotation), frames - rotation);
      return out;
    });
  }
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  // Starting half the closure shift in centres the varispeed's timing error on zero.
  resampleCircular(circle.channels, circle.length, channels, circle.closureShift / 2 - circle.origin);
  return channels;
}
