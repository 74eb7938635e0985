import { stereoDownmixGains } from './stereo-downmix';
import type { WavLayout } from './wav-layout-parser';

/** Planar samples at the file's own rate: one channel for mono files, two otherwise. */
export interface DecodedChannels {
  readonly channels: Float32Array[];
  /** NaN or infinite float samples, replaced by 0. */
  readonly nonFinite: number;
  /** Float samples beyond +-MAX_FLOAT_SAMPLE, clipped to it. */
  readonly clipped: number;
}

/**
 * Float files may legitimately exceed full scale, but not by 36 dB: beyond that a value is a
 * corrupt or hostile sample that would poison loudness and normalisation downstream.
 */
export const MAX_FLOAT_SAMPLE = 64;

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

type TypedArrayOf<T> = { new (buffer: ArrayBufferLike, byteOffset: number, length: number): T; BYTES_PER_ELEMENT: number };

/**
 * A typed view of `count` elements at `offset` in `bytes`, copying the bytes to a fresh (aligned)
 * buffer only when they do not sit on the element's alignment: a view costs nothing, and copying
 * runs at memory speed.
 */
function alignedView<T>(Type: TypedArrayOf<T>, bytes: Uint8Array, offset: number, count: number): T {
  const start = bytes.byteOffset + offset;
  if (start % Type.BYTES_PER_ELEMENT === 0) return new Type(bytes.buffer, start, count);
  const copy = bytes.slice(offset, offset + count * Type.BYTES_PER_ELEMENT);
  return new Type(copy.buffer, 0, count);
}

/** All samples as interleaved floats, one tight loop per encoding. */
function interleavedFloats(bytes: Uint8Array, layout: WavLayout, sanitize: { nonFinite: number; clipped: number }): Float32Array {
  const count = layout.frames * layout.channels;
  const at = layout.dataOffset;
  const out = new Float32Array(count);
  const width = layout.containerBytes;
  if (layout.encoding === 'float') {
    const source = width === 4
      ? (LITTLE_ENDIAN_HOST ? alignedView(Float32Array, bytes, at, count) : readFloats(bytes, at, count, 4))
      : (LITTLE_ENDIAN_HOST ? alignedView(Float64Array, bytes, at, count) : readFloats(bytes, at, count, 8));
    for (let k = 0; k < count; k++) {
      const v = source[k];
      if (v >= -MAX_FLOAT_SAMPLE && v <= MAX_FLOAT_SAMPLE) {
        out[k] = v;
      } else if (v > MAX_FLOAT_SAMPLE) {
        out[k] = v === Infinity ? 0 : MAX_FLOAT_SAMPLE;
        if (v === Infinity) sanitize.nonFinite++; else sanitize.clipped++;
      } else if (v < -MAX_FLOAT_SAMPLE) {
        out[k] = v === -Infinity ? 0 : -MAX_FLOAT_SAMPLE;
        if (v === -Infinity) sanitize.nonFinite++; else sanitize.clipped++;
      } else {
        out[k] = 0; // NaN fails every comparison
        sanitize.nonFinite++;
      }
    }
    return out;
  }
  if (width === 1) {
    for (let k = 0; k < count; k++) out[k] = (bytes[at + k] - 128) * (1 / 128);
  } else if (width === 2 && LITTLE_ENDIAN_HOST) {
    const source = alignedView(Int16Array, bytes, at, count);
    for (let k = 0; k < count; k++) out[k] = source[k] * (1 / 32768);
  } else if (width === 4 && LITTLE_ENDIAN_HOST) {
    const source = alignedView(Int32Array, bytes, at, count);
    for (let k = 0; k < count; k++) out[k] = source[k] * (1 / 2147483648);
  } else {
    // 24-bit, and every integer width on a big-endian host: assemble little-endian bytes by hand,
    // top byte sign-extended, scaled by the container's full scale.
    const scale = 1 / 2 ** (8 * width - 1);
    const shift = 32 - 8 * width;
    for (let k = 0, p = at; k < count; k++, p += width) {
      let v = bytes[p] | (bytes[p + 1] << 8);
      if (width >= 3) v |= bytes[p + 2] << 16;
      if (width === 4) v |= bytes[p + 3] << 24;
      out[k] = ((v << shift) >> shift) * scale;
    }
  }
  return out;
}

function readFloats(bytes: Uint8Array, at: number, count: number, width: 4 | 8): Float64Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, count * width);
  const out = new Float64Array(count);
  for (let k = 0; k < count; k++) out[k] = width === 4 ? view.getFloat32(k * 4, true) : view.getFloat64(k * 8, true);
  return out;
}

/** 16-bit stereo straight from an Int16Array view into two channels: the common case, one pass. */
function decode16Stereo(bytes: Uint8Array, layout: WavLayout): Float32Array[] {
  const frames = layout.frames;
  const source = alignedView(Int16Array, bytes, layout.dataOffset, frames * 2);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0, k = 0; i < frames; i++, k += 2) {
    left[i] = source[k] * (1 / 32768);
    right[i] = source[k + 1] * (1 / 32768);
  }
  return [left, right];
}

/** 24-bit stereo, bytes assembled in place into two channels, one pass. */
function decode24Stereo(bytes: Uint8Array, layout: WavLayout): Float32Array[] {
  const frames = layout.frames;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const scale = 1 / 2147483648;
  for (let i = 0, p = layout.dataOffset; i < frames; i++, p += 6) {
    left[i] = ((bytes[p] << 8) | (bytes[p + 1] << 16) | (bytes[p + 2] << 24)) * scale;
    right[i] = ((bytes[p + 3] << 8) | (bytes[p + 4] << 16) | (bytes[p + 5] << 24)) * scale;
  }
  return [left, right];
}

/**
 * Reads the samples `layout` locates into planar floats at the file's rate: mono stays one channel
 * (the caller duplicates it after resampling, which is then done once), stereo is deinterleaved,
 * more channels are folded to stereo by {@link stereoDownmixGains}. Integers map to -1..1 by their
 * container's full scale (-32768 -> -1), 8-bit PCM is unsigned as the format defines.
 */
export function decodePcmSamples(bytes: Uint8Array, layout: WavLayout): DecodedChannels {
  const { channels, frames, containerBytes, encoding } = layout;
  if (channels === 2 && encoding === 'pcm' && LITTLE_ENDIAN_HOST) {
    if (containerBytes === 2) return { channels: decode16Stereo(bytes, layout), nonFinite: 0, clipped: 0 };
    if (containerBytes === 3) return { channels: decode24Stereo(bytes, layout), nonFinite: 0, clipped: 0 };
  }
  const sanitize = { nonFinite: 0, clipped: 0 };
  const interleaved = interleavedFloats(bytes, layout, sanitize);
  if (channels === 1) return { channels: [interleaved], ...sanitize };
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  if (channels === 2) {
    for (let i = 0, k = 0; i < frames; i++, k += 2) {
      left[i] = interleaved[k];
      right[i] = interleaved[k + 1];
    }
    return { channels: [left, right], ...sanitize };
  }
  const gains = stereoDownmixGains(channels, layout.channelMask);
  for (let c = 0; c < channels; c++) {
    const gl = gains.left[c];
    const gr = gains.right[c];
    if (gl === 0 && gr === 0) continue;
    for (let i = 0, k = c; i < frames; i++, k += channels) {
      const v = interleaved[k];
      left[i] += gl * v;
      right[i] += gr * v;
    }
  }
  return { channels: [left, right], ...sanitize };
}
