import { dbToGain, ENGINE_SAMPLE_RATE, type Decibels, type Lufs, type Samples } from '../units';
import type { Arrangement, LayerRole } from './arrangement';
import { GAIN_RAMP_SECONDS, layerTimelines, sectionSpans, type LayerTimeline, type Segment, type SectionSpan } from './layer-timeline';
import type { PreparedLoop } from './loop-preparer';
import { rangeClip } from './range-clips';
import { loopFrames } from '../warp/loop-length';

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
export const BLOCK = 4096;

export interface ResolvedSegment extends Segment {
  readonly loop: PreparedLoop;
  readonly gain: number;
  readonly rampFrom?: number;
}

export interface ResolvedLayer {
  readonly timeline: LayerTimeline;
  readonly segments: readonly ResolvedSegment[];
}

const raisedCosineIn = (i: number, length: number): number => 0.5 - 0.5 * Math.cos((Math.PI * (i + 0.5)) / length);
const raisedCosineOut = (i: number, length: number): number => 0.5 + 0.5 * Math.cos((Math.PI * (i + 0.5)) / length);

function normalisationDb(loop: PreparedLoop, role: LayerRole): Decibels {
  if (!Number.isFinite(loop.loudness)) return 0;
  return Math.max(-MAX_NORMALISE_CUT_DB, Math.min(MAX_NORMALISE_BOOST_DB, ROLE_LOUDNESS[role] - loop.loudness));
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
  const steadyFrom = Math.max(from, segment.start + Math.max(segment.fadeIn, segment.rampFrom !== undefined ? ramp : 0));
  const steadyTo = Math.min(to, segment.end - segment.endFade);
  let t = from;
  for (; t < Math.min(to, steadyFrom); t++) addFrame(t);
  if (steadyFrom < steadyTo) {
    const gain = segment.gain;
    let pos = (steadyFrom - segment.phaseOrigin) % loopLength;
    let out = steadyFrom - blockStart;
    let remaining = steadyTo - steadyFrom;
    while (remaining > 0) {
      const run = Math.min(remaining, loopLength - pos);
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
  for (t = Math.max(t, steadyFrom); t < to; t++) addFrame(t);

  function addFrame(frame: Samples): void {
    const gain = envelopeAt(segment, frame, ramp);
    const pos = (frame - segment.phaseOrigin) % loopLength;
    left[frame - blockStart] += srcL[pos] * gain;
    right[frame - blockStart] += srcR[pos] * gain;
  }
}

/** Adds a layer's segments that sound in [blockStart, blockEnd) to the block buffers. */
export function addLayer(layer: ResolvedLayer, blockStart: Samples, blockEnd: Samples, left: Float32Array, right: Float32Array, ramp: Samples): void {
  for (const segment of layer.segments) {
    const from = Math.max(blockStart, segment.start);
    const to = Math.min(blockEnd, segment.end + segment.tail);
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
    this.attack = 1 - Math.exp(-1 / (DUCK_ATTACK_SECONDS * sampleRate));
    this.release = 1 - Math.exp(-1 / (DUCK_RELEASE_SECONDS * sampleRate));
  }

  /** Fills `gains` with the 808 gain for each frame of the kick block, normalised by the kick's reference level. */
  follow(kickL: Float32Array, kickR: Float32Array, length: number, reference: number, gains: Float32Array): void {
    let env = this.envelope;
    const depth = 1 - this.floor;
    const inverse = reference > 0 ? 1 / reference : 0;
    for (let i = 0; i < length; i++) {
      const level = Math.max(Math.abs(kickL[i]), Math.abs(kickR[i]));
      env += (level - env) * (level > env ? this.attack : this.release);
      gains[i] = 1 - depth * Math.min(1, env * inverse);
    }
    this.envelope = env;
  }
}

/** The sidechain reference: the loudest playing kick loop's peak at its gain. */
function kickReference(sources: readonly ResolvedLayer[], blockStart: Samples, blockEnd: Samples): number {
  let reference = 0;
  for (const layer of sources) {
    for (const segment of layer.segments) {
      if (segment.start < blockEnd && segment.end + segment.tail > blockStart) reference = Math.max(reference, segment.loop.peak * segment.gain);
    }
  }
  return reference;
}

/** An arrangement's layers resolved against its prepared loops, in arrangement order, and how they feed the sidechain. */
export interface ResolvedArrangement {
  readonly sections: readonly SectionSpan[];
  readonly frames: Samples;
  /** Frames of a gain ramp (GAIN_RAMP_SECONDS). */
  readonly ramp: Samples;
  readonly layers: readonly ResolvedLayer[];
  /** Layers whose level drives the sidechain (the kick). */
  readonly sources: readonly ResolvedLayer[];
  /** Layers ducked under the sources (the 808), when there are sources. */
  readonly ducked: readonly ResolvedLayer[];
  /** Gain each layer's loops got from loudness matching, by layer id and loop key. */
  readonly normalisationDb: Readonly<Record<string, number>>;
}

/** Resolves each layer's segments to their loops and gains (loudness matching included). */
export function resolveArrangement(arrangement: Arrangement, loops: ReadonlyMap<string, PreparedLoop>): ResolvedArrangement {
  const sampleRate = ENGINE_SAMPLE_RATE;
  const sections = sectionSpans(arrangement, sampleRate, loopFrames);
  const frames = sections.length ? sections[sections.length - 1].startFrame + sections[sections.length - 1].frames : 0;
  const normalisation: Record<string, number> = {};
  const layers: ResolvedLayer[] = layerTimelines(arrangement, sections, sampleRate).map((timeline) => ({
    timeline,
    segments: timeline.segments.map((segment) => {
      const base = loops.get(segment.clip ? segment.clip.baseKey : segment.loopKey);
      if (!base) throw new Error(`Loop ${segment.clip ? segment.clip.baseKey : segment.loopKey} was not prepared`);
      // A range's clip is levelled as its loop is (the loop's loudness, not the clip's).
      const normalise = normalisationDb(base, timeline.layer.role);
      const loop = segment.clip ? clipOf(loops, segment, sampleRate) : base;
      if (!segment.clip) normalisation[`${timeline.layer.id} ${segment.loopKey}`] = normalise;
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
  return { sections, frames, ramp: Math.round(GAIN_RAMP_SECONDS * sampleRate), layers, sources, ducked, normalisationDb: normalisation };
}

/** Clips made for an arrangement's ranges, by the loops they came from: a mix and its stems share them. */
const clipCache = new WeakMap<ReadonlyMap<string, PreparedLoop>, Map<string, PreparedLoop>>();

function clipOf(loops: ReadonlyMap<string, PreparedLoop>, segment: Segment, sampleRate: number): PreparedLoop {
  let clips = clipCache.get(loops);
  if (!clips) clipCache.set(loops, (clips = new Map<string, PreparedLoop>()));
  const key = `${segment.loopKey}|${segment.end - segment.start}|${segment.tail}`;
  let clip = clips.get(key);
  if (!clip) clips.set(key, (clip = rangeClip(loops.get(segment.clip!.baseKey)!, segment.clip!, segment.start, segment.end - segment.start, segment.tail, sampleRate)));
  return clip;
}

/**
 * The sidechain, block by block: the sources (kicks) of each block mixed into `kick`, and the gain
 * the ducked layers get at each of its frames into `gains`. Its envelope carries from block to
 * block, so blocks must come in order from the song's start, BLOCK frames each.
 */
export class Sidechain {
  readonly kick = [new Float32Array(BLOCK), new Float32Array(BLOCK)];
  readonly gains = new Float32Array(BLOCK);
  private readonly ducker = new Ducker(ENGINE_SAMPLE_RATE);

  constructor(private readonly resolved: ResolvedArrangement) {}

  /** Mixes the sources of [start, end) into `kick` and computes the ducked layers' `gains`. */
  follow(start: Samples, end: Samples): void {
    const { sources, ramp } = this.resolved;
    const length = end - start;
    const [kickL, kickR] = this.kick;
    kickL.fill(0, 0, length);
    kickR.fill(0, 0, length);
    for (const layer of sources) addLayer(layer, start, end, kickL, kickR, ramp);
    this.ducker.follow(kickL, kickR, length, kickReference(sources, start, end), this.gains);
  }
}
