import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

/** Compressing runs on libuv's thread pool, so the event loop only paints the rows. */
const deflateAsync = promisify(deflate);

/** The Open Graph picture's size: 1200 x 630 is what Facebook, LinkedIn and X show large. */
export const WAVEFORM_IMAGE = { width: 1200, height: 630, background: [0x1e, 0x1b, 0x4b], bar: [0xa5, 0xb4, 0xfc], barWidth: 6, barGap: 4, margin: 60 } as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Peaks (0..1) resampled to `bars` by taking each bar's loudest peak. */
export function barHeights(peaks: readonly number[], bars: number): number[] {
  if (!peaks.length) return Array<number>(bars).fill(0);
  const loudest = Math.max(...peaks.map(Math.abs), 1e-9);
  return Array.from({ length: bars }, (_, i) => {
    const from = Math.floor((i * peaks.length) / bars);
    const to = Math.max(from + 1, Math.floor(((i + 1) * peaks.length) / bars));
    let max = 0;
    for (let j = from; j < to && j < peaks.length; j++) max = Math.max(max, Math.abs(peaks[j]));
    return max / loudest;
  });
}

/**
 * A beat's waveform as a PNG (RGB, 1200 x 630): the player's light indigo bars on dark indigo, each
 * bar the loudest peak of its stretch, mirrored around the middle. Drawn from the stored peaks.
 */
export async function waveformPng(peaks: readonly number[]): Promise<Buffer> {
  const { width, height, background, bar, barWidth, barGap, margin } = WAVEFORM_IMAGE;
  const bars = Math.floor((width - 2 * margin + barGap) / (barWidth + barGap));
  const heights = barHeights(peaks, bars);
  const maxHalf = (height - 2 * margin) / 2;
  const middle = height / 2;
  const row = 1 + width * 3;
  // Every row starts as background (filter byte 0: none), then each bar paints its own pixels.
  const blank = Buffer.alloc(row);
  for (let x = 0; x < width; x++) blank.set(background, 1 + x * 3);
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) blank.copy(raw, y * row);
  const colour = Buffer.from(Array.from({ length: barWidth }, () => bar).flat());
  for (let index = 0; index < bars; index++) {
    // A silent stretch still shows a 2 px line, as the player does.
    const half = Math.max(1, heights[index] * maxHalf);
    const x = margin + index * (barWidth + barGap);
    for (let y = Math.max(0, Math.ceil(middle - half - 0.5)); y < Math.min(height, Math.floor(middle + half - 0.5) + 1); y++) colour.copy(raw, y * row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', await deflateAsync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
