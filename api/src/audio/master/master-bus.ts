import { createAudio, type AudioData } from '../audio-buffer';
import { dbToGain, type Decibels, type Dbtp, type Lufs } from '../units';
import { integratedLoudness } from '../analysis/loudness';
import { truePeakDb } from '../analysis/true-peak';
import { DEFAULT_CEILING_DBTP, limitTruePeak, type LimiterMemo, type LimiterReport, type TruePeakLimiterOptions } from './true-peak-limiter';

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
/** Slopes of loudness over gain below this are taken as this, so one step never runs away. */
const MIN_SLOPE = 0.25;
/**
 * Loudness the limiter typically takes from a mix normalised to the target, added to the first
 * round's gain. Measured over generated beats of the demo library: 0.1 to 0.7 LU, median 0.4.
 */
export const LIMITER_LOSS_ALLOWANCE_DB: Decibels = 0.4;

/**
 * The master bus: loudness normalisation to `targetLufs` (default -14 LUFS) into a true-peak limiter
 * (default ceiling -1 dBTP). Limiting takes some loudness away, so it measures, applies gain,
 * limits, re-measures, and corrects the gain until the limited master is within 0.2 LU (starting
 * from `startGainDb` when given, e.g. the gain of the beat an edit came from).
 */
export function masterBus(mix: AudioData, options: MasterBusOptions = {}): { audio: AudioData; report: MasterReport } {
  const target = options.targetLufs ?? DEFAULT_TARGET_LUFS;
  const ceilingDbtp = options.ceilingDbtp ?? DEFAULT_CEILING_DBTP;
  const output = options.output ?? createAudio(mix.channels[0].length, mix.sampleRate, mix.channels.length).channels;
  if (output.some((channel) => mix.channels.includes(channel))) throw new Error('The master bus output must not be the mix');
  const audio: AudioData = { sampleRate: mix.sampleRate, channels: output };

  const inputLufs = integratedLoudness(mix);
  // Silence (or near silence) has no loudness to normalise; it passes through the limiter untouched.
  let gainDb = options.startGainDb ?? (Number.isFinite(inputLufs) ? target - inputLufs + LIMITER_LOSS_ALLOWANCE_DB : 0);
  let limiter: LimiterReport = { maxReductionDb: 0, limitedFrames: 0, trimDb: 0 };
  let integratedLufs = inputLufs;
  let rounds = 0;
  const memo: LimiterMemo = {};
  let previous: { gainDb: Decibels; lufs: Lufs } | undefined;
  while (rounds < MAX_ROUNDS) {
    rounds++;
    limiter = limitTruePeak(mix, output, dbToGain(gainDb), { ...options, ceilingDbtp }, memo);
    integratedLufs = integratedLoudness(audio);
    const error = target - integratedLufs;
    if (!Number.isFinite(error) || Math.abs(error) <= LOUDNESS_TOLERANCE) break;
    // Where the limiter works, loudness rises slower than the gain: after two rounds, step by the
    // slope they showed (a secant step), which lands in tolerance where plain steps would creep.
    let slope = 1;
    if (previous && gainDb !== previous.gainDb) slope = Math.min(1, Math.max(MIN_SLOPE, (integratedLufs - previous.lufs) / (gainDb - previous.gainDb)));
    previous = { gainDb, lufs: integratedLufs };
    gainDb += error / slope;
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
  return { audio, report: { integratedLufs, inputLufs, gainDb, ceilingDbtp, truePeakDbtp, limiter, rounds, limiterRuns } };
}
