import type { AudioData } from '../audio-buffer';
import { dbToGain, gainToDb, type Dbtp, type Decibels, type Gain, type Seconds } from '../units';
import { blockFiguresOf, DETECTOR_ABS_GAIN, DETECTOR_REACH, findPeaksAbove, type BlockFigures } from './inter-sample-peak-detector';

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
  /**
   * Gain taken off the whole output because the gain's modulation let an interpolated point creep
   * over the ceiling (0 when none did; measured: none, in every beat of the demo library).
   */
  readonly trimDb: Decibels;
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

/** Lets the master bus share one search for peaks across its gain rounds, and read the last run's gain. */
export interface LimiterMemo {
  index?: PeakIndex;
  /** The detector's block figures of the input, for searching it again at a lower limit. */
  figures?: BlockFigures;
  /** Per block of LIMITER_BLOCK frames, the mean of the squared gain the last run applied (the input gain aside). */
  gainSquares?: Float64Array;
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
 * needed gain at the peak's frame and every frame the interpolation reads around it (from the song's
 * first frame: a peak too early for the ramp finds the gain already down). The output is then
 * checked where the gain moved; if modulation let a point creep over the ceiling, the excess is
 * trimmed off the whole output.
 */
export function limitTruePeak(
  input: AudioData,
  output: Float32Array[],
  inputGain: Gain,
  options: TruePeakLimiterOptions = {},
  memo: LimiterMemo = {},
  onWritten?: (frames: number) => void,
): LimiterReport {
  const ceiling = dbToGain(options.ceilingDbtp ?? DEFAULT_CEILING_DBTP);
  const lookahead = Math.max(1, Math.round((options.lookahead ?? DEFAULT_LOOKAHEAD) * input.sampleRate));
  const releaseCoefficient = 1 - Math.exp(-1 / ((options.release ?? DEFAULT_RELEASE) * input.sampleRate));
  const length = input.channels[0]?.length ?? 0;
  const trace = createGainTrace(length);
  const threshold = ceiling * dbToGain(-DETECTION_MARGIN_DB);
  const { frames, needs } = peakNeeds(input, threshold / inputGain, memo);
  const minGain = applyLimiter(input.channels, output, inputGain, frames, needs, lookahead, releaseCoefficient, trace, onWritten);
  memo.gainSquares = meanGainSquares(trace, length);
  const report = { maxReductionDb: -gainToDb(minGain), limitedFrames: frames.length };
  if (frames.length === 0) return { ...report, trimDb: 0 };
  const trim = trimToCeiling(output, ceiling, (from, to) => mayExceed(trace, output, from, to, threshold, ceiling));
  return { ...report, trimDb: trim === 1 ? 0 : -gainToDb(trim) };
}

/**
 * The gain the limiter would apply at `inputGain`, without writing its output: per block of
 * LIMITER_BLOCK frames, the mean of the squared gain (the input gain aside). With the input's
 * K-weighted block powers it tells the limited output's loudness far cheaper than limiting and
 * measuring it (see the master bus).
 */
export function limiterGainSquares(input: AudioData, inputGain: Gain, options: TruePeakLimiterOptions = {}, memo: LimiterMemo = {}): Float64Array {
  const ceiling = dbToGain(options.ceilingDbtp ?? DEFAULT_CEILING_DBTP);
  const lookahead = Math.max(1, Math.round((options.lookahead ?? DEFAULT_LOOKAHEAD) * input.sampleRate));
  const releaseCoefficient = 1 - Math.exp(-1 / ((options.release ?? DEFAULT_RELEASE) * input.sampleRate));
  const length = input.channels[0]?.length ?? 0;
  const trace = createGainTrace(length);
  const { frames, needs } = peakNeeds(input, (ceiling * dbToGain(-DETECTION_MARGIN_DB)) / inputGain, memo);
  applyLimiter(input.channels, null, inputGain, frames, needs, lookahead, releaseCoefficient, trace);
  return meanGainSquares(trace, length);
}

/** The frames whose peak exceeds `limit` (input units), and the gain each needs, from the memo's index (searched again if it does not reach that low). */
function peakNeeds(input: AudioData, limit: number, memo: LimiterMemo): { frames: number[]; needs: number[] } {
  if (!memo.index || memo.index.limit > limit) {
    const searchLimit = limit * INDEX_HEADROOM;
    // A first search computes the figures itself (only where `within` asks; here everywhere), a second reuses them.
    if (memo.index) memo.figures ??= blockFiguresOf(input.channels);
    memo.index = { ...findPeaksAbove(input.channels, 1, searchLimit, undefined, memo.figures), limit: searchLimit };
  }
  const frames: number[] = [];
  const needs: number[] = [];
  const index = memo.index;
  for (let e = 0; e < index.frames.length; e++) {
    if (index.peaks[e] > limit) {
      frames.push(index.frames[e]);
      needs.push(limit / index.peaks[e]);
    }
  }
  return { frames, needs };
}

function meanGainSquares(trace: GainTrace, length: number): Float64Array {
  const blocks = Math.ceil(length / TRACE_BLOCK);
  const means = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) means[b] = trace.gainSquares[b] / (Math.min(length, (b + 1) * TRACE_BLOCK) - b * TRACE_BLOCK);
  return means;
}

/**
 * Scales the whole output down by the excess of its highest inter-sample peak over the ceiling, if
 * any, and returns the gain applied (1 when nothing was over). Points scale with the signal, so
 * every point is then under the ceiling. `within(from, to)` limits the search to frames that may
 * exceed it (the rest must be known to be under).
 */
export function trimToCeiling(output: Float32Array[], ceiling: Gain, within?: (from: number, to: number) => boolean): Gain {
  const over = findPeaksAbove(output, 1, ceiling, within);
  if (over.frames.length === 0) return 1;
  let worst = ceiling;
  for (const peak of over.peaks) worst = Math.max(worst, peak);
  // Float32 rounding of the scaled samples is relative 2^-24: the margin covers it.
  const trim = (ceiling / worst) * (1 - 1e-5);
  for (const channel of output) for (let i = 0; i < channel.length; i++) channel[i] *= trim;
  return trim;
}

/** Granularity of the record of how the gain moved: 2^6 = 64 frames. */
const TRACE_SHIFT = 6;
const TRACE_BLOCK = 1 << TRACE_SHIFT;
/** Frames per block of {@link limiterGainSquares}. */
export const LIMITER_BLOCK = TRACE_BLOCK;

/** Per block of TRACE_BLOCK frames: the range and the sum of squares of the limiter's gain, and (filled on demand) the largest |output|. */
interface GainTrace {
  readonly gainMin: Float32Array;
  readonly gainMax: Float32Array;
  readonly gainSquares: Float64Array;
  /** -1 until computed. */
  readonly outMax: Float32Array;
}

function createGainTrace(length: number): GainTrace {
  const blocks = Math.ceil(length / TRACE_BLOCK) + 1;
  return {
    gainMin: new Float32Array(blocks).fill(Infinity),
    gainMax: new Float32Array(blocks).fill(-Infinity),
    gainSquares: new Float64Array(blocks),
    outMax: new Float32Array(blocks).fill(-1),
  };
}

/**
 * Whether a point the detector reads around frames [from, to) of the output may exceed the ceiling.
 * Every frame n was written with a gain g_n such that g_n times its (unlimited) peak is at most the
 * threshold, so a point after frame n is at most the threshold plus what the gain's variation over
 * the frames it reads can add: (sum of |taps|) x (largest |output| there) x (gain range / least
 * gain). Only where the gain moves fast (the attacks) does that pass the detection margin; there the
 * detector checks the output itself.
 */
function mayExceed(trace: GainTrace, output: readonly Float32Array[], from: number, to: number, threshold: number, ceiling: number): boolean {
  const length = output[0].length;
  const first = Math.max(0, from - DETECTOR_REACH) >> TRACE_SHIFT;
  const last = Math.min(length - 1, to - 1 + DETECTOR_REACH) >> TRACE_SHIFT;
  let low = Infinity;
  let high = -Infinity;
  for (let b = first; b <= last; b++) {
    if (trace.gainMin[b] < low) low = trace.gainMin[b];
    if (trace.gainMax[b] > high) high = trace.gainMax[b];
  }
  if (!(high > low)) return false;
  let loudest = 0;
  for (let b = first; b <= last; b++) {
    if (trace.outMax[b] < 0) trace.outMax[b] = blockOutMax(output, b);
    if (trace.outMax[b] > loudest) loudest = trace.outMax[b];
  }
  // Float32 rounding of the output adds a relative 2^-24 or so: the 1e-6 covers it.
  return threshold + DETECTOR_ABS_GAIN * loudest * ((high - low) / low) + 1e-6 * ceiling > ceiling;
}

function blockOutMax(output: readonly Float32Array[], block: number): number {
  let peak = 0;
  for (const channel of output) {
    const end = Math.min(channel.length, (block + 1) * TRACE_BLOCK);
    for (let i = block * TRACE_BLOCK; i < end; i++) {
      const v = Math.abs(channel[i]);
      if (v > peak) peak = v;
    }
  }
  return peak;
}

/** How often (in frames, about 1.5 s) the pass tells `onWritten` how far it has written. */
const WRITTEN_REPORT_FRAMES = 1 << 16;

/**
 * One pass of the limiter over the song: what it reads and writes, and its gain's state between
 * runs (the hold's monotonic queue of peak events, the attack's ring of recent gains and their sum).
 */
interface LimiterPass {
  readonly length: number;
  readonly inL: Float32Array;
  readonly inR: Float32Array;
  /** The input itself when nothing is written. */
  readonly outL: Float32Array;
  readonly outR: Float32Array;
  readonly write: boolean;
  readonly stereo: boolean;
  readonly inputGain: Gain;
  readonly frames: readonly number[];
  readonly needs: readonly number[];
  readonly lookahead: number;
  readonly inverseLookahead: number;
  readonly releaseCoefficient: number;
  /** Frames before a peak at which its hold begins. */
  readonly before: number;
  readonly trace: GainTrace;
  readonly queue: Int32Array;
  readonly ring: Float64Array;
  head: number;
  tail: number;
  /** The next peak event not yet in the queue. */
  next: number;
  gain: number;
  slot: number;
  sum: number;
  /** The frame at which `onWritten` next hears how far the output is written. */
  nextReport: number;
  readonly onWritten?: (frames: number) => void;
}

/** Frames [0, written) are written: tells `onWritten`, and sets when to tell it next. */
function reportWritten(pass: LimiterPass, written: number): void {
  pass.onWritten?.(written);
  pass.nextReport = written + WRITTEN_REPORT_FRAMES;
}

/**
 * One pass over the song: hold (sliding minimum of the needed gains, over a monotonic queue of
 * peaks), release, attack smoothing and the output write, fused so the song is read once; runs
 * where no peak is near are a plain scaled copy. Records in `trace` the range and the sum of squares
 * of the gain per block and returns the smallest needed gain. Without an output, only the trace.
 * `onWritten(frames)` hears, between runs and at the end, that the output's first frames are written.
 */
function applyLimiter(
  input: readonly Float32Array[],
  output: Float32Array[] | null,
  inputGain: Gain,
  frames: readonly number[],
  needs: readonly number[],
  lookahead: number,
  releaseCoefficient: number,
  trace: GainTrace,
  onWritten?: (frames: number) => void,
): number {
  const pass = startPass(input, output, inputGain, frames, needs, lookahead, releaseCoefficient, trace, onWritten);
  let minGain = 1;
  for (const need of needs) minGain = Math.min(minGain, need);
  let i = 0;
  const { length } = pass;
  while (i < length) {
    if (i >= pass.nextReport) reportWritten(pass, i);
    const idleUntil = pass.next < frames.length ? Math.min(length, frames[pass.next] - pass.before) : length;
    if (pass.head === pass.tail && pass.gain === 1 && idleUntil > i) {
      copyIdle(pass, i, idleUntil);
      i = idleUntil;
    } else {
      i = limitActive(pass, i);
    }
  }
  onWritten?.(length);
  return minGain;
}

function startPass(
  input: readonly Float32Array[],
  output: Float32Array[] | null,
  inputGain: Gain,
  frames: readonly number[],
  needs: readonly number[],
  lookahead: number,
  releaseCoefficient: number,
  trace: GainTrace,
  onWritten?: (frames: number) => void,
): LimiterPass {
  const [inL, inR] = [input[0], input[1] ?? input[0]];
  const [outL, outR] = output !== null ? [output[0], output[1] ?? output[0]] : [inL, inR];
  const before = lookahead - 1 + DETECTOR_REACH;
  // A peak within the look-ahead of the song's start has no room for the attack ramp: the gain then
  // starts already at what those peaks need, as if it had been there before the song.
  let initial = 1;
  for (let e = 0; e < frames.length && frames[e] - before <= 0; e++) initial = Math.min(initial, needs[e]);
  return {
    length: input[0]?.length ?? 0, inL, inR, outL, outR, write: output !== null, stereo: input.length > 1,
    inputGain, frames, needs, lookahead, inverseLookahead: 1 / lookahead, releaseCoefficient, before, trace,
    queue: new Int32Array(frames.length), ring: new Float64Array(lookahead).fill(initial),
    head: 0, tail: 0, next: 0, gain: initial, slot: 0, sum: initial * lookahead,
    // Frames [0, i) are written at the top of each step: told every WRITTEN_REPORT_FRAMES.
    nextReport: onWritten ? WRITTEN_REPORT_FRAMES : Infinity, onWritten,
  };
}

/** Idle: frames [from, to) copied scaled (no peak's hold reaches them), traced at gain 1. */
function copyIdle(pass: LimiterPass, from: number, to: number): void {
  const { inL, inR, outL, outR, inputGain } = pass;
  if (pass.write) {
    for (let j = from; j < to; j++) outL[j] = inL[j] * inputGain;
    if (pass.stereo) for (let j = from; j < to; j++) outR[j] = inR[j] * inputGain;
  }
  const { gainMin, gainMax, gainSquares } = pass.trace;
  for (let b = from >> TRACE_SHIFT; b <= (to - 1) >> TRACE_SHIFT; b++) {
    if (gainMin[b] > 1) gainMin[b] = 1;
    if (gainMax[b] < 1) gainMax[b] = 1;
    gainSquares[b] += Math.min(to, (b + 1) << TRACE_SHIFT) - Math.max(from, b << TRACE_SHIFT);
  }
}

/**
 * Active: frame by frame from `i` until the gain is back at exactly 1 with nothing held (or the
 * song ends); returns the frame after the last one written. The pass's state lives in locals here
 * (this is the per-sample loop) and is stored back at the end.
 */
function limitActive(pass: LimiterPass, i: number): number {
  const { length, inL, inR, outL, outR, write, stereo, inputGain, frames, needs, lookahead, inverseLookahead, releaseCoefficient, before, queue, ring } = pass;
  const { gainMin, gainMax, gainSquares } = pass.trace;
  const eventCount = frames.length;
  let { head, tail, next, gain, slot, sum, nextReport } = pass;
  let block = i >> TRACE_SHIFT;
  let low = gainMin[block];
  let high = gainMax[block];
  let squares = 0;
  for (; i < length; i++) {
    if (i >= nextReport) {
      reportWritten(pass, i);
      nextReport = pass.nextReport;
    }
    while (next < eventCount && frames[next] - before <= i) {
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
    let smooth: number;
    if (gain === 1 && head === tail && sum > lookahead - 1e-9) {
      // Recovered: reset exactly so that rounding cannot drift, and go back to copying.
      sum = lookahead;
      ring.fill(1);
      smooth = 1;
    } else {
      smooth = sum * inverseLookahead;
    }
    if ((i >> TRACE_SHIFT) !== block) {
      gainMin[block] = low;
      gainMax[block] = high;
      gainSquares[block] += squares;
      squares = 0;
      block = i >> TRACE_SHIFT;
      low = gainMin[block];
      high = gainMax[block];
    }
    if (smooth < low) low = smooth;
    if (smooth > high) high = smooth;
    squares += smooth * smooth;
    if (write) {
      const g = inputGain * smooth;
      outL[i] = inL[i] * g;
      if (stereo) outR[i] = inR[i] * g;
    }
    if (smooth === 1 && sum === lookahead) {
      i++;
      break;
    }
  }
  gainMin[block] = low;
  gainMax[block] = high;
  gainSquares[block] += squares;
  Object.assign(pass, { head, tail, next, gain, slot, sum });
  return i;
}
