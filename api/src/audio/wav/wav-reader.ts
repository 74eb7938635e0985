import type { AudioData } from '../audio-buffer';
import type { Hertz, Seconds } from '../units';
import { ENGINE_SAMPLE_RATE } from '../units';
import { resampleChannels } from '../resample/sinc-resampler';
import { decodePcmSamples } from './pcm-sample-decoder';
import { WavFormatError, type WavWarning } from './wav-format-error';
import { parseWavLayout, type WavEncoding, type WavLayout } from './wav-layout-parser';

/** What a WAV file is, as read from its header (before any resampling or downmix). */
export interface WavInfo {
  readonly sampleRate: Hertz;
  readonly channels: number;
  /** Significant bits per sample: 8, 16, 24, 32 for PCM (or the valid bits of an extensible file); 32 or 64 for float. */
  readonly bitDepth: number;
  /** Sample format: integer PCM or IEEE float. */
  readonly format: WavEncoding;
  /** The fmt chunk's format tag: 1 PCM, 3 float, 0xFFFE WAVE_FORMAT_EXTENSIBLE. */
  readonly formatTag: number;
  /** Whole frames of audio the file actually holds. */
  readonly frames: number;
  readonly duration: Seconds;
  /** Repairs made or oddities seen; empty for a clean file. */
  readonly warnings: readonly WavWarning[];
}

/** A decoded WAV: always stereo at the engine's 44.1 kHz, with what the source was. */
export interface DecodedWav {
  readonly audio: AudioData;
  readonly info: WavInfo;
}

export interface DecodeWavOptions {
  /** Refuse files longer than this (before allocating anything for their samples). Default 15 minutes. */
  readonly maxDuration?: Seconds;
  /** Refuse any file that needs a repair (see WavInfo.warnings) instead of decoding it. Default false. */
  readonly strict?: boolean;
}

/** 15 minutes: far beyond any loop or stem, and it caps the decoded size at about 320 MB. */
export const DEFAULT_MAX_WAV_DURATION: Seconds = 15 * 60;

function infoOf(layout: WavLayout, warnings: readonly WavWarning[]): WavInfo {
  return {
    sampleRate: layout.sampleRate,
    channels: layout.channels,
    bitDepth: layout.bitDepth,
    format: layout.encoding,
    formatTag: layout.formatTag,
    frames: layout.frames,
    duration: layout.frames / layout.sampleRate,
    warnings,
  };
}

function checkStrict(warnings: readonly WavWarning[], strict: boolean | undefined): void {
  if (strict && warnings.length > 0) {
    throw new WavFormatError('strict', `The WAV file is malformed (${warnings.join(', ')}).`);
  }
}

/**
 * Validates a WAV file's header and returns what it holds without decoding a sample: cheap (it walks
 * the chunk headers only), so the upload service can tell a WAV from anything else by parsing it.
 * @throws WavFormatError when the bytes are not a WAV file the engine can decode.
 */
export function probeWav(bytes: Uint8Array, options: DecodeWavOptions = {}): WavInfo {
  return checkedLayout(bytes, options).info;
}

function checkedLayout(bytes: Uint8Array, options: DecodeWavOptions): { layout: WavLayout; info: WavInfo } {
  const layout = parseWavLayout(bytes);
  checkStrict(layout.warnings, options.strict);
  const info = infoOf(layout, layout.warnings);
  const maxDuration = options.maxDuration ?? DEFAULT_MAX_WAV_DURATION;
  if (info.duration > maxDuration) {
    throw new WavFormatError('too-long', `The WAV file is ${info.duration.toFixed(1)} s long; at most ${maxDuration} s are accepted.`);
  }
  return { layout, info };
}

/**
 * Decodes a WAV file (PCM 8/16/24/32-bit, float 32/64-bit, WAVE_FORMAT_EXTENSIBLE, any channel
 * count, 4-768 kHz) to the engine's format: stereo (mono duplicated, more channels folded down),
 * 44.1 kHz (band-limited resampling). Allocation is bounded by what the file really holds and by
 * `maxDuration`, never by what its header claims.
 * @throws WavFormatError for malformed, unsupported or over-long input (and, with `strict`, for any repair).
 */
export function decodeWav(bytes: Uint8Array, options: DecodeWavOptions = {}): DecodedWav {
  const { layout, info } = checkedLayout(bytes, options);
  const decoded = decodePcmSamples(bytes, layout);
  const warnings: WavWarning[] = [...layout.warnings];
  if (decoded.nonFinite > 0) warnings.push('non-finite-samples');
  if (decoded.clipped > 0) warnings.push('samples-clipped');
  checkStrict(warnings, options.strict);
  let channels = decoded.channels;
  if (layout.sampleRate !== ENGINE_SAMPLE_RATE) channels = resampleChannels(channels, layout.sampleRate, ENGINE_SAMPLE_RATE);
  if (channels.length === 1) channels = [channels[0], channels[0].slice()];
  return { audio: { sampleRate: ENGINE_SAMPLE_RATE, channels }, info: { ...info, warnings } };
}
