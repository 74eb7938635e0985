import type { AudioData } from '../audio-buffer';
import { gainToDb } from '../units';

/**
 * How far the sum of the stems is from the mix scaled by `gain`, in dB relative to the scaled mix's
 * energy (over all channels and frames): -60 means the difference is a thousandth of the mix's level.
 * Throws when a stem's length or channel count differs from the mix's.
 */
export function stemsSumErrorDb(stems: readonly AudioData[], mix: AudioData, gain: number): number {
  const frames = mix.channels[0].length;
  let signal = 0;
  let error = 0;
  for (let c = 0; c < mix.channels.length; c++) {
    const sum = new Float64Array(frames);
    for (const stem of stems) {
      const channel = stem.channels[c];
      if (!channel || channel.length !== frames) throw new Error(`A stem has ${channel?.length ?? 0} frames in channel ${c}; the mix has ${frames}`);
      for (let i = 0; i < frames; i++) sum[i] += channel[i];
    }
    const reference = mix.channels[c];
    for (let i = 0; i < frames; i++) {
      const expected = reference[i] * gain;
      signal += expected * expected;
      const diff = sum[i] - expected;
      error += diff * diff;
    }
  }
  return gainToDb(Math.sqrt(error / signal));
}
