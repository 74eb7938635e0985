import type { AudioData } from '../audio-buffer';
import { integratedLoudness } from '../analysis/loudness';
import { ENGINE_SAMPLE_RATE, type Lufs } from '../units';
import type { Arrangement, LayerRole } from './arrangement';
import { loopKey, warpKind } from './layer-timeline';
import { warpLoop, type WarpOptions } from '../warp/warp-loop';
import { onsetsFor, type SampleOnsets } from '../warp/sample-onsets';
import { drumOnsets } from '../warp/stretch-drums';
import { tonalAnchors } from '../warp/stretch-tonal';

/** A loop stretched and shifted for one beat, with the figures the mix needs, computed once. */
export interface PreparedLoop {
  /** Exactly `bars` bars long at the beat's tempo. */
  readonly audio: AudioData;
  /** Integrated loudness of the loop (BS.1770), for role-based level matching. */
  readonly loudness: Lufs;
  /** Largest absolute sample, for the sidechain's reference level. */
  readonly peak: number;
  /**
   * Frames (in this loop, sorted) where its attacks land after the warp: the sample's onsets that the
   * warp slices at (drums) or anchors on (tonal), moved to the beat's tempo. Fills and rolls slice here.
   */
  readonly hits?: readonly number[];
}

/** Where decoded samples come from: the catalogue's audio, decoded and at ENGINE_SAMPLE_RATE. */
export type SampleSource = (sampleId: string) => Promise<AudioData>;

/**
 * A stored sample's WAV file with the onsets the catalogue measured of it when it came in (from
 * these bytes, decoded as the worker decodes them); without them the worker detects them.
 */
export interface SampleFile {
  readonly file: Uint8Array;
  readonly onsets?: SampleOnsets;
}

/**
 * Where the render pool's samples come from: decoded audio, or the sample's WAV file as it is
 * stored (the worker that warps it decodes it, off the main thread; a file on a SharedArrayBuffer
 * reaches the worker without a copy), best with its stored onsets.
 */
export type PoolSampleSource = (sampleId: string) => Promise<AudioData | Uint8Array | SampleFile>;

/** The loop cache as the renderer uses it (the cache module's bytes-bounded LRU fits it). */
export interface PreparedLoopCache {
  getOrCreate(key: string, create: () => Promise<PreparedLoop>): Promise<PreparedLoop>;
}

/** Bytes a prepared loop holds, for a bytes-bounded cache. */
export const preparedLoopBytes = (loop: PreparedLoop): number =>
  loop.audio.channels.reduce((sum, channel) => sum + channel.byteLength, 0);

function peakOf(audio: AudioData): number {
  let peak = 0;
  for (const channel of audio.channels) for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i]));
  return peak;
}

/** How one loop is warped for a beat: the sample, and the warp's options. */
export interface LoopSpec {
  readonly sampleId: string;
  /** The role of the layer that plays it (a loop that several layers play keeps the first). */
  readonly role: LayerRole;
  readonly options: WarpOptions;
}

/** Warps and measures one decoded loop; stereo out, whatever the sample's channel count. */
export function prepareLoop(decoded: AudioData, options: WarpOptions, sampleId = 'sample'): PreparedLoop {
  if (decoded.sampleRate !== ENGINE_SAMPLE_RATE) {
    throw new Error(`Sample ${sampleId} is at ${decoded.sampleRate} Hz; the engine renders at ${ENGINE_SAMPLE_RATE} Hz`);
  }
  // The onsets the warp uses (given, or detected as the warp itself would: memoised, detected once).
  const onsets = options.onsets ?? onsetsFor(decoded, options.kind);
  const warped = warpLoop(decoded, { ...options, onsets });
  const audio = warped.channels.length === 1 ? { ...warped, channels: [warped.channels[0], warped.channels[0]] } : warped;
  // Input frame i lands at output frame i * out / in, exactly for the attacks the warp slices or anchors at.
  const inFrames = decoded.channels[0].length;
  const outFrames = audio.channels[0].length;
  const attacks = options.kind === 'drums' ? drumOnsets(decoded, onsets) : tonalAnchors(decoded, onsets);
  const hits = attacks.map((p) => Math.round((p * outFrames) / inFrames) % outFrames).sort((a, b) => a - b);
  return { audio, loudness: integratedLoudness(audio), peak: peakOf(audio), hits };
}

/**
 * Every loop the arrangement plays, by key, each once per distinct (sample, tempo, pitch, kind):
 * the key names the sample and its transform, so equal keys always mean equal audio.
 */
export function loopSpecs(arrangement: Arrangement): Map<string, LoopSpec> {
  const specs = new Map<string, LoopSpec>();
  for (const section of arrangement.sections) {
    for (const part of section.parts) {
      const layer = arrangement.layers.find((l) => l.id === part.layerId);
      if (!layer || part.transform.muted) continue;
      const kind = warpKind(layer);
      const key = loopKey(part.sample, part.transform, kind);
      if (specs.has(key)) continue;
      specs.set(key, {
        sampleId: part.sample.sampleId,
        role: layer.role,
        options: { kind, fromBpm: part.sample.sourceBpm, toBpm: part.transform.toBpm, bars: part.sample.bars, semitones: part.transform.semitones },
      });
    }
  }
  return specs;
}

/**
 * Prepares every loop the arrangement plays, each once, through the cache when one is given: a
 * re-render after an edit warps only what changed.
 */
export async function prepareLoops(
  arrangement: Arrangement,
  source: SampleSource,
  cache?: PreparedLoopCache,
): Promise<Map<string, PreparedLoop>> {
  const entries = await Promise.all(
    [...loopSpecs(arrangement)].map(async ([key, spec]) => {
      const create = async () => prepareLoop(await source(spec.sampleId), spec.options, spec.sampleId);
      return [key, await (cache ? cache.getOrCreate(key, create) : create())] as const;
    }),
  );
  return new Map(entries);
}
