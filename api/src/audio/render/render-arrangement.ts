import { createAudio, type AudioData } from '../audio-buffer';
import { masterBus, type MasterBusOptions, type MasterReport } from '../master/master-bus';
import { ENGINE_SAMPLE_RATE, type Decibels, type Samples } from '../units';
import type { Arrangement } from './arrangement';
import type { SectionSpan } from './layer-timeline';
import { prepareLoops, type PreparedLoop, type PreparedLoopCache, type SampleSource } from './loop-preparer';
import { addLayer, BLOCK, resolveArrangement, Sidechain } from './layer-mixing';
import { stemAudio, stemPeakBounds, stemSource, stemsGain } from './layer-stems';

export { DUCK_DEPTH_DB, ROLE_LOUDNESS } from './layer-mixing';

export interface RenderContext {
  readonly loadSample: SampleSource;
  /** Prepared (warped, measured) loops, shared across renders; without it every render warps afresh. */
  readonly cache?: PreparedLoopCache;
}

export interface RenderOptions {
  /** Also return each layer on its own (for licences), at its mix level and the master's gain, without the limiter. */
  readonly stems?: boolean;
  /** Allocates output buffers, e.g. on a SharedArrayBuffer that several workers read. */
  readonly allocate?: (frames: Samples, channels: number) => Float32Array[];
  /** Allocates the master's buffers (e.g. reused ones; every frame is written); `allocate` when absent. */
  readonly allocateMaster?: (frames: Samples, channels: number) => Float32Array[];
  readonly master?: Omit<MasterBusOptions, 'output'>;
  /** Called when the layers are mixed, before the master bus runs. */
  readonly onMixed?: () => void;
}

export interface RenderedBeat {
  readonly master: AudioData;
  /** By layer id, when asked for. */
  readonly stems?: Readonly<Record<string, AudioData>>;
  readonly sections: readonly SectionSpan[];
  readonly masterReport: MasterReport;
  /** Gain each layer's loops got from loudness matching, by layer id and loop key (for the mix report). */
  readonly normalisationDb: Readonly<Record<string, number>>;
  /** Gain applied to all stems on top of the master's gain, to keep the loudest under full scale (0 or negative). */
  readonly stemsTrimDb?: Decibels;
}

/** Per-thread mix buffer, reused across renders: touching fresh memory costs 10x writing it (STACK-NOTES). */
let mixScratch: Float32Array[] = [];

function mixBuffer(frames: Samples): Float32Array[] {
  if ((mixScratch[0]?.length ?? 0) < frames) mixScratch = [new Float32Array(frames), new Float32Array(frames)];
  const channels = mixScratch.map((channel) => channel.subarray(0, frames));
  for (const channel of channels) channel.fill(0);
  return channels;
}

/**
 * Renders an arrangement: prepares (warps, measures) each loop once, tiles the loops over the
 * sections on exact frames, mixes the layers block by block with role-based level matching, click-
 * free joins and the 808 ducked under the kick, then runs the master bus (-14 LUFS, {@link DELIVERY_CEILING_DBTP}).
 */
export async function renderArrangement(arrangement: Arrangement, context: RenderContext, options: RenderOptions = {}): Promise<RenderedBeat> {
  const loops = await prepareLoops(arrangement, context.loadSample, context.cache);
  return renderPrepared(arrangement, loops, options);
}

/**
 * The true-peak ceiling a delivered beat's master aims for. Both files a listener gets must stay at or
 * under -1 dBTP, and the MP3 decodes higher than the master it was encoded from (lossy coding's
 * overshoot, measured on the quality test's 20 beats at 192 kbps: -1.0 dBTP masters decoded at up to
 * -0.51 dBTP; -1.7 dBTP masters at up to -1.07). Aiming at -2 keeps the decoded MP3 under -1 with
 * about 0.35 dB to spare; the limiter keeps the loudness at -14 LUFS either way.
 */
export const DELIVERY_CEILING_DBTP = -2;

/** Renders an arrangement whose loops are already prepared (by key, as {@link prepareLoops} returns them). */
export function renderPrepared(arrangement: Arrangement, loops: ReadonlyMap<string, PreparedLoop>, options: RenderOptions = {}): RenderedBeat {
  const sampleRate = ENGINE_SAMPLE_RATE;
  const allocate = options.allocate ?? ((length: Samples, count: number) => createAudio(length, sampleRate, count).channels);
  const { mix, sections, normalisationDb } = mixArrangement(arrangement, loops);
  const frames = mix.channels[0].length;
  options.onMixed?.();
  const { audio: master, report } = masterBus(mix, {
    startGainDb: arrangement.master?.startGainDb,
    ceilingDbtp: DELIVERY_CEILING_DBTP,
    ...options.master,
    output: (options.allocateMaster ?? allocate)(frames, 2),
  });
  let stems: Record<string, AudioData> | undefined;
  let stemsTrimDb: Decibels | undefined;
  if (options.stems) {
    // The stems never feed the mix: the master is the same bits with or without them.
    const sources = arrangement.layers.map((layer) => stemSource(arrangement, loops, layer.id));
    const { gain, trimDb } = stemsGain(stemPeakBounds(arrangement, loops), report.gainDb);
    stems = Object.fromEntries(sources.map((source) => [source.layer.timeline.layer.id, stemAudio(source, gain, allocate)]));
    stemsTrimDb = trimDb;
  }
  return { master, stems, sections, masterReport: report, normalisationDb, stemsTrimDb };
}

export interface MixedArrangement {
  /** The sum of the layers before the master bus; views of a per-thread buffer, valid until the next mix. */
  readonly mix: AudioData;
  readonly sections: readonly SectionSpan[];
  readonly normalisationDb: Readonly<Record<string, number>>;
}

/** The mix of an arrangement's layers before the master bus (see layer-stems.ts for each layer alone). */
export function mixArrangement(arrangement: Arrangement, loops: ReadonlyMap<string, PreparedLoop>): MixedArrangement {
  const resolved = resolveArrangement(arrangement, loops);
  const { frames, ramp, layers, sources, ducked } = resolved;
  const plain = layers.filter((l) => !sources.includes(l) && !ducked.includes(l));

  const mix = mixBuffer(frames);
  const sidechain = new Sidechain(resolved);
  const scratch = [new Float32Array(BLOCK), new Float32Array(BLOCK)];

  for (let start = 0; start < frames; start += BLOCK) {
    const end = Math.min(frames, start + BLOCK);
    const length = end - start;
    const mixL = mix[0].subarray(start, end);
    const mixR = mix[1].subarray(start, end);
    if (sources.length > 0) {
      sidechain.follow(start, end);
      const [kickL, kickR] = sidechain.kick;
      const duckGains = sidechain.gains;
      for (let i = 0; i < length; i++) {
        mixL[i] += kickL[i];
        mixR[i] += kickR[i];
      }
      const [left, right] = scratch;
      for (const layer of ducked) {
        left.fill(0, 0, length);
        right.fill(0, 0, length);
        addLayer(layer, start, end, left, right, ramp);
        for (let i = 0; i < length; i++) {
          mixL[i] += left[i] * duckGains[i];
          mixR[i] += right[i] * duckGains[i];
        }
      }
    }
    // Every other layer adds straight into the mix block, which stays in cache across the layers.
    for (const layer of plain) addLayer(layer, start, end, mixL, mixR, ramp);
  }
  return { mix: { sampleRate: ENGINE_SAMPLE_RATE, channels: mix }, sections: resolved.sections, normalisationDb: resolved.normalisationDb };
}
