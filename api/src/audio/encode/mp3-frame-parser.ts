/**
 * Reads the parts of MPEG-1 Layer III frames that chunk joining needs: where each frame lies,
 * where its main data may reach back to (the bit reservoir), and its block types. Only what LAME
 * emits for the engine (MPEG-1, 32/44.1/48 kHz) is supported; anything else is an error, not a guess.
 */

/** Samples per channel in one MPEG-1 Layer III frame. */
export const MP3_FRAME_SAMPLES = 1152;

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const SAMPLE_RATES = [44_100, 48_000, 32_000, 0];

export interface Mp3FrameHeader {
  readonly bitrateKbps: number;
  readonly sampleRate: number;
  readonly padding: boolean;
  /** True when a 16-bit CRC follows the header. */
  readonly crc: boolean;
  readonly channels: 1 | 2;
  /** Frame length in bytes, header included. */
  readonly size: number;
}

export interface Mp3Frame extends Mp3FrameHeader {
  /** Byte offset of the frame's header in the stream. */
  readonly offset: number;
  /** Byte offset of the first main-data byte inside this frame (after header, CRC, side info). */
  readonly payloadOffset: number;
  /** How many main-data bytes before this frame's payload its own main data starts (9-bit field). */
  readonly mainDataBegin: number;
  /** Block type of each granule and channel (0 long, 1 start, 2 short, 3 stop), granule-major. */
  readonly blockTypes: readonly number[];
}

/** Parses the 4-byte header at `offset`, or returns undefined when it is not an MPEG-1 Layer III header. */
export function parseMp3Header(bytes: Uint8Array, offset: number): Mp3FrameHeader | undefined {
  if (offset + 4 > bytes.length) return undefined;
  const b1 = bytes[offset + 1];
  const b2 = bytes[offset + 2];
  const b3 = bytes[offset + 3];
  // Sync (11 bits), MPEG-1 (11), Layer III (01).
  if (bytes[offset] !== 0xff || (b1 & 0xfe) !== 0xfa) return undefined;
  const bitrateKbps = BITRATES_KBPS[b2 >> 4];
  const sampleRate = SAMPLE_RATES[(b2 >> 2) & 3];
  if (!bitrateKbps || !sampleRate) return undefined;
  const padding = ((b2 >> 1) & 1) === 1;
  const size = Math.floor((144_000 * bitrateKbps) / sampleRate) + (padding ? 1 : 0);
  return { bitrateKbps, sampleRate, padding, crc: (b1 & 1) === 0, channels: b3 >> 6 === 3 ? 1 : 2, size };
}

/** Size in bytes of an MPEG-1 Layer III frame at the given bitrate, without the padding byte. */
export const mp3FrameSize = (bitrateKbps: number, sampleRate: number): number =>
  Math.floor((144_000 * bitrateKbps) / sampleRate);

/** Index of `bitrateKbps` in the MPEG-1 Layer III bitrate table (the header's 4-bit field). */
export function bitrateIndex(bitrateKbps: number): number {
  const index = BITRATES_KBPS.indexOf(bitrateKbps);
  if (index <= 0) throw new RangeError(`Not an MPEG-1 Layer III bitrate: ${bitrateKbps} kbps`);
  return index;
}

/** Reads big-endian bit fields from a byte array. */
class BitReader {
  private bit = 0;
  constructor(private readonly bytes: Uint8Array, private readonly start: number) {}

  read(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) {
      const byte = this.bytes[this.start + (this.bit >> 3)];
      value = (value << 1) | ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return value;
  }
}

function parseSideInfo(bytes: Uint8Array, start: number, channels: 1 | 2): { mainDataBegin: number; blockTypes: number[] } {
  const reader = new BitReader(bytes, start);
  const mainDataBegin = reader.read(9);
  reader.read(channels === 1 ? 5 : 3); // private bits
  reader.read(4 * channels); // scfsi
  const blockTypes: number[] = [];
  for (let granule = 0; granule < 2; granule++) {
    for (let channel = 0; channel < channels; channel++) {
      reader.read(12 + 9 + 8 + 4); // part2_3_length, big_values, global_gain, scalefac_compress
      const windowSwitching = reader.read(1);
      if (windowSwitching) {
        blockTypes.push(reader.read(2));
        reader.read(1 + 10 + 9); // mixed_block_flag, table_select x2, subblock_gain x3
      } else {
        blockTypes.push(0);
        reader.read(15 + 4 + 3); // table_select x3, region0_count, region1_count
      }
      reader.read(3); // preflag, scalefac_scale, count1table_select
    }
  }
  return { mainDataBegin, blockTypes };
}

/** Size of the side information of an MPEG-1 Layer III frame. */
export const sideInfoSize = (channels: 1 | 2): number => (channels === 1 ? 17 : 32);

/**
 * Splits an MP3 byte stream (no ID3 tag) into its frames. Throws if the stream loses sync, since
 * LAME's own output never does and a silent resync would hide a bug in the joiner.
 */
export function parseMp3Frames(bytes: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const header = parseMp3Header(bytes, offset);
    if (!header) throw new Error(`MP3 stream loses frame sync at byte ${offset}`);
    if (offset + header.size > bytes.length) throw new Error(`MP3 stream ends inside a frame at byte ${offset}`);
    const sideInfoStart = offset + 4 + (header.crc ? 2 : 0);
    const { mainDataBegin, blockTypes } = parseSideInfo(bytes, sideInfoStart, header.channels);
    frames.push({
      ...header, offset, payloadOffset: sideInfoStart + sideInfoSize(header.channels), mainDataBegin, blockTypes,
    });
    offset += header.size;
  }
  return frames;
}
