import type { AudioData } from '../audio-buffer';

export interface WaveformPeaksOptions {
  /** Scale so that the loudest bucket is 1 (wavesurfer's `normalize`, done once on the server). Default false. */
  readonly normalize?: boolean;
  /** Decimal places kept, to keep the JSON small. Default 3. */
  readonly precision?: number;
}

/** More buckets than any waveform display has pixels. */
export const MAX_PEAK_BUCKETS = 100_000;

/**
 * Precomputed waveform for the player: the largest absolute sample of any channel in each of
 * `buckets` equal stretches of the audio, clipped to 0..1. wavesurfer.js draws it without decoding
 * the audio: `WaveSurfer.create({ peaks: [peaks], duration, ... })` (one array, drawn mirrored).
 */
export function waveformPeaks(audio: AudioData, buckets: number, options: WaveformPeaksOptions = {}): number[] {
  if (!Number.isInteger(buckets) || buckets < 1 || buckets > MAX_PEAK_BUCKETS) {
    throw new RangeError(`buckets must be an integer in 1..${MAX_PEAK_BUCKETS}, got ${buckets}`);
  }
  const frames = audio.channels[0]?.length ?? 0;
  const peaks = new Float64Array(buckets);
  if (frames > 0) {
    for (const channel of audio.channels) {
      for (let b = 0; b < buckets; b++) {
        const start = Math.floor((b * frames) / buckets);
        // A bucket narrower than a sample still shows the sample it falls on.
        const end = Math.max(start + 1, Math.floor(((b + 1) * frames) / buckets));
        let peak = peaks[b];
        for (let i = start; i < end; i++) {
          const v = channel[i] < 0 ? -channel[i] : channel[i];
          if (v > peak) peak = v;
        }
        peaks[b] = peak;
      }
    }
  }
  let scale = 1;
  if (options.normalize) {
    let loudest = 0;
    for (let b = 0; b < buckets; b++) if (peaks[b] > loudest) loudest = peaks[b];
    if (loudest > 0) scale = 1 / loudest;
  }
  const factor = 10 ** (options.precision ?? 3);
  const out: number[] = new Array<number>(buckets);
  for (let b = 0; b < buckets; b++) {
    const v = peaks[b] * scale;
    out[b] = Math.round((v > 1 ? 1 : v) * factor) / factor;
  }
  return out;
}
