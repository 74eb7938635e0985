import { dbToGain } from '../units';
import type { ClipSpec } from './layer-timeline';
import type { PreparedLoop } from './loop-preparer';

/** Each repeat of a roll's slice fades in and out over this long (at most a quarter of the slice), so it never clicks. */
const SLICE_FADE_SECONDS = 0.0015;
/** The filter's cutoff is recomputed every this many frames along its sweep. */
const FILTER_STEP = 32;

/**
 * The audio of one range of a part (PartRange), `frames` long, made from the part's prepared loop
 * as it plays there: a slice repeated, the loop reversed, low-pass filtered along a sweep, or as it
 * is; then the range's gain envelope. Pure and exact: the same loop and spec give the same samples.
 * The clip's peak is measured (a one-pole low-pass and a fade never exceed the loop's own peak).
 */
export function rangeClip(loop: PreparedLoop, spec: ClipSpec, start: number, rangeFrames: number, ringFrames: number, sampleRate: number): PreparedLoop {
  // The clip goes on past the range for the segment's fade-out, as the range would have gone on.
  const frames = rangeFrames + ringFrames;
  const [srcL, srcR] = loop.audio.channels;
  const n = srcL.length;
  const { range, beatFrames } = spec;
  const wrap = (i: number) => ((i % n) + n) % n;
  const position = wrap(start - spec.basePhaseOrigin);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  if (range.op === 'repeat') {
    const slice = Math.max(1, Math.round((range.sliceBeats ?? 1) * beatFrames));
    const fade = Math.max(1, Math.min(Math.round(SLICE_FADE_SECONDS * sampleRate), slice >> 2));
    // The slice starts at the loop's own attack nearest the asked position (its fade-in just before
    // the attack), so a roll repeats a hit wherever the producer placed it, not the grid's silence.
    const asked = wrap(Math.round((range.sliceBeat ?? 0) * beatFrames));
    const hit = nearestHit(loop.hits, asked, n);
    const sliceStart = hit === undefined ? asked : wrap(hit - fade);
    for (let i = 0; i < frames; i++) {
      const k = i % slice;
      const g = k < fade ? 0.5 - 0.5 * Math.cos((Math.PI * (k + 0.5)) / fade) : slice - k <= fade ? 0.5 - 0.5 * Math.cos((Math.PI * (slice - k - 0.5)) / fade) : 1;
      const p = wrap(sliceStart + k);
      left[i] = srcL[p] * g;
      right[i] = srcR[p] * g;
    }
  } else if (range.op === 'reverse') {
    const from = range.sliceBeat === undefined ? position : wrap(Math.round(range.sliceBeat * beatFrames));
    for (let i = 0; i < frames; i++) {
      const p = wrap(from + rangeFrames - 1 - i);
      left[i] = srcL[p];
      right[i] = srcR[p];
    }
    // A reversed swell may open a filter as it rises.
    if (range.fromHz !== undefined) sweepLowPass([left, right], range.fromHz, range.toHz ?? range.fromHz, rangeFrames, sampleRate);
  } else {
    for (let i = 0; i < frames; i++) {
      const p = wrap(position + i);
      left[i] = srcL[p];
      right[i] = srcR[p];
    }
    if (range.op === 'filter') sweepLowPass([left, right], range.fromHz ?? 200, range.toHz ?? 20_000, rangeFrames, sampleRate);
  }
  const fromDb = range.fromDb ?? 0;
  const toDb = range.toDb ?? 0;
  if (fromDb !== 0 || toDb !== 0) {
    // Linear in dB: the gain is multiplied by one ratio per frame.
    const step = dbToGain((toDb - fromDb) / Math.max(1, rangeFrames - 1));
    let g = dbToGain(fromDb);
    for (let i = 0; i < frames; i++) {
      left[i] *= g;
      right[i] *= g;
      g *= step;
    }
  }
  let peak = 0;
  for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
  return { audio: { sampleRate, channels: [left, right] }, loudness: loop.loudness, peak };
}

/** The attack (frame of a loop `n` frames long) nearest `at`, going round the loop; none when the loop has none. */
function nearestHit(hits: readonly number[] | undefined, at: number, n: number): number | undefined {
  let best: number | undefined;
  let distance = Infinity;
  for (const hit of hits ?? []) {
    const d = Math.abs(hit - at);
    const around = Math.min(d, n - d);
    if (around < distance) {
      distance = around;
      best = hit;
    }
  }
  return best;
}

/**
 * Two one-pole low-passes in series (12 dB an octave), the cutoff swept exponentially from `fromHz`
 * to `toHz`. Their impulse responses are positive and sum to one, so the output never exceeds the
 * input's peak; the state starts at the first sample (no step from silence).
 */
function sweepLowPass(channels: Float32Array[], fromHz: number, toHz: number, sweepFrames: number, sampleRate: number): void {
  const frames = channels[0].length;
  const ratio = Math.log(toHz / fromHz);
  for (const x of channels) {
    let y1 = x[0] ?? 0;
    let y2 = y1;
    let a = 0;
    for (let i = 0; i < frames; i++) {
      if (i % FILTER_STEP === 0) {
        const hz = Math.min(0.45 * sampleRate, fromHz * Math.exp((ratio * Math.min(i, sweepFrames)) / Math.max(1, sweepFrames - 1)));
        a = 1 - Math.exp((-2 * Math.PI * hz) / sampleRate);
      }
      y1 += a * (x[i] - y1);
      y2 += a * (y1 - y2);
      x[i] = y2;
    }
  }
}
