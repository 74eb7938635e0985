import { gainToDb } from '../units';

/** The 4x oversampling filter of ITU-R BS.1770-4 Annex 2, by phase: the meter that defines dBTP. */
const BS1770_PHASES = [
  [0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625,
    0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125],
  [-0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.16650390625, 0.465087890625,
    0.77978515625, -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375],
  [-0.0189208984375, 0.0330810546875, -0.0582275390625, 0.1015625, -0.2003173828125, 0.77978515625,
    0.465087890625, -0.16650390625, 0.089111328125, -0.0517578125, 0.029296875, -0.0291748046875],
  [-0.00830078125, 0.014892578125, -0.026611328125, 0.047607421875, -0.102294921875, 0.97216796875,
    0.1373291015625, -0.0594482421875, 0.033203125, -0.0196533203125, 0.010986328125, 0.001708984375],
];

/** True peak in dBTP as BS.1770-4 defines it (test oracle, independent of the limiter's detector). */
export function bs1770TruePeakDb(channels: readonly Float32Array[]): number {
  let peak = 0;
  for (const c of channels) {
    for (let n = 0; n < c.length; n++) {
      peak = Math.max(peak, Math.abs(c[n]));
      for (const taps of BS1770_PHASES) {
        let sum = 0;
        for (let k = 0; k < 12; k++) if (n - k >= 0) sum += taps[k] * c[n - k];
        peak = Math.max(peak, Math.abs(sum));
      }
    }
  }
  return gainToDb(peak);
}
