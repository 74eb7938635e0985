import type { Hertz, Samples, Seconds } from './units';

/**
 * Planar, non-interleaved audio: one Float32Array per channel, all the same length, nominal
 * range -1..1. Engine code is stereo (2 channels) unless a function says otherwise.
 */
export interface AudioData {
  readonly sampleRate: Hertz;
  readonly channels: Float32Array[];
}

/** Number of sample frames in the buffer. */
export const frameCount = (audio: AudioData): Samples => audio.channels[0]?.length ?? 0;

export const durationOf = (audio: AudioData): Seconds => frameCount(audio) / audio.sampleRate;

/** A silent buffer of the given shape. */
export function createAudio(frames: Samples, sampleRate: Hertz, channelCount = 2): AudioData {
  const channels: Float32Array[] = [];
  for (let c = 0; c < channelCount; c++) channels.push(new Float32Array(frames));
  return { sampleRate, channels };
}
