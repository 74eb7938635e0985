import type { AudioData } from '../audio-buffer';
import type { Hertz, Lufs } from '../units';

/** Second-order section coefficients, normalised so that a0 = 1. */
interface Biquad {
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly a1: number;
  readonly a2: number;
}

/**
 * The two stages of the BS.1770 K-weighting filter for any sample rate. The standard tabulates
 * coefficients for 48 kHz only; these are the analogue prototypes libebur128 and ffmpeg derive them
 * from, bilinear-transformed to `sampleRate`, so they reproduce the 48 kHz table exactly and match
 * those meters at 44.1 kHz.
 */
export function kWeightingFilters(sampleRate: Hertz): { shelf: Biquad; highPass: Biquad } {
  let k = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  const vh = Math.pow(10, 3.999843853973347 / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  let q = 0.7071752369554196;
  let a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  k = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  q = 0.5003270373238773;
  a0 = 1 + k / q + k * k;
  const highPass = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return { shelf, highPass };
}

/**
 * Sum of squared K-weighted samples of one channel per 100 ms sub-block (`hop` samples; the last
 * one ends at `frames`), added into `energy`. Sub-blocks let the 400 ms gating blocks with 75% overlap be formed by adding four
 * neighbours instead of filtering every sample four times.
 */
function accumulateSubBlockEnergy(x: Float32Array, sampleRate: Hertz, hop: number, energy: Float64Array, frames = energy.length * hop): void {
  const { shelf, highPass } = kWeightingFilters(sampleRate);
  const { b0, b1, b2, a1, a2 } = shelf;
  const c1 = highPass.a1;
  const c2 = highPass.a2;
  // Direct form II for both stages; state in doubles so that long quiet passages do not drift.
  let s1 = 0;
  let s2 = 0;
  let h1 = 0;
  let h2 = 0;
  const blocks = energy.length;
  for (let block = 0; block < blocks; block++) {
    let sum = 0;
    const end = Math.min(frames, (block + 1) * hop);
    for (let i = block * hop; i < end; i++) {
      const u = x[i] - a1 * s1 - a2 * s2;
      const y = b0 * u + b1 * s1 + b2 * s2;
      s2 = s1;
      s1 = u;
      const w = y - c1 * h1 - c2 * h2;
      const z = w - 2 * h1 + h2;
      h2 = h1;
      h1 = w;
      sum += z * z;
    }
    energy[block] += sum;
  }
}

const ABSOLUTE_GATE: Lufs = -70;
const RELATIVE_GATE_LU = -10;

const toLufs = (meanSquare: number): Lufs => -0.691 + 10 * Math.log10(meanSquare);

/** Per-block loudness data of a signal: the mean square of each 400 ms gating block (75% overlap). */
export function gatingBlockEnergies(audio: AudioData): Float64Array {
  const hop = Math.round(audio.sampleRate * 0.1);
  const frames = audio.channels[0]?.length ?? 0;
  const subBlocks = hop > 0 ? Math.floor(frames / hop) : 0;
  if (subBlocks < 4) return new Float64Array(0);
  const energy = new Float64Array(subBlocks);
  // Channel weights are 1 for left, right (and centre); the engine never meters surround channels.
  for (const channel of audio.channels) accumulateSubBlockEnergy(channel, audio.sampleRate, hop, energy);
  const blocks = new Float64Array(subBlocks - 3);
  const scale = 1 / (4 * hop);
  for (let b = 0; b < blocks.length; b++) blocks[b] = (energy[b] + energy[b + 1] + energy[b + 2] + energy[b + 3]) * scale;
  return blocks;
}

/**
 * Integrated loudness per ITU-R BS.1770-4: K-weighting, 400 ms blocks every 100 ms, an absolute gate
 * at -70 LUFS and a relative gate 10 LU below the loudness of the blocks that passed it. Channel
 * energies are summed (weight 1 each), so a full-scale 1 kHz sine reads -3.01 LUFS on one channel of
 * a stereo buffer and 0.00 LUFS on both, as ffmpeg's ebur128 and EBU Tech 3341 read them. Mono input
 * is one channel, not dual mono. Returns -Infinity for audio shorter than one block or fully gated.
 */
export function integratedLoudness(audio: AudioData): Lufs {
  return gatedLoudness(gatingBlockEnergies(audio));
}

/** BS.1770's two gates over the mean squares of the 400 ms blocks, and the loudness of what passes. */
function gatedLoudness(blocks: Float64Array): Lufs {
  const absoluteThreshold = Math.pow(10, (ABSOLUTE_GATE + 0.691) / 10);
  let sum = 0;
  let count = 0;
  for (let b = 0; b < blocks.length; b++) {
    if (blocks[b] > absoluteThreshold) {
      sum += blocks[b];
      count++;
    }
  }
  if (count === 0) return -Infinity;
  const relativeThreshold = Math.pow(10, (toLufs(sum / count) + RELATIVE_GATE_LU + 0.691) / 10);
  let gatedSum = 0;
  let gatedCount = 0;
  for (let b = 0; b < blocks.length; b++) {
    if (blocks[b] > relativeThreshold && blocks[b] > absoluteThreshold) {
      gatedSum += blocks[b];
      gatedCount++;
    }
  }
  return gatedCount === 0 ? -Infinity : toLufs(gatedSum / gatedCount);
}

/**
 * The K-weighted power of a signal in short blocks of `blockFrames`: per block, the sum over its
 * frames and channels of the squared K-weighted samples. With {@link loudnessOfBlockPowers} it
 * gives the integrated loudness of the signal with a slowly varying gain applied (a limiter's),
 * without filtering it again: the filter of a gently scaled signal is the scaled filtered signal,
 * nearly (see the master bus).
 */
export function kWeightedBlockPowers(audio: AudioData, blockFrames: number): Float64Array {
  const frames = audio.channels[0]?.length ?? 0;
  const powers = new Float64Array(Math.ceil(frames / blockFrames));
  for (const channel of audio.channels) accumulateSubBlockEnergy(channel, audio.sampleRate, blockFrames, powers, frames);
  return powers;
}

/**
 * Integrated loudness (BS.1770-4 gating) from block powers ({@link kWeightedBlockPowers}), each
 * block scaled by `meanGainSquares[b]` (the mean of the squared gain over its frames) when given. A
 * block belongs to the 100 ms sub-block where it starts: blocks straddling a boundary move up to one
 * block's energy across it, which no gating block's loudness notices.
 */
export function loudnessOfBlockPowers(powers: Float64Array, blockFrames: number, frames: number, sampleRate: Hertz, meanGainSquares?: Float64Array): Lufs {
  const hop = Math.round(sampleRate * 0.1);
  const subBlocks = hop > 0 ? Math.floor(frames / hop) : 0;
  if (subBlocks < 4) return -Infinity;
  const energy = new Float64Array(subBlocks);
  for (let b = 0; b < powers.length; b++) {
    const sub = Math.floor((b * blockFrames) / hop);
    if (sub >= subBlocks) break;
    energy[sub] += meanGainSquares ? powers[b] * meanGainSquares[b] : powers[b];
  }
  const blocks = new Float64Array(subBlocks - 3);
  const scale = 1 / (4 * hop);
  for (let b = 0; b < blocks.length; b++) blocks[b] = (energy[b] + energy[b + 1] + energy[b + 2] + energy[b + 3]) * scale;
  return gatedLoudness(blocks);
}
