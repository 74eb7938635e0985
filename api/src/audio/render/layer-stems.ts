import type { AudioData } from '../audio-buffer';
import { dbToGain, ENGINE_SAMPLE_RATE, gainToDb, type Decibels, type Samples } from '../units';
import { wavHeader, writePcm24 } from '../wav/wav-writer';
import type { Arrangement } from './arrangement';
import type { PreparedLoop } from './loop-preparer';
import { addLayer, BLOCK, resolveArrangement, Sidechain, type ResolvedArrangement, type ResolvedLayer } from './layer-mixing';

// Global `Math` is slow through jest's sandbox: module-level bindings for the per-sample loops.
const { abs, max } = Math;

/**
 * Stems: each layer alone over the whole song, as it sounds in the mix (the 808 ducked under the
 * kick), at the master bus's gain, all trimmed together when the loudest would pass full scale. A
 * stem is rendered block by block, like the mix, and never held whole as floats: one pass finds its
 * peak (while the master bus runs elsewhere), and once the master's gain is known, a second pass
 * renders it again, scales it and writes its 24-bit WAV straight away. Rendering twice costs less
 * than writing and reading back a song-long float buffer per layer.
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

/** The largest absolute sample of the layer alone (before the master's gain). */
export function stemPeak(source: StemSource): number {
  let peak = 0;
  renderBlocks(source, (left, right, _start, length) => {
    for (let i = 0; i < length; i++) peak = max(peak, abs(left[i]), abs(right[i]));
  });
  return peak;
}

/** The gain of every stem: the master's, trimmed so that the loudest stem stays under full scale; and that trim in dB (0 or negative). */
export function stemsGain(peaks: readonly number[], masterGainDb: Decibels): { readonly gain: number; readonly trimDb: Decibels } {
  const masterGain = dbToGain(masterGainDb);
  const peak = peaks.reduce((a, b) => max(a, b), 0);
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
