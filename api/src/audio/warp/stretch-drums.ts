import { raisedCosineFadeIn } from '../dsp/windows';
import { frameCount, type AudioData } from '../audio-buffer';
import type { Decibels, Samples } from '../units';
import { loopOnsets, type LoopOnset } from './loop-onsets';
import { stretchTonal } from './stretch-tonal';

/**
 * Drum time-stretch by slicing, as a DAW's beats mode does: the loop is cut just before each onset
 * and every slice is copied verbatim (its attack untouched, sample for sample) to where its onset
 * falls on the new grid. Slowing down leaves a gap after a slice: the slice plays on until just
 * before the next attack in the source, then fades out (silence fills the rest). Speeding up makes
 * slices overlap: the earlier one is trimmed, crossfading into the next slice's pre-roll, which ends
 * before its attack. Nothing is stretched inside a slice, so transients stay exactly as sharp as they
 * were, and every hit lands on the grid to the frame.
 *
 * Slice i starts PRE_ROLL before its onset. The first FADE of that pre-roll is a raised-cosine fade
 * in (the outgoing slice fades out over the same frames), the last GUARD is at full level, so a
 * detected onset up to GUARD late still keeps its whole attack.
 */

const PRE_ROLL_SECONDS = 0.003;
const GUARD_SECONDS = 0.001;
/** Longest fade-out of a slice that stops in a gap (slowing down): long enough not to click on a bass tail. */
const GAP_FADE_OUT_SECONDS = 0.008;
/** Onsets of drum loops: the detector's sensitivity (its default is 0.08; a touch firmer skips ghost onsets in reverb tails). */
export const DRUM_ONSET_THRESHOLD = 0.1;
/** A slice point must rise at least this much: a cut inside a decay would gate it when slowing down. */
export const DRUM_ONSET_RISE: Decibels = 6;

export interface DrumStretchOptions {
  /** Onset positions in [0, frames) of the source loop, sorted. Default: detected (memoised per buffer). */
  readonly onsets?: readonly Samples[];
}

/**
 * Stretches one period of a drum loop to exactly `frames` frames by onset slicing. A loop in which
 * no onset is found (a riser, a texture) is stretched as tonal material instead.
 */
export function stretchDrums(audio: AudioData, frames: Samples, options: DrumStretchOptions = {}): AudioData {
  if (!Number.isInteger(frames) || frames <= 0) throw new RangeError(`Target length must be a positive whole number of frames, got ${frames}`);
  const inLength = frameCount(audio);
  if (inLength === 0) throw new RangeError('Cannot stretch an empty loop');
  if (inLength === frames) return { sampleRate: audio.sampleRate, channels: audio.channels.map((x) => x.slice(0, inLength)) };
  const onsets = options.onsets ?? drumOnsets(audio);
  const slices = planSlices(onsets, inLength, frames, audio.sampleRate);
  if (slices.length === 0) return stretchTonal(audio, frames, { anchors: [] });
  return { sampleRate: audio.sampleRate, channels: audio.channels.map((x) => renderSlices(x, inLength, frames, slices, audio.sampleRate)) };
}

/** Slice points of a drum loop from its onsets (detected around the seam and memoised when not given). */
export function drumOnsets(audio: AudioData, onsets: readonly LoopOnset[] = loopOnsets(audio, { threshold: DRUM_ONSET_THRESHOLD })): Samples[] {
  return onsets.filter((onset) => onset.rise >= DRUM_ONSET_RISE).map((onset) => onset.position);
}

interface Slice {
  /** Source frame of the slice's first frame (its onset minus the pre-roll; may be negative: read modulo). */
  readonly source: number;
  /** Output frame of the slice's first frame (may be negative or past the end: written modulo). */
  readonly start: number;
  /** Frames the slice writes, fades included. */
  readonly length: number;
  readonly fadeOut: number;
}

/** Where each slice goes and how long it plays; onsets too close on the new grid for the fades are merged into the previous slice. */
function planSlices(onsets: readonly Samples[], inLength: number, frames: number, sampleRate: number): Slice[] {
  const ratio = frames / inLength;
  const preRoll = Math.round(PRE_ROLL_SECONDS * sampleRate);
  const guard = Math.round(GUARD_SECONDS * sampleRate);
  const fade = preRoll - guard;
  const gapFade = Math.round(GAP_FADE_OUT_SECONDS * sampleRate);
  const kept: { onset: number; at: number }[] = [];
  for (const onset of onsets) {
    if (onset < 0 || onset >= inLength) continue;
    const at = Math.round(onset * ratio);
    const previous = kept[kept.length - 1];
    if (previous && (at - previous.at < 2 * preRoll || onset - previous.onset < 2 * preRoll)) continue;
    kept.push({ onset, at });
  }
  while (kept.length > 1 && kept[0].at + frames - kept[kept.length - 1].at < 2 * preRoll) kept.pop();

  return kept.map((slice, i) => {
    const next = i + 1 < kept.length ? kept[i + 1] : { onset: kept[0].onset + inLength, at: kept[0].at + frames };
    const start = slice.at - preRoll;
    // Speeding up: run on until the next slice has faded in. Slowing down: stop where the source
    // reaches the next attack's guard, before it sounds.
    const untilNextFadedIn = next.at - preRoll + fade - start;
    const untilNextAttack = next.onset - guard - (slice.onset - preRoll);
    const length = Math.min(untilNextFadedIn, untilNextAttack);
    const fadeOut = length === untilNextFadedIn ? fade : Math.max(fade, Math.min(gapFade, length - preRoll - fade));
    return { source: slice.onset - preRoll, start, length, fadeOut };
  });
}

/** Adds every slice of one channel into a fresh circle of `frames` frames. */
function renderSlices(x: Float32Array, inLength: number, frames: number, slices: readonly Slice[], sampleRate: number): Float32Array {
  const out = new Float32Array(frames);
  const fadeLength = Math.round(PRE_ROLL_SECONDS * sampleRate) - Math.round(GUARD_SECONDS * sampleRate);
  const rise = raisedCosineFadeIn(fadeLength);
  for (const slice of slices) {
    const fall = raisedCosineFadeIn(slice.fadeOut);
    const fallStart = slice.length - slice.fadeOut;
    let from = ((slice.source % inLength) + inLength) % inLength;
    let to = ((slice.start % frames) + frames) % frames;
    for (let t = 0; t < slice.length; t++) {
      let gain = 1;
      if (t < fadeLength) gain = rise[t];
      if (t >= fallStart) gain *= fall[slice.length - 1 - t];
      out[to] += gain * x[from];
      if (++from === inLength) from = 0;
      if (++to === frames) to = 0;
    }
  }
  return out;
}
