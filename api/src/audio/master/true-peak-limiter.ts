import type { AudioData } from '../audio-buffer';
import { dbToGain, gainToDb, type Dbtp, type Decibels, type Gain, type Seconds } from '../units';
import { DETECTOR_REACH, findPeaksAbove } from './inter-sample-peak-detector';

export interface TruePeakLimiterOptions {
  /** Highest inter-sample peak allowed in the output. */
  readonly ceilingDbtp?: Dbtp;
  /** How long before a peak the gain starts to fall (the attack); the whole song is at hand, so it costs no latency. */
  readonly lookahead?: Seconds;
  /** Time constant with which the gain recovers after a peak. */
  readonly release?: Seconds;
}

export interface LimiterReport {
  /** Deepest gain reduction applied. */
  readonly maxReductionDb: Decibels;
  /** Frames whose peak needed reduction. */
  readonly limitedFrames: number;
  /** Detection passes run: more than one when gain modulation let an interpolated peak creep over. */
  readonly passes: number;
}

export const DEFAULT_CEILING_DBTP: Dbtp = -1;
const DEFAULT_LOOKAHEAD: Seconds = 0.002;
const DEFAULT_RELEASE: Seconds = 0.08;
/**
 * Detection aims this far below the ceiling: the gain moves while the 12-tap interpolation reads
 * its frames, so a point can end up a hair above what the frame's gain alone predicts.
 */
const DETECTION_MARGIN_DB: Decibels = 0.05;

/**
 * A stereo-linked look-ahead limiter that holds inter-sample (true) peaks under the ceiling:
 * detection runs on the 4x oversampled signal, since STACK-NOTES measured a sample-peak limiter at
 * -1 dBFS letting true peaks reach -0.5 dBTP.
 *
 * Writes `input x inputGain`, limited, into `output` (which may be `input.channels` itself only
 * when no re-pass can happen, so the master bus passes a separate buffer). The gain curve is: for
 * every frame over the threshold, the gain it needs, held over the look-ahead window plus the
 * detector's reach; then an exponential release; then a moving average as long as the look-ahead,
 * which makes the attack a smooth ramp that still reaches the needed gain at the peak's frame and
 * every frame the interpolation reads around it.
 */
export function limitTruePeak(
  input: AudioData,
  output: Float32Array[],
  inputGain: Gain,
  options: TruePeakLimiterOptions = {},
): LimiterReport {
  const ceiling = dbToGain(options.ceilingDbtp ?? DEFAULT_CEILING_DBTP);
  const lookahead = Math.max(1, Math.round((options.lookahead ?? DEFAULT_LOOKAHEAD) * input.sampleRate));
  const releaseCoefficient = 1 - Math.exp(-1 / ((options.release ?? DEFAULT_RELEASE) * input.sampleRate));
  let threshold = ceiling * dbToGain(-DETECTION_MARGIN_DB);
  let gainCurve: Float32Array | undefined;
  let report: LimiterReport = { maxReductionDb: 0, limitedFrames: 0, passes: 0 };

  for (let pass = 1; pass <= 4; pass++) {
    const events = findPeaksAbove(input.channels, inputGain, threshold);
    if (events.frames.length === 0) {
      scaleInto(input.channels, output, inputGain);
      return { ...report, passes: pass };
    }
    gainCurve ??= new Float32Array(input.channels[0].length);
    const minGain = buildGainCurve(gainCurve, events, threshold, lookahead, releaseCoefficient);
    applyGain(input.channels, output, inputGain, gainCurve);
    report = { maxReductionDb: -gainToDb(minGain), limitedFrames: events.frames.length, passes: pass };
    // Check the result against the real ceiling; if gain modulation let a point over, aim lower.
    const over = findPeaksAbove(output, 1, ceiling);
    if (over.frames.length === 0) return report;
    threshold *= ceiling / Math.max(...over.peaks.slice(0, 10_000));
  }
  throw new Error('True-peak limiter did not converge under the ceiling');
}

function scaleInto(input: readonly Float32Array[], output: Float32Array[], gain: Gain): void {
  input.forEach((channel, c) => {
    const out = output[c];
    for (let i = 0; i < channel.length; i++) out[i] = channel[i] * gain;
  });
}

function applyGain(input: readonly Float32Array[], output: Float32Array[], gain: Gain, curve: Float32Array): void {
  input.forEach((channel, c) => {
    const out = output[c];
    for (let i = 0; i < channel.length; i++) out[i] = channel[i] * gain * curve[i];
  });
}

/** Fills `curve` with the limiter's gain per frame; returns the smallest gain. */
function buildGainCurve(
  curve: Float32Array,
  events: { frames: number[]; peaks: number[] },
  threshold: number,
  lookahead: number,
  releaseCoefficient: number,
): number {
  const length = curve.length;
  curve.fill(1);
  // Hold: a frame i gets the smallest gain needed by any peak it must cover.
  let minGain = 1;
  for (let e = 0; e < events.frames.length; e++) {
    const k = events.frames[e];
    const need = threshold / events.peaks[e];
    if (need < minGain) minGain = need;
    const to = Math.min(length - 1, k + DETECTOR_REACH);
    for (let i = Math.max(0, k - lookahead + 1 - DETECTOR_REACH); i <= to; i++) if (need < curve[i]) curve[i] = need;
  }
  // Release: instant down, exponential up; snaps to exactly 1 once recovered so quiet passages stay untouched.
  let gain = 1;
  for (let i = 0; i < length; i++) {
    const target = curve[i];
    if (target === 1 && gain === 1) continue;
    gain = target < gain ? target : gain + (target - gain) * releaseCoefficient;
    if (gain > 0.999_999) gain = 1;
    curve[i] = gain;
  }
  // Attack: moving average over the look-ahead, kept in a ring so the curve is averaged in place.
  const ring = new Float64Array(lookahead).fill(1);
  let sum = lookahead;
  for (let i = 0; i < length; i++) {
    const value = curve[i];
    const slot = i % lookahead;
    if (value === 1 && sum === lookahead) continue;
    sum += value - ring[slot];
    ring[slot] = value;
    curve[i] = sum / lookahead;
    if (Math.abs(sum - lookahead) < 1e-9) sum = lookahead;
  }
  return minGain;
}
