import type { AudioData } from '../audio-buffer';
import type { Dbtp, Gain } from '../units';
import { gainToDb } from '../units';

/**
 * Largest sum of absolute tap values over the four phases of the BS.1770-4 Annex 2 interpolator
 * (phases 1 and 2). No oversampled value can exceed this times the largest input in its 12-sample
 * window, which lets quiet stretches be skipped without evaluating the filter.
 */
const FILTER_GAIN_BOUND = 2.0228271484375;
const TAPS = 12;
const BLOCK = 32;

/**
 * Largest |y| of the four interpolation phases over outputs n in [start, end) of channel `x`
 * (zero outside the channel). The 48 taps are written out so that V8 keeps the window in registers:
 * about four times faster than a loop over a coefficient table.
 */
function interpolatedPeak(x: Float32Array, start: number, end: number): number {
  const length = x.length;
  const at = (i: number): number => (i >= 0 && i < length ? x[i] : 0);
  let x1 = at(start - 1), x2 = at(start - 2), x3 = at(start - 3), x4 = at(start - 4), x5 = at(start - 5);
  let x6 = at(start - 6), x7 = at(start - 7), x8 = at(start - 8), x9 = at(start - 9), x10 = at(start - 10);
  let x11 = at(start - 11);
  let peak = 0;
  for (let n = start; n < end; n++) {
    const x0 = n < length ? x[n] : 0;
    const y0 = 0.001708984375 * x0 + 0.010986328125 * x1 - 0.0196533203125 * x2 + 0.033203125 * x3 - 0.0594482421875 * x4 + 0.1373291015625 * x5 + 0.97216796875 * x6 - 0.102294921875 * x7 + 0.047607421875 * x8 - 0.026611328125 * x9 + 0.014892578125 * x10 - 0.00830078125 * x11;
    const y1 = -0.0291748046875 * x0 + 0.029296875 * x1 - 0.0517578125 * x2 + 0.089111328125 * x3 - 0.16650390625 * x4 + 0.465087890625 * x5 + 0.77978515625 * x6 - 0.2003173828125 * x7 + 0.1015625 * x8 - 0.0582275390625 * x9 + 0.0330810546875 * x10 - 0.0189208984375 * x11;
    const y2 = -0.0189208984375 * x0 + 0.0330810546875 * x1 - 0.0582275390625 * x2 + 0.1015625 * x3 - 0.2003173828125 * x4 + 0.77978515625 * x5 + 0.465087890625 * x6 - 0.16650390625 * x7 + 0.089111328125 * x8 - 0.0517578125 * x9 + 0.029296875 * x10 - 0.0291748046875 * x11;
    const y3 = -0.00830078125 * x0 + 0.014892578125 * x1 - 0.026611328125 * x2 + 0.047607421875 * x3 - 0.102294921875 * x4 + 0.97216796875 * x5 + 0.1373291015625 * x6 - 0.0594482421875 * x7 + 0.033203125 * x8 - 0.0196533203125 * x9 + 0.010986328125 * x10 + 0.001708984375 * x11;
    // Comparisons rather than abs/max calls: this loop runs once per sample of the loudest stretches.
    if (y0 > peak) peak = y0; else if (-y0 > peak) peak = -y0;
    if (y1 > peak) peak = y1; else if (-y1 > peak) peak = -y1;
    if (y2 > peak) peak = y2; else if (-y2 > peak) peak = -y2;
    if (y3 > peak) peak = y3; else if (-y3 > peak) peak = -y3;
    x11 = x10; x10 = x9; x9 = x8; x8 = x7; x7 = x6; x6 = x5; x5 = x4; x4 = x3; x3 = x2; x2 = x1; x1 = x0;
  }
  return peak;
}

/** Linear true peak of one channel, at least `floor` (a peak already found elsewhere). */
function channelTruePeak(x: Float32Array, floor: number): number {
  const length = x.length;
  // Outputs run TAPS - 1 past the end so that the last samples' ringing is measured too.
  const outputs = length + TAPS - 1;
  const blocks = Math.ceil(outputs / BLOCK);
  const blockMax = new Float32Array(blocks);
  let peak = floor;
  for (let b = 0; b < blocks; b++) {
    let m = 0;
    const end = Math.min(length, (b + 1) * BLOCK);
    for (let i = b * BLOCK; i < end; i++) {
      const v = Math.abs(x[i]);
      if (v > m) m = v;
    }
    blockMax[b] = m;
    if (m > peak) peak = m;
  }
  const window = new Float32Array(blocks);
  for (let b = 0; b < blocks; b++) window[b] = b > 0 ? Math.max(blockMax[b], blockMax[b - 1]) : blockMax[b];
  // First the blocks around the loudest samples, where the true peak almost always is, so that the
  // running peak is near its final value before the scan and the bound prunes the most.
  const loudest = peak * 0.9;
  const done = new Uint8Array(blocks);
  for (let pass = 0; pass < 2; pass++) {
    // Consecutive blocks to evaluate are run as one stretch: the filter's start-up costs 11 loads.
    let runStart = -1;
    for (let b = 0; b <= blocks; b++) {
      // Outputs of block b read inputs from b*BLOCK - 11 to b*BLOCK + BLOCK - 1: blocks b - 1 and b.
      const needed = b < blocks && !done[b] && window[b] * FILTER_GAIN_BOUND > peak && (pass === 1 || window[b] >= loudest);
      if (needed) {
        done[b] = 1;
        if (runStart < 0) runStart = b;
        continue;
      }
      if (runStart < 0) continue;
      const m = interpolatedPeak(x, runStart * BLOCK, Math.min(outputs, b * BLOCK));
      if (m > peak) peak = m;
      runStart = -1;
    }
  }
  return peak;
}

/**
 * True peak as a linear gain: the larger of the sample peak and the peak of the signal oversampled 4x
 * with the interpolating filter of ITU-R BS.1770-4 Annex 2, over all channels.
 */
export function truePeakLinear(audio: AudioData): Gain {
  let peak = 0;
  for (const channel of audio.channels) peak = channelTruePeak(channel, peak);
  return peak;
}

/** True peak in dBTP per ITU-R BS.1770-4 Annex 2 (-Infinity for digital silence). */
export function truePeakDb(audio: AudioData): Dbtp {
  return gainToDb(truePeakLinear(audio));
}
