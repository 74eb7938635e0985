import type { AudioData } from '../audio-buffer';
import { dbToGain, ENGINE_SAMPLE_RATE, gainToDb, type Decibels, type Samples } from '../units';
import { wavHeader, writePcm24 } from '../wav/wav-writer';
import type { Arrangement } from './arrangement';
import type { PreparedLoop } from './loop-preparer';
import { addLayer, BLOCK, resolveArrangement, Sidechain, type ResolvedArrangement, type ResolvedLayer } from './layer-mixing';

/**
 * Stems: each layer alone over the whole song, as it sounds in the mix (the 808 ducked under the
 * kick), at the master bus's gain, all trimmed together when the loudest could pass full scale. A
 * stem is rendered block by block, like the mix, and never held whole as floats: once the master's
 * gain is known, one pass renders it, scales it and writes its 24-bit WAV straight away. Whether a
 * stem could clip is known before rendering it, from its segments ({@link stemPeakBound}), so no
 * pass renders a stem only to find its peak.
 */
export interface StemSource {
  readonly resolved: ResolvedArrangement;
  readonly layer: ResolvedLayer;
}

/** The layer `layerId` of an arrangement, ready to be rendered alone. */
export function stemSource(arrangement: Arrangement, loops: ReadonlyMap<string, PreparedLoop>, layerId: string): StemSource {
  const resolved = resolveArrangement(arrangement, loops);
  const layer = resolved.layers.find((l) => l.timeline.layer.id === layerId);
  if (!layer) throw new Error(`The arrangement has no layer ${layerId}`);
  return { resolved, layer };
}

/**
 * Renders the layer alone, block by block from the song's start, and hands each block to `visit`
 * (views of scratch buffers, valid during the call). Each block holds exactly what the layer adds
 * to the same block of the mix, ducking included (the same primitives on the same blocks).
 */
function renderBlocks(source: StemSource, visit: (left: Float32Array, right: Float32Array, start: Samples, length: Samples) => void): void {
  const { resolved, layer } = source;
  const { frames, ramp } = resolved;
  const sidechain = resolved.ducked.includes(layer) ? new Sidechain(resolved) : undefined;
  const left = new Float32Array(BLOCK);
  const right = new Float32Array(BLOCK);
  for (let start = 0; start < frames; start += BLOCK) {
    const end = Math.min(frames, start + BLOCK);
    const length = end - start;
    left.fill(0, 0, length);
    right.fill(0, 0, length);
    addLayer(layer, start, end, left, right, ramp);
    if (sidechain) {
      sidechain.follow(start, end);
      const { gains } = sidechain;
      for (let i = 0; i < length; i++) {
        left[i] *= gains[i];
        right[i] *= gains[i];
      }
    }
    visit(left.subarray(0, length), right.subarray(0, length), start, length);
  }
}

/** The largest absolute sample of the layer alone (before the master's gain), found by rendering it. */
export function stemPeak(source: StemSource): number {
  let peak = 0;
  renderBlocks(source, (left, right, _start, length) => {
    for (let i = 0; i < length; i++) peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
  });
  return peak;
}

/**
 * A bound on {@link stemPeak} from the layer's segments alone, without rendering: at any frame the
 * layer is the sum of the segments sounding there, each at most its loop's peak times its largest
 * gain (fades only lower it, and the sidechain only ducks), so the bound is the largest such sum
 * over the song. A crossfade (a tail under the next segment's fade-in of the same length) is a
 * raised-cosine pair whose gains sum to 1, so it counts as the louder of the two, not their sum.
 * It is close to the peak (at or near a loop's own peak, which some frame of the song plays), except
 * for a ducked layer, whose true peak may sit up to the duck's depth lower; it is never below it.
 */
export function stemPeakBound(source: StemSource): number {
  const segments = source.layer.segments;
  const levels = segments.map((segment) => segment.loop.peak * Math.max(segment.gain, segment.rampFrom ?? 0));
  const edges: [frame: number, level: number][] = [];
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const crossfade = segment.tail > 0 && next !== undefined && next.start === segment.end && next.fadeIn === segment.tail;
    edges.push([segment.start, levels[i]], [segment.end, -levels[i]]);
    // Under a crossfade only the excess over the next segment's level counts.
    const tailLevel = crossfade ? Math.max(0, levels[i] - levels[i + 1]) : levels[i];
    if (segment.tail > 0 && tailLevel > 0) edges.push([segment.end, tailLevel], [segment.end + segment.tail, -tailLevel]);
  });
  // At one frame, ends before starts: what stops where another begins never sounds with it.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let sounding = 0;
  let bound = 0;
  for (const [, level] of edges) {
    sounding += level;
    bound = Math.max(bound, sounding);
  }
  // The render multiplies and adds in float32: its rounding may land a few ulps above the exact sum.
  return bound * FLOAT32_MARGIN;
}

/** 2^-16 of headroom for float32 rounding (about 0.0001 dB). */
const FLOAT32_MARGIN = 1 + 2 ** -16;

/** {@link stemPeakBound} of every layer, in arrangement order (the arrangement resolved once). */
export function stemPeakBounds(arrangement: Arrangement, loops: ReadonlyMap<string, PreparedLoop>): number[] {
  const resolved = resolveArrangement(arrangement, loops);
  return resolved.layers.map((layer) => stemPeakBound({ resolved, layer }));
}

/** The gain of every stem: the master's, trimmed so that the loudest stem stays under full scale; and that trim in dB (0 or negative). */
export function stemsGain(peaks: readonly number[], masterGainDb: Decibels): { readonly gain: number; readonly trimDb: Decibels } {
  const masterGain = dbToGain(masterGainDb);
  const peak = peaks.reduce((a, b) => Math.max(a, b), 0);
  const trim = peak * masterGain > 0.999 ? 0.999 / (peak * masterGain) : 1;
  return { gain: masterGain * trim, trimDb: gainToDb(trim) };
}

/** Scales a block in place as a Float32Array stores it (the stem's samples are float32 at every step). */
function scale(channel: Float32Array, gain: number): void {
  for (let i = 0; i < channel.length; i++) channel[i] *= gain;
}

/** The layer alone at `gain` as a 24-bit stereo WAV, rendered, scaled and written in one pass. */
export function stemWav(source: StemSource, gain: number): Uint8Array {
  const { frames } = source.resolved;
  const header = wavHeader(frames, 2, ENGINE_SAMPLE_RATE, 24);
  const dataBytes = frames * 6;
  const file = new Uint8Array(header.byteLength + dataBytes + (dataBytes & 1));
  file.set(header);
  renderBlocks(source, (left, right, start) => {
    scale(left, gain);
    scale(right, gain);
    // Blocks start on multiples of BLOCK frames: 4-byte aligned after the 44-byte header (the fast path).
    writePcm24([left, right], 0, left.length, file, header.byteLength + start * 6);
  });
  return file;
}

/** The layer alone at `gain` as float audio (for a render in one thread, and tests). */
export function stemAudio(source: StemSource, gain: number, allocate: (frames: Samples, channels: number) => Float32Array[]): AudioData {
  const channels = allocate(source.resolved.frames, 2);
  renderBlocks(source, (left, right, start) => {
    scale(left, gain);
    scale(right, gain);
    channels[0].set(left, start);
    channels[1].set(right, start);
  });
  return { sampleRate: ENGINE_SAMPLE_RATE, channels };
}
