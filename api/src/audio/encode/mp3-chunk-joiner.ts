import type { EncodedMp3Chunk } from './mp3-chunk-encoder';
import { bitrateIndex, mp3FrameSize, parseMp3Frames, type Mp3Frame } from './mp3-frame-parser';

/** Where one chunk took over from the previous one, and what that cost. */
export interface Mp3Join {
  /** Global frame index of the first frame taken from the later chunk. */
  readonly frame: number;
  /** Bytes of bit reservoir the later chunk's first frame borrows from the frames before it. */
  readonly reservoirBytes: number;
  /** Bytes at the end of the earlier chunk's last kept frames that no kept frame uses. */
  readonly freeBytes: number;
  /** Set when the earlier chunk's last frame had to be re-headed at a higher bitrate to make room. */
  readonly widenedToKbps?: number;
}

export interface JoinedMp3 {
  /** Audio frames only, no tag. */
  readonly bytes: Uint8Array;
  readonly frameCount: number;
  readonly joins: readonly Mp3Join[];
}

interface ParsedChunk {
  readonly chunk: EncodedMp3Chunk;
  readonly frames: Mp3Frame[];
}

const WIDER_BITRATES = [224, 256, 320];

const frameAt = (parsed: ParsedChunk, globalFrame: number): Mp3Frame | undefined =>
  parsed.frames[globalFrame - parsed.chunk.firstFrame];

const sameBlockTypes = (a: Mp3Frame, b: Mp3Frame): boolean =>
  a.blockTypes.length === b.blockTypes.length && a.blockTypes.every((type, i) => type === b.blockTypes[i]);

/**
 * Picks the join frame J in the later chunk's window. Both encoders have seen the same audio for
 * several frames by then, so their spectra agree up to quantisation noise; what must also agree is
 * (1) the window shapes, or the decoder's overlap-add would not cancel the time-domain aliasing
 * between the earlier chunk's frame J-1 and the later chunk's frame J, and (2) the bit reservoir:
 * the later frame J's main data starts `mainDataBegin` bytes back, in bytes the earlier chunk used
 * for its own frames >= J (exactly its frame J's `mainDataBegin` bytes), which are free to overwrite.
 */
function chooseJoin(earlier: ParsedChunk, later: ParsedChunk): { frame: number; widenTo?: number } {
  const window = later.chunk.joinWindow;
  if (!window) throw new Error(`Chunk ${later.chunk.index} has no join window`);
  let fallback: { frame: number; shortfall: number } | undefined;
  for (let j = window.from; j < window.to; j++) {
    const a = frameAt(earlier, j);
    const before = frameAt(earlier, j - 1);
    const b = frameAt(later, j);
    if (!a || !before || !b || !frameAt(later, j - 1)) continue;
    if (!sameBlockTypes(a, b)) continue;
    const shortfall = b.mainDataBegin - a.mainDataBegin;
    if (shortfall <= 0) return { frame: j };
    if (!fallback || shortfall < fallback.shortfall) fallback = { frame: j, shortfall };
  }
  if (!fallback) throw new Error(`No frame with matching block types between chunks ${earlier.chunk.index} and ${later.chunk.index}`);
  // Rare: every candidate borrows more reservoir than is free. Give the earlier chunk's last kept
  // frame a higher bitrate; its extra bytes are unused by its own main data, so they hold the loan.
  const before = frameAt(earlier, fallback.frame - 1)!;
  const widenTo = WIDER_BITRATES.find(
    (kbps) => kbps > before.bitrateKbps && mp3FrameSize(kbps, before.sampleRate) - mp3FrameSize(before.bitrateKbps, before.sampleRate) >= fallback.shortfall,
  );
  if (!widenTo) throw new Error(`Reservoir shortfall of ${fallback.shortfall} bytes at frame ${fallback.frame} cannot be bridged`);
  return { frame: fallback.frame, widenTo };
}

/** Output frame: where it lies in the joined stream, and where its main-data region lies. */
interface PlacedFrame {
  readonly payloadStart: number;
  readonly end: number;
}

/** Walks back over main-data regions of frames before `index`, yielding [start, end) byte spans, nearest first. */
function* payloadSpansBefore(frames: readonly PlacedFrame[], index: number, count: number): Generator<[number, number]> {
  let remaining = count;
  for (let i = index - 1; i >= 0 && remaining > 0; i--) {
    const take = Math.min(remaining, frames[i].end - frames[i].payloadStart);
    yield [frames[i].end - take, frames[i].end];
    remaining -= take;
  }
  if (remaining > 0) throw new Error(`Bit reservoir reaches ${remaining} bytes before the stream start`);
}

/** The last `count` main-data bytes before frame `index`, in stream order. */
function readReservoir(bytes: Uint8Array, frames: readonly PlacedFrame[], index: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  let end = count;
  for (const [start, stop] of payloadSpansBefore(frames, index, count)) {
    out.set(bytes.subarray(start, stop), end - (stop - start));
    end -= stop - start;
  }
  return out;
}

function writeReservoir(bytes: Uint8Array, frames: readonly PlacedFrame[], index: number, data: Uint8Array): void {
  let end = data.length;
  for (const [start, stop] of payloadSpansBefore(frames, index, data.length)) {
    bytes.set(data.subarray(end - (stop - start), end), start);
    end -= stop - start;
  }
}

const placed = (frame: Mp3Frame, at: number): PlacedFrame => ({
  payloadStart: at + (frame.payloadOffset - frame.offset),
  end: at + frame.size,
});

/**
 * Joins independently encoded chunks (see planMp3Chunks) into one gapless frame sequence: chunk k
 * contributes its frames from its join frame up to the next chunk's join frame, and the bit-reservoir
 * bytes the first taken frame borrows are copied into the free tail of the frames before it.
 */
export function joinMp3Chunks(chunks: readonly EncodedMp3Chunk[]): JoinedMp3 {
  if (chunks.length === 0) throw new Error('No MP3 chunks to join');
  const parsed: ParsedChunk[] = [...chunks]
    .sort((a, b) => a.index - b.index)
    .map((chunk) => ({ chunk, frames: parseMp3Frames(chunk.bytes) }));

  const joins: { frame: number; widenTo?: number }[] = [];
  for (let k = 1; k < parsed.length; k++) joins.push(chooseJoin(parsed[k - 1], parsed[k]));

  // Which frames of which chunk are kept, and the output size.
  const ranges = parsed.map((p, k) => ({
    parsed: p,
    from: k === 0 ? p.chunk.firstFrame : joins[k - 1].frame,
    to: k === parsed.length - 1 ? p.chunk.firstFrame + p.frames.length : joins[k].frame,
  }));
  let total = 0;
  ranges.forEach((range, k) => {
    for (let g = range.from; g < range.to; g++) total += frameAt(range.parsed, g)!.size;
    const widenTo = joins[k]?.widenTo;
    if (widenTo) {
      const last = frameAt(range.parsed, range.to - 1)!;
      total += mp3FrameSize(widenTo, last.sampleRate) - mp3FrameSize(last.bitrateKbps, last.sampleRate);
    }
  });

  const bytes = new Uint8Array(total);
  const out: PlacedFrame[] = [];
  const report: Mp3Join[] = [];
  let at = 0;
  ranges.forEach((range, k) => {
    const source = range.parsed.chunk.bytes;
    if (k > 0) {
      // Copy the reservoir the first taken frame borrows from the later chunk's own earlier frames.
      const first = frameAt(range.parsed, range.from)!;
      const sourceFrames = range.parsed.frames.map((frame) => placed(frame, frame.offset));
      const loan = readReservoir(source, sourceFrames, range.from - range.parsed.chunk.firstFrame, first.mainDataBegin);
      writeReservoir(bytes, out, out.length, loan);
      const previous = ranges[k - 1].parsed;
      report.push({
        frame: range.from,
        reservoirBytes: first.mainDataBegin,
        freeBytes: frameAt(previous, range.from)!.mainDataBegin,
        widenedToKbps: joins[k - 1].widenTo,
      });
    }
    for (let g = range.from; g < range.to; g++) {
      const frame = frameAt(range.parsed, g)!;
      bytes.set(source.subarray(frame.offset, frame.offset + frame.size), at);
      let size = frame.size;
      const widenTo = g === range.to - 1 ? joins[k]?.widenTo : undefined;
      if (widenTo) {
        // The new bytes stay zero: ancillary data to this frame, reservoir space for the next.
        bytes[at + 2] = (bitrateIndex(widenTo) << 4) | (bytes[at + 2] & 0x0f);
        size += mp3FrameSize(widenTo, frame.sampleRate) - mp3FrameSize(frame.bitrateKbps, frame.sampleRate);
      }
      out.push(placed({ ...frame, size }, at));
      at += size;
    }
  });
  return { bytes, frameCount: out.length, joins: report };
}
