import type { AudioData } from '../audio-buffer';
import type { Lufs } from '../units';

/**
 * TEMPORARY stand-in for the analysis module's BS.1770-4 integrated loudness, so the master bus
 * can be built and tested before it lands. Delete when `analysis/` provides it.
 */
export function integratedLoudnessStandIn(audio: AudioData): Lufs {
  const fs = audio.sampleRate;
  let k = Math.tan((Math.PI * 1681.974450955533) / fs);
  const vh = Math.pow(10, 3.999843853973347 / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  let q = 0.7071752369554196;
  let a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / q + k * k) / a0, b1: (2 * (k * k - vh)) / a0, b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0,
  };
  k = Math.tan((Math.PI * 38.13547087602444) / fs);
  q = 0.5003270373238773;
  a0 = 1 + k / q + k * k;
  const hp = { a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  const step = Math.round(fs * 0.1);
  const length = audio.channels[0].length;
  const subBlocks = Math.floor(length / step);
  const energy = new Float64Array(subBlocks);
  for (const x of audio.channels) {
    let s1 = 0, s2 = 0, h1 = 0, h2 = 0;
    for (let b = 0; b < subBlocks; b++) {
      let sum = 0;
      for (let i = b * step; i < (b + 1) * step; i++) {
        const u = x[i] - shelf.a1 * s1 - shelf.a2 * s2;
        const y = shelf.b0 * u + shelf.b1 * s1 + shelf.b2 * s2;
        s2 = s1; s1 = u;
        const w = y - hp.a1 * h1 - hp.a2 * h2;
        const z = w - 2 * h1 + h2;
        h2 = h1; h1 = w;
        sum += z * z;
      }
      energy[b] += sum;
    }
  }
  const blocks: number[] = [];
  for (let b = 0; b + 4 <= subBlocks; b++) blocks.push((energy[b] + energy[b + 1] + energy[b + 2] + energy[b + 3]) / (4 * step));
  const lufs = (e: number) => -0.691 + 10 * Math.log10(e);
  const mean = (values: number[]) => values.reduce((a, v) => a + v, 0) / values.length;
  const absolute = blocks.filter((e) => lufs(e) > -70);
  if (absolute.length === 0) return -Infinity;
  const relative = lufs(mean(absolute)) - 10;
  return lufs(mean(absolute.filter((e) => lufs(e) > relative)));
}
