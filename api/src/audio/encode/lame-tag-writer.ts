import { bitrateIndex, mp3FrameSize, sideInfoSize, MP3_FRAME_SAMPLES } from './mp3-frame-parser';

/**
 * LAME's encoder delay in samples at the start of the stream (what the LAME tag calls enc_delay).
 * Decoders add their own 529-sample decoder delay; together the first input sample comes out at
 * decoded sample 1105, which the encoder tests measure by cross-correlation.
 */
export const LAME_ENCODER_DELAY = 576;
/** mpg123's (and the MP3 standard's) decoder delay, added to LAME_ENCODER_DELAY by gapless players. */
export const MP3_DECODER_DELAY = 529;

/** CRC-16/ARC (polynomial 0x8005, reflected), the CRC LAME uses for the tag and the music data. */
const CRC16_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[n] = crc;
  }
  return table;
})();

/** CRC-16/ARC of `bytes[start, end)`, continuing from `crc`. */
export function crc16(bytes: Uint8Array, start = 0, end = bytes.length, crc = 0): number {
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ CRC16_TABLE[(crc ^ bytes[i]) & 0xff];
  return crc;
}

export interface LameTagInput {
  readonly sampleRate: number;
  readonly channels: 1 | 2;
  readonly bitrateKbps: number;
  /** Audio frames that follow the tag frame. */
  readonly audioFrames: number;
  /** Bytes of the audio frames that follow the tag frame. */
  readonly audioBytes: number;
  /** Samples per channel of the source, so that gapless decoders trim back to exactly this. */
  readonly sourceSamples: number;
  /** CRC-16 of the audio frames (LAME's "music CRC"). */
  readonly musicCrc: number;
  /** Largest absolute source sample (LAME's peak signal amplitude), 1.0 = full scale. */
  readonly peak: number;
}

/**
 * Builds the "Info" (CBR Xing) frame with a LAME extension carrying encoder delay and padding, so
 * that gapless decoders (mpg123, ffmpeg, browsers) return exactly the source's samples. LAME writes
 * this frame itself only when it owns the file; wasm-media-encoders streams without it, so the
 * engine writes it once the joined stream's length is known.
 */
export function buildLameInfoFrame(input: LameTagInput): Uint8Array {
  const size = mp3FrameSize(input.bitrateKbps, input.sampleRate);
  const frame = new Uint8Array(size);
  const view = new DataView(frame.buffer);
  const rateIndex = [44_100, 48_000, 32_000].indexOf(input.sampleRate);
  if (rateIndex < 0) throw new RangeError(`Not an MPEG-1 sample rate: ${input.sampleRate}`);
  // Header: MPEG-1 Layer III without CRC, no padding; joint stereo (mode 01) or mono (11).
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = (bitrateIndex(input.bitrateKbps) << 4) | (rateIndex << 2);
  frame[3] = input.channels === 1 ? 0xc4 : 0x44;

  const padding = (input.audioFrames * MP3_FRAME_SAMPLES) - input.sourceSamples - LAME_ENCODER_DELAY;
  if (padding < 0 || padding > 0xfff) throw new RangeError(`Encoder padding ${padding} does not fit the LAME tag`);

  let p = 4 + sideInfoSize(input.channels); // side info of the tag frame stays zero: it decodes as silence
  frame.set([0x49, 0x6e, 0x66, 0x6f], p); // "Info": the Xing tag of a constant-bitrate stream
  view.setUint32(p + 4, 0x0f); // frames, bytes, TOC and quality present
  view.setUint32(p + 8, input.audioFrames);
  view.setUint32(p + 12, input.audioBytes + size);
  // Seek table: for CBR, byte position grows linearly with time.
  for (let i = 0; i < 100; i++) frame[p + 16 + i] = Math.min(255, Math.floor((i * 256) / 100));
  view.setUint32(p + 116, 0); // quality indicator: unused for CBR
  p += 120;

  // LAME extension (LAME 3.90+ tag layout).
  const version = 'LAME3.100';
  for (let i = 0; i < version.length; i++) frame[p + i] = version.charCodeAt(i);
  frame[p + 9] = 0x01; // tag revision 0, VBR method 1 = constant bitrate
  frame[p + 10] = 0; // lowpass unknown
  view.setFloat32(p + 11, Math.min(input.peak, 1)); // peak amplitude, float32 big-endian
  // p+15..p+18: replay gain (not computed), p+19: encoding flags / ATH type
  frame[p + 20] = Math.min(255, input.bitrateKbps);
  frame[p + 21] = LAME_ENCODER_DELAY >> 4;
  frame[p + 22] = ((LAME_ENCODER_DELAY & 0xf) << 4) | (padding >> 8);
  frame[p + 23] = padding & 0xff;
  // Misc: source sample rate code (01 = 44.1 kHz, 10 = 48 kHz) and stereo mode (joint = 011).
  const rateCode = input.sampleRate === 44_100 ? 1 : input.sampleRate === 48_000 ? 2 : 0;
  frame[p + 24] = (rateCode << 6) | ((input.channels === 1 ? 0 : 3) << 2);
  view.setUint32(p + 28, input.audioBytes + size); // music length: tag frame through the last audio byte
  view.setUint16(p + 32, input.musicCrc);
  view.setUint16(p + 34, crc16(frame, 0, p + 34)); // tag CRC over the first 190 bytes of the frame
  return frame;
}
