import { integratedLoudness, ROLE_LOUDNESS } from '../../../audio';
import type { AudioData, LayerRole } from '../../../audio';
import { noiseSource } from './synth-kit';

const { abs, max, min } = Math;

/** Highest sample peak of a stored loop (-2 dBFS: with the 16-bit dither, true peaks stay under -1 dBTP). */
const PEAK_CEILING = 0.79;
/** Amplitude of the noise floor (uniform; RMS about -105 dBFS, a third of a 16-bit step). */
const NOISE_FLOOR = 1e-5;

/**
 * Sets a loop's level as the engine sets an upload's in a mix: its integrated loudness (the
 * engine's BS.1770 meter) is brought to the loudness the mix gives its role (melody -20 LUFS,
 * kicks -20, hats -26, ...), so a demo loop enters every mix at the level the engine would give it
 * anyway, and stems of one composition keep their balance. A loop whose peak would pass -2 dBFS at
 * that loudness stops there (the mix raises it the rest of the way).
 *
 * Over it goes a noise floor at about -105 dBFS, far below hearing, like the hiss of any recording:
 * it keeps the 16-bit files free of digital silence, on which the BS.1770 meter runs ~18 times
 * slower (denormal numbers in its K-weighting filter), which every seeding and beat render would pay.
 */
export function levelLoop(audio: AudioData, role: LayerRole, seed: number): AudioData {
  let peak = 0;
  for (const ch of audio.channels) for (let i = 0; i < ch.length; i++) peak = max(peak, abs(ch[i]));
  const loudness = peak > 0 ? integratedLoudness(audio) : -Infinity;
  const toTarget = Number.isFinite(loudness) ? 10 ** ((ROLE_LOUDNESS[role] - loudness) / 20) : 1;
  const gain = peak > 0 ? min(toTarget, PEAK_CEILING / peak) : 1;
  audio.channels.forEach((ch, c) => {
    const floorNoise = noiseSource(seed * 2 + c);
    for (let i = 0; i < ch.length; i++) ch[i] = ch[i] * gain + floorNoise() * NOISE_FLOOR;
  });
  return audio;
}
