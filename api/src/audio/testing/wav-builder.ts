export interface ChunkSpec {
  readonly id: string;
  readonly body: Uint8Array;
  /** The size written in the header, when it should lie; defaults to body.length. */
  readonly declaredSize?: number;
  /** Write the pad byte after an odd-sized body (default true, as RIFF requires). */
  readonly pad?: boolean;
}

export interface RiffOptions {
  readonly riffId?: string;
  readonly formType?: string;
  /** The RIFF size field, when it should lie; defaults to the true size. */
  readonly riffSize?: number;
}

const ascii = (out: Uint8Array, at: number, text: string): void => {
  for (let i = 0; i < 4; i++) out[at + i] = text.charCodeAt(i) & 0xff;
};

/** A RIFF file from its chunks, written in order. */
export function buildRiff(chunks: readonly ChunkSpec[], options: RiffOptions = {}): Uint8Array {
  const padded = (c: ChunkSpec) => c.body.length + ((c.pad ?? true) ? c.body.length & 1 : 0);
  const total = 12 + chunks.reduce((sum, c) => sum + 8 + padded(c), 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  ascii(out, 0, options.riffId ?? 'RIFF');
  view.setUint32(4, options.riffSize ?? total - 8, true);
  ascii(out, 8, options.formType ?? 'WAVE');
  let at = 12;
  for (const chunk of chunks) {
    ascii(out, at, chunk.id);
    view.setUint32(at + 4, chunk.declaredSize ?? chunk.body.length, true);
    out.set(chunk.body, at + 8);
    at += 8 + padded(chunk);
  }
  return out;
}

export interface FmtSpec {
  readonly formatTag?: number;
  readonly channels: number;
  readonly sampleRate: number;
  readonly bitsPerSample: number;
  readonly blockAlign?: number;
  readonly byteRate?: number;
  /** Adds the WAVE_FORMAT_EXTENSIBLE extension (and sets formatTag 0xFFFE unless given). */
  readonly extensible?: { readonly validBits?: number; readonly channelMask?: number; readonly subFormat: number };
}

/** The body of a fmt chunk: 16 bytes, or 40 with the extensible extension. */
export function fmtBody(spec: FmtSpec): Uint8Array {
  const out = new Uint8Array(spec.extensible ? 40 : 16);
  const view = new DataView(out.buffer);
  const blockAlign = spec.blockAlign ?? spec.channels * ((spec.bitsPerSample + 7) >> 3);
  view.setUint16(0, spec.formatTag ?? (spec.extensible ? 0xfffe : 1), true);
  view.setUint16(2, spec.channels, true);
  view.setUint32(4, spec.sampleRate, true);
  view.setUint32(8, spec.byteRate ?? (spec.sampleRate * blockAlign) >>> 0, true);
  view.setUint16(12, blockAlign, true);
  view.setUint16(14, spec.bitsPerSample, true);
  if (spec.extensible) {
    view.setUint16(16, 22, true);
    view.setUint16(18, spec.extensible.validBits ?? spec.bitsPerSample, true);
    view.setUint32(20, spec.extensible.channelMask ?? 0, true);
    view.setUint16(24, spec.extensible.subFormat, true);
    out.set([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71], 26);
  }
  return out;
}

export type SampleFormat = 'u8' | 'i16' | 'i24' | 'i32' | 'f32' | 'f64';

export const BYTES_PER_SAMPLE: Record<SampleFormat, number> = { u8: 1, i16: 2, i24: 3, i32: 4, f32: 4, f64: 8 };

/**
 * Interleaves planar channels (values in -1..1) into sample bytes. Integers are rounded from
 * x * 2^(bits-1) and clipped, the scale the reader divides by.
 */
export function sampleBytes(channels: readonly ArrayLike<number>[], format: SampleFormat): Uint8Array {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const width = BYTES_PER_SAMPLE[format];
  const out = new Uint8Array(frames * count * width);
  const view = new DataView(out.buffer);
  const clip = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < count; c++) {
      const x = channels[c][i];
      const at = (i * count + c) * width;
      if (format === 'u8') out[at] = clip(Math.round(x * 128) + 128, 0, 255);
      else if (format === 'i16') view.setInt16(at, clip(Math.round(x * 32768), -32768, 32767), true);
      else if (format === 'i24') {
        const v = clip(Math.round(x * 8388608), -8388608, 8388607);
        out[at] = v & 0xff;
        out[at + 1] = (v >> 8) & 0xff;
        out[at + 2] = (v >> 16) & 0xff;
      } else if (format === 'i32') view.setInt32(at, clip(Math.round(x * 2147483648), -2147483648, 2147483647), true);
      else if (format === 'f32') view.setFloat32(at, x, true);
      else view.setFloat64(at, x, true);
    }
  }
  return out;
}

export interface SimpleWavSpec {
  readonly channels: readonly ArrayLike<number>[];
  readonly sampleRate: number;
  readonly format: SampleFormat;
  /** Write WAVE_FORMAT_EXTENSIBLE with this channel mask (0 = unspecified). */
  readonly extensibleMask?: number;
  /** Chunks to put before fmt (e.g. LIST, JUNK), and after data. */
  readonly before?: readonly ChunkSpec[];
  readonly after?: readonly ChunkSpec[];
}

/** A well-formed WAV file of the given samples and format. */
export function buildWav(spec: SimpleWavSpec): Uint8Array {
  const bits = BYTES_PER_SAMPLE[spec.format] * 8;
  const float = spec.format === 'f32' || spec.format === 'f64';
  const fmt = fmtBody({
    formatTag: spec.extensibleMask === undefined ? (float ? 3 : 1) : 0xfffe,
    channels: spec.channels.length,
    sampleRate: spec.sampleRate,
    bitsPerSample: bits,
    extensible: spec.extensibleMask === undefined ? undefined : { channelMask: spec.extensibleMask, subFormat: float ? 3 : 1 },
  });
  return buildRiff([
    ...(spec.before ?? []),
    { id: 'fmt ', body: fmt },
    { id: 'data', body: sampleBytes(spec.channels, spec.format) },
    ...(spec.after ?? []),
  ]);
}
