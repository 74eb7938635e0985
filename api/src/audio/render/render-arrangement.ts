import { createAudio, type AudioData } from '../audio-buffer';
import { masterBus, type MasterBusOptions, type MasterReport } from '../master/master-bus';
import { dbToGain, ENGINE_SAMPLE_RATE, gainToDb, type Decibels, type Lufs, type Samples } from '../units';
import type { Arrangement, LayerRole } from './arrangement';
import { GAIN_RAMP_SECONDS, layerTimelines, sectionSpans, type LayerTimeline, type Segment, type SectionSpan } from './layer-timeline';
import { prepareLoops, type PreparedLoop, type PreparedLoopCache, type SampleSource } from './loop-preparer';
import { loopFrames } from '../warp/loop-length';

// Global `Math` is looked up through jest's sandbox on every use (over 100x slower there), so
// per-sample loops use module-level bindings.
const { PI, abs, cos, exp, max, min, round } = Math;

/**
 * Loudness each role's loop is brought to before the layer's own gain: drums and melody sit in a
 * typical trap balance (kick and 808 forward, hats and cymbals behind) whatever level the producer
 * delivered. The master bus sets the final level, so only the differences matter.
 */
export const ROLE_LOUDNESS: Readonly<Record<LayerRole, Lufs>> = {
  melody: -20, '808s': -19, Kicks: -20, Snares: -22, Claps: -23, Hihats: -26, 'Open Hats': -28, Percs: -27, Cymbals: -30, FX: -29,
};
/** Normalisation never boosts a loop by more than this (a near-silent FX loop would otherwise explode) nor cuts more. */
const MAX_NORMALISE_BOOST_DB = 12;
const MAX_NORMALISE_CUT_DB = 30;

/** Sidechain: 808s dip this far when the kick is at its loop's peak level. */
export const DUCK_DEPTH_DB: Decibels = 6;
const DUCK_ATTACK_SECONDS = 0.001;
const DUCK_RELEASE_SECONDS = 0.12;

/** Frames mixed per block: small enough for the per-layer scratch to stay in cache. */
const BLOCK = 4096;

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

interface ResolvedSegment extends Segment {
  readonly loop: PreparedLoop;
  readonly gain: number;
  readonly rampFrom?: number;
}

interface ResolvedLayer {
  readonly timeline: LayerTimeline;
  readonly segments: readonly ResolvedSegment[];
}

const raisedCosineIn = (i: number, length: number): number => 0.5 - 0.5 * cos((PI * (i + 0.5)) / length);
const raisedCosineOut = (i: number, length: number): number => 0.5 + 0.5 * cos((PI * (i + 0.5)) / length);

function normalisationDb(loop: PreparedLoop, role: LayerRole): Decibels {
  if (!Number.isFinite(loop.loudness)) return 0;
  return max(-MAX_NORMALISE_CUT_DB, min(MAX_NORMALISE_BOOST_DB, ROLE_LOUDNESS[role] - loop.loudness));
}

/** Gain of the segment at frame t, envelopes included. */
function envelopeAt(segment: ResolvedSegment, t: Samples, ramp: Samples): number {
  let gain = segment.gain;
  const into = t - segment.start;
  if (segment.rampFrom !== undefined && into < ramp) gain = segment.rampFrom + (segment.gain - segment.rampFrom) * raisedCosineIn(into, ramp);
  if (into < segment.fadeIn) gain *= raisedCosineIn(into, segment.fadeIn);
  if (t >= segment.end) gain *= raisedCosineOut(t - segment.end, segment.tail);
  else if (segment.endFade && t >= segment.end - segment.endFade) gain *= raisedCosineOut(t - (segment.end - segment.endFade), segment.endFade);
  return gain;
}

/**
 * Adds the segment's contribution to frames [from, to) of the song into `left`/`right`, whose
 * index 0 is song frame `blockStart`. Constant-gain stretches copy loop runs between wraps; only
 * the few frames under an envelope pay for the per-frame gain.
 */
function addSegment(
  segment: ResolvedSegment, blockStart: Samples, from: Samples, to: Samples, left: Float32Array, right: Float32Array, ramp: Samples,
): void {
  const [srcL, srcR] = segment.loop.audio.channels;
  const loopLength = srcL.length;
  const steadyFrom = max(from, segment.start + max(segment.fadeIn, segment.rampFrom !== undefined ? ramp : 0));
  const steadyTo = min(to, segment.end - segment.endFade);
  let t = from;
  for (; t < min(to, steadyFrom); t++) addFrame(t);
  if (steadyFrom < steadyTo) {
    const gain = segment.gain;
    let pos = (steadyFrom - segment.phaseOrigin) % loopLength;
    let out = steadyFrom - blockStart;
    let remaining = steadyTo - steadyFrom;
    while (remaining > 0) {
      const run = min(remaining, loopLength - pos);
      for (let i = 0; i < run; i++) {
        left[out + i] += srcL[pos + i] * gain;
        right[out + i] += srcR[pos + i] * gain;
      }
      out += run;
      remaining -= run;
      pos = 0;
    }
    t = steadyTo;
  }
  for (t = max(t, steadyFrom); t < to; t++) addFrame(t);

  function addFrame(frame: Samples): void {
    const gain = envelopeAt(segment, frame, ramp);
    const pos = (frame - segment.phaseOrigin) % loopLength;
    left[frame - blockStart] += srcL[pos] * gain;
    right[frame - blockStart] += srcR[pos] * gain;
  }
}

/** Adds a layer's segments that sound in [blockStart, blockEnd) to the block buffers. */
function addLayer(layer: ResolvedLayer, blockStart: Samples, blockEnd: Samples, left: Float32Array, right: Float32Array, ramp: Samples): void {
  for (const segment of layer.segments) {
    const from = max(blockStart, segment.start);
    const to = min(blockEnd, segment.end + segment.tail);
    if (from < to) addSegment(segment, blockStart, from, to, left, right, ramp);
  }
}

/** Sidechain state carried from block to block. */
class Ducker {
  private envelope = 0;
  private readonly attack: number;
  private readonly release: number;
  private readonly floor = dbToGain(-DUCK_DEPTH_DB);

  constructor(sampleRate: number) {
    this.attack = 1 - exp(-1 / (DUCK_ATTACK_SECONDS * sampleRate));
    this.release = 1 - exp(-1 / (DUCK_RELEASE_SECONDS * sampleRate));
  }

  /** Fills `gains` with the 808 gain for each frame of the kick block, normalised by the kick's reference level. */
  follow(kickL: Float32Array, kickR: Float32Array, length: number, reference: number, gains: Float32Array): void {
    let env = this.envelope;
    const depth = 1 - this.floor;
    const inverse = reference > 0 ? 1 / reference : 0;
    for (let i = 0; i < length; i++) {
      const level = max(abs(kickL[i]), abs(kickR[i]));
      env += (level - env) * (level > env ? this.attack : this.release);
      gains[i] = 1 - depth * min(1, env * inverse);
    }
    this.envelope = env;
  }
}

/** The sidechain reference: the loudest playing kick loop's peak at its gain. */
function kickReference(sources: readonly ResolvedLayer[], blockStart: Samples, blockEnd: Samples): number {
  let reference = 0;
  for (const layer of sources) {
    for (const segment of layer.segments) {
      if (segment.start < blockEnd && segment.end + segment.tail > blockStart) reference = max(reference, segment.loop.peak * segment.gain);
    }
  }
  return reference;
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
  const { mix, stems, sections, normalisationDb } = mixArrangement(arrangement, loops, { stems: options.stems, allocate });
  const frames = mix.channels[0].length;
  options.onMixed?.();
  const { audio: master, report } = masterBus(mix, {
    startGainDb: arrangement.master?.startGainDb,
    ceilingDbtp: DELIVERY_CEILING_DBTP,
    ...options.master,
    output: (options.allocateMaster ?? allocate)(frames, 2),
  });
  const stemsTrimDb = stems ? scaleStems(Object.values(stems), dbToGain(report.gainDb)) : undefined;
  return {
    master,
    stems: stems && Object.fromEntries(Object.entries(stems).map(([id, channels]) => [id, { sampleRate, channels }])),
    sections,
    masterReport: report,
    normalisationDb,
    stemsTrimDb,
  };
}

export interface MixedArrangement {
  /** The sum of the layers before the master bus; views of a per-thread buffer, valid until the next mix. */
  readonly mix: AudioData;
  /** Each layer alone, at its mix level, when asked for (not yet at the master's gain). */
  readonly stems?: Record<string, Float32Array[]>;
  readonly sections: readonly SectionSpan[];
  readonly normalisationDb: Readonly<Record<string, number>>;
}

/** The mix of an arrangement's layers (and each layer alone, if asked), before the master bus. */
export function mixArrangement(
  arrangement: Arrangement,
  loops: ReadonlyMap<string, PreparedLoop>,
  options: { readonly stems?: boolean; readonly allocate: (frames: Samples, channels: number) => Float32Array[] },
): MixedArrangement {
  const sampleRate = ENGINE_SAMPLE_RATE;
  const spans = sectionSpans(arrangement, sampleRate, loopFrames);
  const frames = spans.length ? spans[spans.length - 1].startFrame + spans[spans.length - 1].frames : 0;
  const ramp = round(GAIN_RAMP_SECONDS * sampleRate);
  const { allocate } = options;

  const normalisation: Record<string, number> = {};
  const layers: ResolvedLayer[] = layerTimelines(arrangement, spans, sampleRate).map((timeline) => ({
    timeline,
    segments: timeline.segments.map((segment) => {
      const loop = loops.get(segment.loopKey);
      if (!loop) throw new Error(`Loop ${segment.loopKey} was not prepared`);
      const normalise = normalisationDb(loop, timeline.layer.role);
      normalisation[`${timeline.layer.id} ${segment.loopKey}`] = normalise;
      return {
        ...segment,
        loop,
        gain: dbToGain(normalise + segment.gainDb),
        rampFrom: segment.rampFromDb === undefined ? undefined : dbToGain(normalise + segment.rampFromDb),
      };
    }),
  }));
  const sources = layers.filter((l) => l.timeline.layer.sidechain === 'source');
  const ducked = layers.filter((l) => l.timeline.layer.sidechain === 'ducked' && sources.length > 0);
  const plain = layers.filter((l) => !sources.includes(l) && !ducked.includes(l));

  const mix = mixBuffer(frames);
  // The stems follow the mix but never feed it: the master is the same bits with or without them.
  const duckTrace = options.stems && ducked.length > 0 ? new Float32Array(frames) : undefined;
  const kick = [new Float32Array(BLOCK), new Float32Array(BLOCK)];
  const scratch = [new Float32Array(BLOCK), new Float32Array(BLOCK)];
  const duckGains = new Float32Array(BLOCK);
  const ducker = new Ducker(sampleRate);

  for (let start = 0; start < frames; start += BLOCK) {
    const end = min(frames, start + BLOCK);
    const length = end - start;
    const mixL = mix[0].subarray(start, end);
    const mixR = mix[1].subarray(start, end);
    if (sources.length > 0) {
      const [kickL, kickR] = kick;
      kickL.fill(0, 0, length);
      kickR.fill(0, 0, length);
      for (const layer of sources) addLayer(layer, start, end, kickL, kickR, ramp);
      for (let i = 0; i < length; i++) {
        mixL[i] += kickL[i];
        mixR[i] += kickR[i];
      }
      ducker.follow(kickL, kickR, length, kickReference(sources, start, end), duckGains);
      duckTrace?.set(duckGains.subarray(0, length), start);
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

  const stems = options.stems ? renderStems(layers, ducked, duckTrace, frames, ramp, allocate) : undefined;
  return { mix: { sampleRate, channels: mix }, stems, sections: spans, normalisationDb: normalisation };
}

/** Each layer alone over the whole song, as it sounds in the mix (the 808 ducked under the kick). */
function renderStems(
  layers: readonly ResolvedLayer[], ducked: readonly ResolvedLayer[], duckTrace: Float32Array | undefined, frames: Samples, ramp: Samples,
  allocate: (frames: Samples, channels: number) => Float32Array[],
): Record<string, Float32Array[]> {
  const stems: Record<string, Float32Array[]> = {};
  for (const layer of layers) {
    const channels = allocate(frames, 2);
    const [left, right] = channels;
    left.fill(0);
    right.fill(0);
    addLayer(layer, 0, frames, left, right, ramp);
    if (duckTrace && ducked.includes(layer)) {
      for (let i = 0; i < frames; i++) {
        left[i] *= duckTrace[i];
        right[i] *= duckTrace[i];
      }
    }
    stems[layer.timeline.layer.id] = channels;
  }
  return stems;
}

/** Brings stems to the master's gain, trimmed together if the loudest would pass full scale; returns the trim in dB. */
function scaleStems(stems: readonly Float32Array[][], masterGain: number): Decibels {
  let peak = 0;
  for (const stem of stems) for (const channel of stem) for (let i = 0; i < channel.length; i++) peak = max(peak, abs(channel[i]));
  const trim = peak * masterGain > 0.999 ? 0.999 / (peak * masterGain) : 1;
  const gain = masterGain * trim;
  for (const stem of stems) for (const channel of stem) for (let i = 0; i < channel.length; i++) channel[i] *= gain;
  return gainToDb(trim);
}
