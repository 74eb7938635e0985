import type { AudioData } from '../audio-buffer';
import { dbToGain, gainToDb, type Dbtp, type Decibels, type Gain, type Seconds } from '../units';
import { DETECTOR_REACH, findPeaksAbove } from './inter-sample-peak-detector';

// Global `Math` is looked up through jest's sandbox on every use (over 100x slower there), so
// per-sample loops use module-level bindings.
const { ceil, exp, floor, max, min, round } = Math;

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
 * Detection aims this far below the ceiling: the gain moves while the interpolation reads its
 * frames, so a point can end up a hair above what the frame's gain alone predicts, and finer meters
 * than the detector read strong content near 18 kHz a few hundredths of a dB higher.
 */
const DETECTION_MARGIN_DB: Decibels = 0.1;

/** Frames of the input whose peaks reach a level, kept across calls so a re-pass need not search again. */
export interface PeakIndex {
  readonly frames: number[];
  readonly peaks: number[];
  /** The index holds every frame of the input whose peak exceeds this (unscaled input units). */
  readonly limit: number;
}

/** Lets the master bus share one search for peaks across its gain rounds. */
export interface LimiterMemo {
  index?: PeakIndex;
}

/** Search below the current need by this factor, so later rounds with a little more gain reuse the index. */
const INDEX_HEADROOM = 0.8;

/**
 * A stereo-linked look-ahead limiter that holds inter-sample (true) peaks under the ceiling:
 * detection runs on the 8x oversampled signal, since STACK-NOTES measured a sample-peak limiter at
 * -1 dBFS letting true peaks reach -0.5 dBTP.
 *
 * Writes `input x inputGain`, limited, into `output` (not the input's own arrays: a re-pass reads
 * the input again). The gain curve: for every frame over the threshold, the gain it needs, held
 * over the look-ahead window plus the detector's reach; then an exponential release; then a moving
 * average as long as the look-ahead, which makes the attack a smooth ramp that still reaches the
 * needed gain at the peak's frame and every frame the interpolation reads around it. The output is
 * then checked where the gain moved; if modulation let a point creep over the ceiling, the
 * threshold drops by the excess and the pass repeats.
 */
export function limitTruePeak(
  input: AudioData,
  output: Float32Array[],
  inputGain: Gain,
  options: TruePeakLimiterOptions = {},
  memo: LimiterMemo = {},
): LimiterReport {
  const ceiling = dbToGain(options.ceilingDbtp ?? DEFAULT_CEILING_DBTP);
  const lookahead = max(1, round((options.lookahead ?? DEFAULT_LOOKAHEAD) * input.sampleRate));
  const releaseCoefficient = 1 - exp(-1 / ((options.release ?? DEFAULT_RELEASE) * input.sampleRate));
  const length = input.channels[0]?.length ?? 0;
  const touched = new Uint8Array(ceil(length / MASK_BLOCK) + 1);
  let threshold = ceiling * dbToGain(-DETECTION_MARGIN_DB);

  for (let pass = 1; pass <= 4; pass++) {
    const limit = threshold / inputGain;
    if (!memo.index || memo.index.limit > limit) {
      const searchLimit = limit * INDEX_HEADROOM;
      memo.index = { ...findPeaksAbove(input.channels, 1, searchLimit), limit: searchLimit };
    }
    const frames: number[] = [];
    const needs: number[] = [];
    memo.index.frames.forEach((frame, e) => {
      const peak = memo.index!.peaks[e];
      if (peak > limit) {
        frames.push(frame);
        needs.push(limit / peak);
      }
    });
    touched.fill(0);
    const minGain = applyLimiter(input.channels, output, inputGain, frames, needs, lookahead, releaseCoefficient, touched);
    const report = { maxReductionDb: -gainToDb(minGain), limitedFrames: frames.length, passes: pass };
    if (frames.length === 0) return report;
    // Where the gain stayed at 1 the output is the input scaled, already known to be under the threshold.
    const moved = (from: number, to: number) => {
      for (let b = max(0, floor((from - DETECTOR_REACH) / MASK_BLOCK)); b <= floor((to + DETECTOR_REACH) / MASK_BLOCK); b++) {
        if (touched[b]) return true;
      }
      return false;
    };
    const over = findPeaksAbove(output, 1, ceiling, moved);
    if (over.frames.length === 0) return report;
    let worst = ceiling;
    for (const peak of over.peaks) worst = max(worst, peak);
    threshold *= ceiling / worst;
  }
  throw new Error('True-peak limiter did not converge under the ceiling');
}

/** Granularity of the record of where the gain moved. */
const MASK_BLOCK = 64;

/**
 * One pass over the song: hold (sliding minimum of the needed gains, over a monotonic queue of
 * peaks), release, attack smoothing and the output write, fused so the song is read once; runs
 * where no peak is near are a plain scaled copy. Marks in `touched` the blocks where the gain was
 * below 1 and returns the smallest needed gain.
 */
function applyLimiter(
  input: readonly Float32Array[],
  output: Float32Array[],
  inputGain: Gain,
  frames: readonly number[],
  needs: readonly number[],
  lookahead: number,
  releaseCoefficient: number,
  touched: Uint8Array,
): number {
  const length = input[0]?.length ?? 0;
  const [inL, inR] = [input[0], input[1] ?? input[0]];
  const [outL, outR] = [output[0], output[1] ?? output[0]];
  const stereo = input.length > 1;
  const before = lookahead - 1 + DETECTOR_REACH;
  const queue = new Int32Array(frames.length);
  let head = 0;
  let tail = 0;
  let next = 0;
  const ring = new Float64Array(lookahead).fill(1);
  let slot = 0;
  let sum = lookahead;
  let gain = 1;
  let minGain = 1;
  for (const need of needs) minGain = min(minGain, need);

  let i = 0;
  while (i < length) {
    const idleUntil = next < frames.length ? min(length, frames[next] - before) : length;
    if (head === tail && gain === 1 && sum === lookahead && idleUntil > i) {
      // Idle: copy scaled up to where the next peak's hold begins.
      for (let j = i; j < idleUntil; j++) {
        outL[j] = inL[j] * inputGain;
        if (stereo) outR[j] = inR[j] * inputGain;
      }
      i = idleUntil;
      continue;
    }
    while (next < frames.length && frames[next] - before <= i) {
      while (tail > head && needs[queue[tail - 1]] >= needs[next]) tail--;
      queue[tail++] = next++;
    }
    while (head < tail && frames[queue[head]] + DETECTOR_REACH < i) head++;
    const target = head < tail ? needs[queue[head]] : 1;
    gain = target < gain ? target : gain + (target - gain) * releaseCoefficient;
    if (gain > 0.999_999) gain = 1;
    sum += gain - ring[slot];
    ring[slot] = gain;
    slot = slot + 1 === lookahead ? 0 : slot + 1;
    if (sum > lookahead - 1e-9 && gain === 1) {
      // Recovered: reset exactly so the idle test holds and rounding cannot drift.
      sum = lookahead;
      ring.fill(1);
    }
    const smooth = sum / lookahead;
    if (smooth < 1) touched[floor(i / MASK_BLOCK)] = 1;
    const g = inputGain * smooth;
    outL[i] = inL[i] * g;
    if (stereo) outR[i] = inR[i] * g;
    i++;
  }
  return minGain;
}
