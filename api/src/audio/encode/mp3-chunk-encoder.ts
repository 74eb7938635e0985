import { createHash } from 'node:crypto';
import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import type { Samples } from '../units';
import { MP3_FRAME_SAMPLES } from './mp3-frame-parser';

export type Mp3Bitrate = 128 | 160 | 192 | 224 | 256 | 320;

export interface Mp3EncodeOptions {
  /** Constant bitrate in kbit/s; 192 by default. */
  readonly bitrateKbps?: Mp3Bitrate;
}

export const DEFAULT_MP3_BITRATE: Mp3Bitrate = 192;

/**
 * Frames a chunk encodes before its earliest join frame. The first frames of a fresh LAME stream
 * see the zero history of a cold start; after this many frames its psychoacoustic state and
 * filterbank match those of the encoder that ran through the same audio from earlier on.
 */
export const MP3_WARMUP_FRAMES = 8;
/** Frames in which a join may be placed: enough that a frame with compatible reservoir and block types occurs. */
export const MP3_JOIN_WINDOW_FRAMES = 24;
/** Frames the previous chunk encodes past its last possible join, so none of its kept frames sees its flush. */
export const MP3_TAIL_FRAMES = 4;
/** Chunks shorter than this (about 7 s) are not worth a join; fewer chunks are planned instead. */
const MIN_CHUNK_FRAMES = 300;

/** One piece of a chunked encode: which input samples it reads and where it may take over. */
export interface Mp3ChunkSpec {
  readonly index: number;
  /** First input sample fed to the encoder; a multiple of the frame length, so all chunks share one frame grid. */
  readonly inputStart: Samples;
  /** End (exclusive) of the input fed to the encoder. */
  readonly inputEnd: Samples;
  /** Global index (on the shared frame grid) of the chunk's first output frame: inputStart / 1152. */
  readonly firstFrame: number;
  /** Global frames [from, to) where this chunk may take over from the previous one; absent for chunk 0. */
  readonly joinWindow?: { readonly from: number; readonly to: number };
}

/** A chunk's raw LAME output: frames starting at global frame `firstFrame`, no tag. */
export interface EncodedMp3Chunk {
  readonly index: number;
  readonly firstFrame: number;
  readonly joinWindow?: Mp3ChunkSpec['joinWindow'];
  readonly bytes: Uint8Array;
}

/**
 * Plans how to split `totalSamples` into up to `parts` chunks that can be encoded independently
 * (on different cores) and joined without a gap: every chunk starts on the shared 1152-sample frame
 * grid, starts MP3_WARMUP_FRAMES before its join window, and its predecessor runs past that window.
 */
export function planMp3Chunks(totalSamples: Samples, parts: number): Mp3ChunkSpec[] {
  const totalFrames = Math.ceil(totalSamples / MP3_FRAME_SAMPLES);
  const count = Math.max(1, Math.min(Math.floor(parts), Math.floor(totalFrames / MIN_CHUNK_FRAMES)));
  const boundaries = Array.from({ length: count + 1 }, (_, k) => Math.round((k * totalFrames) / count));
  return Array.from({ length: count }, (_, k): Mp3ChunkSpec => {
    const firstFrame = k === 0 ? 0 : boundaries[k] - MP3_WARMUP_FRAMES;
    const isLast = k === count - 1;
    const endFrame = boundaries[k + 1] + MP3_JOIN_WINDOW_FRAMES + MP3_TAIL_FRAMES;
    return {
      index: k,
      inputStart: firstFrame * MP3_FRAME_SAMPLES,
      inputEnd: isLast ? totalSamples : Math.min(totalSamples, endFrame * MP3_FRAME_SAMPLES),
      firstFrame,
      joinWindow: k === 0 ? undefined : { from: boundaries[k], to: boundaries[k] + MP3_JOIN_WINDOW_FRAMES },
    };
  });
}

/**
 * Frames per chunk a long song is split into, whatever the number of cores: the chunks of a song
 * and of its edit then fall on the same frames, so the edit re-encodes only the chunks whose audio
 * changed (see mp3ChunkKey). About 13 s; each join costs some 36 frames encoded twice (7%).
 */
export const MP3_GRID_FRAMES = 512;

/**
 * Chunks for a song of `totalSamples`: no longer than the grid's, and a multiple of the workers, so
 * that they finish together (3 chunks on 2 workers would take two chunks' time for 1.5 chunks' work).
 */
export function mp3ChunkCount(totalSamples: Samples, workers: number): number {
  const perWorker = Math.ceil(Math.ceil(totalSamples / MP3_FRAME_SAMPLES / MP3_GRID_FRAMES) / workers);
  return Math.max(1, perWorker) * workers;
}

/**
 * Identifies a chunk's encoded bytes: LAME is deterministic, so the same input samples, range and
 * settings always encode to the same bytes, and a chunk whose key was seen before need not be
 * encoded again. SHA-1 of the samples (as stored, bit for bit) and of the plan.
 */
export function mp3ChunkKey(channels: readonly Float32Array[], sampleRate: number, spec: Mp3ChunkSpec, bitrateKbps: Mp3Bitrate): string {
  const used = channels.slice(0, channels.length === 1 ? 1 : 2);
  const hash = createHash('sha1');
  hash.update(JSON.stringify([sampleRate, used.length, bitrateKbps, spec.inputStart, spec.inputEnd, spec.firstFrame, spec.joinWindow ?? null]));
  for (const channel of used) {
    const from = channel.byteOffset + spec.inputStart * Float32Array.BYTES_PER_ELEMENT;
    hash.update(new Uint8Array(channel.buffer, from, (spec.inputEnd - spec.inputStart) * Float32Array.BYTES_PER_ELEMENT));
  }
  return hash.digest('base64');
}

let sharedEncoder: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;

/**
 * One LAME instance per thread, created on first use: instantiating compiles the WebAssembly
 * module, which costs far more than `configure()`, and `configure()` fully resets the encoder.
 */
function threadEncoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  sharedEncoder ??= createMp3Encoder();
  return sharedEncoder;
}

/** Creates this thread's encoder ahead of its first chunk; a failure shows at that chunk instead. */
export async function warmMp3Encoder(): Promise<void> {
  await threadEncoder().catch(() => undefined);
}

/** Input fed to LAME per call: large enough to amortise the call, small enough to keep its buffers small. */
const FEED_SAMPLES = MP3_FRAME_SAMPLES * 64;

/**
 * Encodes the chunk's input range of planar stereo (or mono) PCM to raw MP3 frames (no tag). The
 * channels may be views of a SharedArrayBuffer shared by several workers; they are only read.
 */
export async function encodeMp3Chunk(
  channels: readonly Float32Array[],
  sampleRate: number,
  spec: Mp3ChunkSpec,
  options: Mp3EncodeOptions = {},
): Promise<EncodedMp3Chunk> {
  const encoder = await threadEncoder();
  const channelCount = channels.length === 1 ? 1 : 2;
  encoder.configure({ sampleRate, channels: channelCount, bitrate: options.bitrateKbps ?? DEFAULT_MP3_BITRATE });
  const frames = Math.ceil((spec.inputEnd - spec.inputStart) / MP3_FRAME_SAMPLES) + 4;
  let out = new Uint8Array(Math.ceil(frames * (144_000 * 320) / sampleRate) + 4096);
  let length = 0;
  const append = (data: Uint8Array) => {
    if (length + data.length > out.length) {
      const grown = new Uint8Array((length + data.length) * 2);
      grown.set(out.subarray(0, length));
      out = grown;
    }
    out.set(data, length);
    length += data.length;
  };
  for (let start = spec.inputStart; start < spec.inputEnd; start += FEED_SAMPLES) {
    const end = Math.min(spec.inputEnd, start + FEED_SAMPLES);
    append(encoder.encode(channels.slice(0, channelCount).map((channel) => channel.subarray(start, end))));
  }
  append(encoder.finalize());
  return { index: spec.index, firstFrame: spec.firstFrame, joinWindow: spec.joinWindow, bytes: out.slice(0, length) };
}
