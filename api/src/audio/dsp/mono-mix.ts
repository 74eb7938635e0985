import type { AudioData } from '../audio-buffer';

/**
 * The average of all channels as one Float32Array (a copy even for mono input). Analysis that
 * does not care about the stereo image (onsets, tempo, key) works on this.
 */
export function mixToMono(audio: AudioData): Float32Array {
  const { channels } = audio;
  const frames = channels[0]?.length ?? 0;
  const mono = new Float32Array(frames);
  if (channels.length === 0) return mono;
  if (channels.length === 2) {
    const [left, right] = channels;
    for (let i = 0; i < frames; i++) mono[i] = 0.5 * (left[i] + right[i]);
    return mono;
  }
  mono.set(channels[0]);
  for (let c = 1; c < channels.length; c++) {
    const x = channels[c];
    for (let i = 0; i < frames; i++) mono[i] += x[i];
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < frames; i++) mono[i] *= scale;
  return mono;
}
