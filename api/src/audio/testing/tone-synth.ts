import type { AudioData } from '../audio-buffer';
import type { Bpm, Decibels, Hertz, Samples, Seconds } from '../units';
import { dbToGain, ENGINE_SAMPLE_RATE } from '../units';
import { createRandom } from '../random/seeded-random';

/** Which channels of the stereo result carry the signal; the others are silent. */
export type ChannelPlacement = 'both' | 'left' | 'right';

export interface SineOptions {
  readonly frequency: Hertz;
  readonly seconds: Seconds;
  /** Peak level in dBFS (0 = full scale). */
  readonly peakDb?: Decibels;
  /** Start phase in radians. */
  readonly phase?: number;
  readonly channels?: ChannelPlacement;
  readonly sampleRate?: Hertz;
}

function place(signal: Float32Array, placement: ChannelPlacement, sampleRate: Hertz): AudioData {
  const silent = new Float32Array(signal.length);
  if (placement === 'left') return { sampleRate, channels: [signal, silent] };
  if (placement === 'right') return { sampleRate, channels: [silent, signal] };
  return { sampleRate, channels: [signal, signal.slice()] };
}

/** A stereo sine (on both channels unless `channels` says otherwise). */
export function sine(options: SineOptions): AudioData {
  const sampleRate = options.sampleRate ?? ENGINE_SAMPLE_RATE;
  const frames = Math.round(options.seconds * sampleRate);
  const amplitude = dbToGain(options.peakDb ?? 0);
  const phase = options.phase ?? 0;
  const step = (2 * Math.PI * options.frequency) / sampleRate;
  const signal = new Float32Array(frames);
  for (let i = 0; i < frames; i++) signal[i] = amplitude * Math.sin(phase + step * i);
  return place(signal, options.channels ?? 'both', sampleRate);
}

/** Concatenates buffers of the same rate and channel count (e.g. the level steps of a gating test). */
export function concatAudio(parts: readonly AudioData[]): AudioData {
  const sampleRate = parts[0]?.sampleRate ?? ENGINE_SAMPLE_RATE;
  const channelCount = parts[0]?.channels.length ?? 2;
  const total = parts.reduce((sum, part) => sum + (part.channels[0]?.length ?? 0), 0);
  const channels = Array.from({ length: channelCount }, () => new Float32Array(total));
  let at = 0;
  for (const part of parts) {
    for (let c = 0; c < channelCount; c++) channels[c].set(part.channels[c], at);
    at += part.channels[0]?.length ?? 0;
  }
  return { sampleRate, channels };
}

export interface NoiseOptions {
  readonly seconds: Seconds;
  /** RMS level in dBFS of each channel. */
  readonly rmsDb?: Decibels;
  readonly seed?: number;
  /** Independent noise per channel (true) or the same on both (false). */
  readonly decorrelated?: boolean;
  readonly sampleRate?: Hertz;
}

/** Seeded Gaussian white noise, stereo. */
export function noise(options: NoiseOptions): AudioData {
  const sampleRate = options.sampleRate ?? ENGINE_SAMPLE_RATE;
  const frames = Math.round(options.seconds * sampleRate);
  const random = createRandom(options.seed ?? 1);
  const rms = dbToGain(options.rmsDb ?? -20);
  const left = new Float32Array(frames);
  for (let i = 0; i < frames; i++) left[i] = rms * random.gaussian();
  if (options.decorrelated === false) return { sampleRate, channels: [left, left.slice()] };
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) right[i] = rms * random.gaussian();
  return { sampleRate, channels: [left, right] };
}

export interface ClickTrainOptions {
  readonly bpm: Bpm;
  readonly beats: number;
  /** Clicks per beat (1 = quarter notes, 4 = sixteenths). */
  readonly subdivision?: number;
  /** Peak of each click in dBFS. */
  readonly peakDb?: Decibels;
  /** Silence before the first click. */
  readonly offset?: Seconds;
  readonly sampleRate?: Hertz;
}

/**
 * Short decaying 2 kHz bursts on a metrical grid, starting exactly at known samples: the ground
 * truth for onset and tempo tests. Returns the audio and the sample index where each click starts.
 */
export function clickTrain(options: ClickTrainOptions): { audio: AudioData; positions: Samples[] } {
  const sampleRate = options.sampleRate ?? ENGINE_SAMPLE_RATE;
  const subdivision = options.subdivision ?? 1;
  const interval = (60 / options.bpm / subdivision) * sampleRate;
  const offset = Math.round((options.offset ?? 0) * sampleRate);
  const count = options.beats * subdivision;
  const frames = offset + Math.round(count * interval);
  const signal = new Float32Array(frames);
  const amplitude = dbToGain(options.peakDb ?? -6);
  const clickLength = Math.round(0.01 * sampleRate);
  const positions: Samples[] = [];
  for (let k = 0; k < count; k++) {
    const start = offset + Math.round(k * interval);
    positions.push(start);
    for (let i = 0; i < clickLength && start + i < frames; i++) {
      signal[start + i] += amplitude * (1 - i / clickLength) ** 2 * Math.sin((2 * Math.PI * 2000 * i) / sampleRate + Math.PI / 2);
    }
  }
  return { audio: place(signal, 'both', sampleRate), positions };
}
