import { frameCount, type AudioData } from '../audio-buffer';
import type { Samples } from '../units';
import { buildLameInfoFrame, crc16 } from './lame-tag-writer';
import {
  DEFAULT_MP3_BITRATE, encodeMp3Chunk, planMp3Chunks, type EncodedMp3Chunk, type Mp3EncodeOptions,
} from './mp3-chunk-encoder';
import { joinMp3Chunks, type Mp3Join } from './mp3-chunk-joiner';

/** What the tag needs to know about the source besides the frames. */
export interface Mp3SourceInfo {
  readonly sampleRate: number;
  readonly channels: 1 | 2;
  readonly samples: Samples;
  /** Largest absolute sample, for the LAME tag's peak field. */
  readonly peak: number;
}

export interface EncodedMp3 {
  /** A complete MP3 file: LAME "Info" tag frame, then the audio frames. */
  readonly bytes: Uint8Array;
  /** Audio frames after the tag frame. */
  readonly frames: number;
  readonly joins: readonly Mp3Join[];
}

/** Largest absolute sample over all channels. */
export function samplePeak(channels: readonly Float32Array[]): number {
  let peak = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) {
      const v = Math.abs(channel[i]);
      if (v > peak) peak = v;
    }
  }
  return peak;
}

/**
 * Turns encoded chunks into a finished MP3 file: joins them gaplessly and puts a LAME Info tag in
 * front that tells decoders the encoder delay and padding, so they return exactly `source.samples`.
 */
export function assembleMp3(chunks: readonly EncodedMp3Chunk[], source: Mp3SourceInfo, options: Mp3EncodeOptions = {}): EncodedMp3 {
  const joined = joinMp3Chunks(chunks);
  const tag = buildLameInfoFrame({
    sampleRate: source.sampleRate,
    channels: source.channels,
    bitrateKbps: options.bitrateKbps ?? DEFAULT_MP3_BITRATE,
    audioFrames: joined.frameCount,
    audioBytes: joined.bytes.length,
    sourceSamples: source.samples,
    musicCrc: crc16(joined.bytes),
    peak: source.peak,
  });
  const bytes = new Uint8Array(tag.length + joined.bytes.length);
  bytes.set(tag);
  bytes.set(joined.bytes, tag.length);
  return { bytes, frames: joined.frameCount, joins: joined.joins };
}

/** What a caller must know about the source to encode it in chunks elsewhere (e.g. on other threads). */
export function mp3SourceInfo(audio: AudioData): Mp3SourceInfo {
  return {
    sampleRate: audio.sampleRate,
    channels: audio.channels.length === 1 ? 1 : 2,
    samples: frameCount(audio),
    peak: samplePeak(audio.channels),
  };
}

/**
 * Encodes audio to a constant-bitrate MP3 (192 kbps by default) with a gapless LAME tag, on the
 * calling thread. `parts` > 1 encodes it as that many independently encoded chunks joined at frame
 * boundaries, which is what the render pool does across cores; here it runs them one after another.
 */
export async function encodeMp3(audio: AudioData, options: Mp3EncodeOptions & { parts?: number } = {}): Promise<EncodedMp3> {
  const specs = planMp3Chunks(frameCount(audio), options.parts ?? 1);
  const chunks: EncodedMp3Chunk[] = [];
  for (const spec of specs) chunks.push(await encodeMp3Chunk(audio.channels, audio.sampleRate, spec, options));
  return assembleMp3(chunks, mp3SourceInfo(audio), options);
}
