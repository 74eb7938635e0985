import type { Hertz } from '../units';
import { WavFormatError, type WavWarning } from './wav-format-error';

/** Sample encodings the decoder reads. */
export type WavEncoding = 'pcm' | 'float';

/** The `fmt ` chunk, validated, plus where the samples are. */
export interface WavLayout {
  readonly encoding: WavEncoding;
  /** The fmt chunk's format tag: 1 (PCM), 3 (IEEE float) or 0xFFFE (WAVE_FORMAT_EXTENSIBLE). */
  readonly formatTag: number;
  readonly channels: number;
  readonly sampleRate: Hertz;
  /** Significant bits per sample (the valid bits of an extensible file). */
  readonly bitDepth: number;
  /** Bytes each sample occupies in a frame (1, 2, 3, 4 or 8). */
  readonly containerBytes: number;
  /** Speaker positions (WAVE_FORMAT_EXTENSIBLE dwChannelMask), 0 when the file gives none. */
  readonly channelMask: number;
  readonly blockAlign: number;
  /** Byte offset of the first sample in the file. */
  readonly dataOffset: number;
  /** Whole frames present in the file (never more than the bytes hold, whatever the header says). */
  readonly frames: number;
  readonly warnings: readonly WavWarning[];
}

/** Accepted sample rates: anything a producer's DAW or a phone exports, nothing absurd. */
export const MIN_SAMPLE_RATE: Hertz = 4_000;
export const MAX_SAMPLE_RATE: Hertz = 768_000;
/** More channels than any real multichannel stem format uses. */
export const MAX_CHANNELS = 32;

const FORMAT_PCM = 0x0001;
const FORMAT_FLOAT = 0x0003;
const FORMAT_EXTENSIBLE = 0xfffe;
/** The 14 bytes that follow the format code in a KSDATAFORMAT_SUBTYPE_* GUID. */
const SUBTYPE_GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];

const KNOWN_FORMATS: Record<number, string> = {
  0x0002: 'Microsoft ADPCM', 0x0006: 'A-law', 0x0007: 'mu-law', 0x0011: 'IMA ADPCM', 0x0031: 'GSM 6.10',
  0x0050: 'MPEG audio', 0x0055: 'MP3', 0x00ff: 'AAC', 0x2000: 'AC-3',
};

const u16 = (b: Uint8Array, at: number): number => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number): number => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const fourCc = (b: Uint8Array, at: number): string => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

/** Chunk ids are four printable ASCII characters; anything else means we are not at a chunk header. */
function isChunkId(b: Uint8Array, at: number): boolean {
  if (at < 0 || at + 4 > b.length) return false;
  for (let i = at; i < at + 4; i++) if (b[i] < 0x20 || b[i] > 0x7e) return false;
  return true;
}

interface FmtChunk {
  readonly encoding: WavEncoding;
  readonly formatTag: number;
  readonly channels: number;
  readonly sampleRate: Hertz;
  readonly bitDepth: number;
  readonly containerBytes: number;
  readonly channelMask: number;
  readonly blockAlign: number;
  readonly warnings: WavWarning[];
}

function formatName(tag: number): string {
  return KNOWN_FORMATS[tag] ?? `format 0x${tag.toString(16).padStart(4, '0')}`;
}

/** Validates a fmt chunk body of `size` bytes at `at`. */
function parseFmt(b: Uint8Array, at: number, size: number): FmtChunk {
  if (size < 16) throw new WavFormatError('bad-fmt', `The WAV format chunk is ${size} bytes long; at least 16 are required.`);
  const formatTag = u16(b, at);
  const channels = u16(b, at + 2);
  const sampleRate = u32(b, at + 4);
  const byteRate = u32(b, at + 8);
  const declaredBlockAlign = u16(b, at + 12);
  const bitsPerSample = u16(b, at + 14);
  let code = formatTag;
  let validBits = bitsPerSample;
  let channelMask = 0;
  if (formatTag === FORMAT_EXTENSIBLE) {
    if (size < 40) throw new WavFormatError('bad-fmt', 'The WAV file says WAVE_FORMAT_EXTENSIBLE but its format chunk is too short to hold the extension.');
    validBits = u16(b, at + 18) || bitsPerSample;
    channelMask = u32(b, at + 20);
    code = u16(b, at + 24);
    for (let i = 0; i < SUBTYPE_GUID_TAIL.length; i++) {
      if (b[at + 26 + i] !== SUBTYPE_GUID_TAIL[i]) throw new WavFormatError('unsupported-encoding', 'The WAV file uses an unknown WAVE_FORMAT_EXTENSIBLE sub-format.');
    }
  }
  if (code !== FORMAT_PCM && code !== FORMAT_FLOAT) {
    throw new WavFormatError('unsupported-encoding', `The WAV file is encoded as ${formatName(code)}; only PCM and 32/64-bit float WAV files are supported.`);
  }
  if (channels === 0) throw new WavFormatError('no-channels', 'The WAV file declares zero channels.');
  if (channels > MAX_CHANNELS) throw new WavFormatError('too-many-channels', `The WAV file declares ${channels} channels; at most ${MAX_CHANNELS} are supported.`);
  if (sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
    throw new WavFormatError('bad-sample-rate', `The WAV file's sample rate of ${sampleRate} Hz is outside ${MIN_SAMPLE_RATE}-${MAX_SAMPLE_RATE} Hz.`);
  }
  const encoding: WavEncoding = code === FORMAT_FLOAT ? 'float' : 'pcm';
  const warnings: WavWarning[] = [];
  let containerBytes: number;
  if (encoding === 'float') {
    if (bitsPerSample !== 32 && bitsPerSample !== 64) throw new WavFormatError('bad-bit-depth', `A float WAV file must use 32 or 64 bits per sample, not ${bitsPerSample}.`);
    containerBytes = bitsPerSample / 8;
    validBits = bitsPerSample;
  } else {
    if (bitsPerSample < 1 || bitsPerSample > 32 || validBits > bitsPerSample) {
      throw new WavFormatError('bad-bit-depth', `The WAV file declares ${bitsPerSample} bits per sample (${validBits} valid); 8, 16, 24 and 32-bit PCM are supported.`);
    }
    containerBytes = (bitsPerSample + 7) >> 3;
    // Some writers store 24-bit samples in 32-bit slots without saying so except through the block
    // alignment: trust it when it names a wider whole-byte slot the samples fit in.
    const slot = declaredBlockAlign / channels;
    if (Number.isInteger(slot) && slot > containerBytes && slot <= 4) containerBytes = slot;
  }
  const blockAlign = channels * containerBytes;
  if (declaredBlockAlign !== blockAlign) warnings.push('block-align-corrected');
  if (byteRate !== blockAlign * sampleRate) warnings.push('byte-rate-mismatch');
  return { encoding, formatTag, channels, sampleRate, bitDepth: validBits, containerBytes, channelMask, blockAlign, warnings };
}

function sameBytes(b: Uint8Array, a: number, c: number, size: number): boolean {
  for (let i = 0; i < size; i++) if (b[a + i] !== b[c + i]) return false;
  return true;
}

/** Checks the RIFF/WAVE header; returns the warnings it gives (a RIFF size that is not the file's). */
function checkRiffHeader(bytes: Uint8Array): WavWarning[] {
  const length = bytes.length;
  if (length < 12) throw new WavFormatError('too-short', `The file is ${length} bytes long, too short to be a WAV file.`);
  const riff = fourCc(bytes, 0);
  if (riff === 'RIFX' || riff === 'RF64' || riff === 'BW64') {
    throw new WavFormatError('unsupported-container', `The file is a ${riff} container; only little-endian RIFF WAV files are supported.`);
  }
  if (riff !== 'RIFF') throw new WavFormatError('not-riff', 'The file is not a WAV file (no RIFF header).');
  if (fourCc(bytes, 8) !== 'WAVE') throw new WavFormatError('not-wave', 'The file is a RIFF file but not a WAVE file.');
  const warnings: WavWarning[] = [];
  if (u32(bytes, 4) + 8 !== length) warnings.push('riff-size-mismatch');
  return warnings;
}

/**
 * The walk over the RIFF chunks: the first format chunk and the first data chunk (its bytes, cut to
 * what the file holds), warnings pushed for what is sloppy but decodable.
 */
function findChunks(bytes: Uint8Array, warnings: WavWarning[]): { fmt?: FmtChunk; dataAt: number; dataBytes: number } {
  const length = bytes.length;
  let fmt: FmtChunk | undefined;
  let fmtAt = -1;
  let fmtSize = 0;
  let dataAt = -1;
  let dataBytes = 0;
  let pos = 12;
  // Each step advances at least 8 bytes, so the walk ends after at most length / 8 chunks.
  while (pos + 8 <= length) {
    if (!isChunkId(bytes, pos)) {
      if (fmt && dataAt >= 0) {
        warnings.push('trailing-garbage');
        break;
      }
      throw new WavFormatError('malformed-chunk', `The WAV file has a damaged chunk header at byte ${pos}.`);
    }
    const id = fourCc(bytes, pos);
    const size = u32(bytes, pos + 4);
    const body = pos + 8;
    const available = length - body;
    if (id === 'fmt ') {
      if (size > available) throw new WavFormatError('bad-fmt', 'The WAV format chunk runs past the end of the file.');
      if (!fmt) {
        fmt = parseFmt(bytes, body, size);
        fmtAt = body;
        fmtSize = size;
      } else if (size === fmtSize && sameBytes(bytes, fmtAt, body, size)) {
        warnings.push('duplicate-fmt');
      } else {
        throw new WavFormatError('conflicting-fmt', 'The WAV file has two format chunks that disagree.');
      }
    } else if (id === 'data') {
      if (dataAt >= 0) {
        warnings.push('multiple-data');
      } else {
        dataAt = body;
        dataBytes = size > available ? available : size;
        if (size > available) warnings.push('data-truncated');
      }
    }
    if (size > available) {
      // A chunk that claims more than the file holds ends the walk: nothing after it can be found.
      break;
    }
    let next = body + size + (size & 1);
    // Writers that forget the pad byte after an odd-sized chunk put the next header one byte early.
    if ((size & 1) === 1 && !isChunkId(bytes, next) && isChunkId(bytes, next - 1)) {
      next -= 1;
      warnings.push('missing-pad-byte');
    }
    pos = next;
  }
  return { fmt, dataAt, dataBytes };
}

/**
 * Walks the RIFF chunks of a WAV file and returns its validated format and where its samples are,
 * without touching the samples: O(number of chunks), no allocation proportional to the file.
 * Lenient where real files are sloppy (lying RIFF size, missing pad bytes, truncated data, repeated
 * identical fmt), strict where guessing would produce noise (conflicting fmt, unknown encodings).
 * @throws WavFormatError for anything it cannot decode.
 */
export function parseWavLayout(bytes: Uint8Array): WavLayout {
  const warnings = checkRiffHeader(bytes);
  const { fmt, dataAt, dataBytes } = findChunks(bytes, warnings);
  if (!fmt) throw new WavFormatError('missing-fmt', 'The WAV file has no format chunk.');
  if (dataAt < 0) throw new WavFormatError('missing-data', 'The WAV file has no audio data chunk.');
  const frames = Math.floor(dataBytes / fmt.blockAlign);
  if (frames * fmt.blockAlign !== dataBytes) warnings.push('partial-frame');
  if (frames === 0) throw new WavFormatError('no-audio', 'The WAV file contains no audio samples.');
  return {
    encoding: fmt.encoding,
    formatTag: fmt.formatTag,
    channels: fmt.channels,
    sampleRate: fmt.sampleRate,
    bitDepth: fmt.bitDepth,
    containerBytes: fmt.containerBytes,
    channelMask: fmt.channelMask,
    blockAlign: fmt.blockAlign,
    dataOffset: dataAt,
    frames,
    warnings: [...warnings, ...fmt.warnings],
  };
}
