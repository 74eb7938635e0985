import { createAudio, type AudioData } from '../audio-buffer';
import { dbToGain, type Decibels, type Dbtp, type Lufs } from '../units';
import { integratedLoudness, kWeightedBlockPowers, loudnessOfBlockPowers } from '../analysis/loudness';
import { truePeakDb } from '../analysis/true-peak';
import {
  DEFAULT_CEILING_DBTP,
  LIMITER_BLOCK,
  limiterGainSquares,
  limitTruePeak,
  type LimiterMemo,
  type LimiterReport,
  type TruePeakLimiterOptions,
} from './true-peak-limiter';

export interface MasterBusOptions extends TruePeakLimiterOptions {
  /** Integrated loudness the master is normalised to. */
  readonly targetLufs?: Lufs;
  /**
   * Gain of the first round. By default the gain that brings the mix to the target plus the
   * loudness the limiter usually takes away, so that one round is usually enough.
   */
  readonly startGainDb?: Decibels;
  /** Where the output goes (e.g. views of a SharedArrayBuffer); a new buffer when absent. Must not be the mix. */
  readonly output?: Float32Array[];
  /**
   * Called as the first limiter run writes the output (every 1.5 s of it, and at its end) with
   * how many of its first frames are written, so that their encoding can start while the rest is
   * limited and checked. The output stays as written unless the limiter trims it after its pass or
   * a check runs the limiter again (the gain search usually lands in one round); the report says so
   * (limiter.trimDb !== 0, or limiterRuns > 1).
   */
  readonly onWritten?: (frames: number) => void;
}

export interface MasterReport {
  /** Integrated loudness of the finished master, measured after limiting. */
  readonly integratedLufs: Lufs;
  /** Loudness of the mix before the bus. */
  readonly inputLufs: Lufs;
  /** Gain applied before the limiter. */
  readonly gainDb: Decibels;
  readonly ceilingDbtp: Dbtp;
  readonly limiter: LimiterReport;
  /** True peak of the finished master per BS.1770-4 (4x oversampled), as the product's meter reads it. */
  readonly truePeakDbtp: Dbtp;
  /** Gain, limit and measure rounds run. */
  readonly rounds: number;
  /** Loudness estimates (the limiter's gain alone, over the mix's K-weighted power) the gain was searched with. */
  readonly estimates: number;
  /** Limiter runs in all: the rounds, and the re-runs aiming lower where the BS.1770 meter read over the ceiling. */
  readonly limiterRuns: number;
}

export const DEFAULT_TARGET_LUFS: Lufs = -14;
/**
 * The bus stops once within this of the target. Well inside the 0.5 LU the product promises, so
 * that a second analysis (with another meter) still reads in tolerance.
 */
const LOUDNESS_TOLERANCE = 0.2;
const MAX_ROUNDS = 4;
/** The gain search on estimates stops once this close; the estimates read within 0.03 LU of the meter. */
const ESTIMATE_TOLERANCE = 0.1;
const MAX_ESTIMATES_PER_SEARCH = 6;
/** Slopes of loudness over gain below this are taken as this, so one step never runs away. */
const MIN_SLOPE = 0.25;
/**
 * Loudness the limiter typically takes from a mix normalised to the target, added to the first
 * round's gain. Measured over generated beats of the demo library: 0.1 to 0.7 LU, median 0.4.
 */
export const LIMITER_LOSS_ALLOWANCE_DB: Decibels = 0.4;

/**
 * The master bus: loudness normalisation to `targetLufs` (default -14 LUFS) into a true-peak limiter
 * (default ceiling -1 dBTP). Limiting takes some loudness away (up to 3.5 LU on the demo library's
 * beats), so the gain that lands on the target is searched for. Limiting and measuring the whole
 * song per step would cost a full pass and a K-weighting filter each; instead the mix is K-weighted
 * once, and a step runs the limiter's gain computation alone (no output) and sums the mix's
 * K-weighted power scaled by that gain. The limiter's gain moves slowly against the filter's memory,
 * so this estimate reads within 0.03 LU of the meter on the limited output (measured over 55 beats
 * of the demo library at three gains each: median 0.004). Then one real round: limit, measure, and
 * only if that misses the target by more than 0.2 LU, search again aiming off by the estimate's own
 * error there. With `startGainDb` (the gain of the beat an edit came from) the first real round
 * uses that gain as it is, so an edit that leaves the loudness alone renders the same samples.
 */
export function masterBus(mix: AudioData, options: MasterBusOptions = {}): { audio: AudioData; report: MasterReport } {
  const target = options.targetLufs ?? DEFAULT_TARGET_LUFS;
  const ceilingDbtp = options.ceilingDbtp ?? DEFAULT_CEILING_DBTP;
  const output = options.output ?? createAudio(mix.channels[0].length, mix.sampleRate, mix.channels.length).channels;
  if (output.some((channel) => mix.channels.includes(channel))) throw new Error('The master bus output must not be the mix');
  const audio: AudioData = { sampleRate: mix.sampleRate, channels: output };

  const frames = mix.channels[0].length;
  const powers = kWeightedBlockPowers(mix, LIMITER_BLOCK);
  const inputLufs = loudnessOfBlockPowers(powers, LIMITER_BLOCK, frames, mix.sampleRate);
  const memo: LimiterMemo = {};
  const limiterOptions = { ...options, ceilingDbtp };
  let estimates = 0;
  const estimate = (gainDb: Decibels): Lufs => {
    estimates++;
    return gainDb + loudnessOfBlockPowers(powers, LIMITER_BLOCK, frames, mix.sampleRate, limiterGainSquares(mix, dbToGain(gainDb), limiterOptions, memo));
  };
  /**
   * The gain whose estimated loudness is `aim`, from `gainDb` whose estimate is `lufs`. Where the
   * limiter works, loudness rises slower than the gain: after two steps, step by the slope they
   * showed (a secant step).
   */
  const search = (aim: Lufs, gainDb: Decibels, lufs: Lufs): Decibels => {
    let previous: { gainDb: Decibels; lufs: Lufs } | undefined;
    for (let step = 0; step < MAX_ESTIMATES_PER_SEARCH; step++) {
      const error = aim - lufs;
      if (!Number.isFinite(error) || Math.abs(error) <= ESTIMATE_TOLERANCE) break;
      let slope = 1;
      if (previous && gainDb !== previous.gainDb) slope = Math.min(1, Math.max(MIN_SLOPE, (lufs - previous.lufs) / (gainDb - previous.gainDb)));
      previous = { gainDb, lufs };
      gainDb += error / slope;
      lufs = estimate(gainDb);
    }
    return gainDb;
  };

  // The first round limits at the gain the estimates find (or at the start gain as it is). Silence
  // (or near silence) has no loudness to normalise; it passes through the limiter untouched.
  const firstGuess = target - inputLufs + LIMITER_LOSS_ALLOWANCE_DB;
  let gainDb = options.startGainDb ?? (Number.isFinite(inputLufs) ? search(target, firstGuess, estimate(firstGuess)) : 0);
  let limiter: LimiterReport = { maxReductionDb: 0, limitedFrames: 0, trimDb: 0 };
  let integratedLufs = inputLufs;
  let rounds = 0;
  while (rounds < MAX_ROUNDS) {
    rounds++;
    limiter = limitTruePeak(mix, output, dbToGain(gainDb), limiterOptions, memo, rounds === 1 ? options.onWritten : undefined);
    integratedLufs = integratedLoudness(audio);
    const error = target - integratedLufs;
    if (!Number.isFinite(error) || Math.abs(error) <= LOUDNESS_TOLERANCE) break;
    // Missed: search on estimates, aiming off by the estimate's own error at this gain (which the round just measured).
    const estimated = gainDb + loudnessOfBlockPowers(powers, LIMITER_BLOCK, frames, mix.sampleRate, memo.gainSquares);
    gainDb = search(target - (estimated - integratedLufs), gainDb, estimated);
  }
  // The limiter detects peaks on its own 8x interpolation; the product's meter is BS.1770-4's 4x
  // interpolator, which reads dense high-frequency content (noise hats) up to a few tenths of a dB
  // higher. Where it reads over the ceiling, the limiter runs again aiming lower by the excess.
  let aim = ceilingDbtp;
  let truePeakDbtp = truePeakDb(audio);
  let limiterRuns = rounds;
  for (let check = 0; check < 3 && truePeakDbtp > ceilingDbtp; check++) {
    aim -= truePeakDbtp - ceilingDbtp + 0.02;
    // The same memo: the peak index of the mix was searched with headroom below the ceiling.
    limiter = limitTruePeak(mix, output, dbToGain(gainDb), { ...options, ceilingDbtp: aim }, memo);
    limiterRuns++;
    integratedLufs = integratedLoudness(audio);
    truePeakDbtp = truePeakDb(audio);
  }
  return { audio, report: { integratedLufs, inputLufs, gainDb, ceilingDbtp, truePeakDbtp, limiter, rounds, estimates, limiterRuns } };
}
