import type { Arrangement, ArrangementLayer, ArrangementPart, LoopTransform, PartRange, SampleRef } from './arrangement';
import type { Hertz, Samples } from '../units';

/**
 * Turns the section-by-layer grid into, per layer, the stretches of time in which one loop plays
 * continuously ("segments"), and decides the joins: a loop that goes on into the next section keeps
 * its phase (no fade, nothing to hear), a gain change ramps, a switch to another loop crossfades
 * (complementary raised cosines, so the level does not bump), a stop lets the loop ring on briefly
 * while fading out, and a start fades in over a few milliseconds: no join has a step in the waveform.
 * A loop that comes back after a gap keeps the phase it would have had.
 */

/** Incoming loops fade in over 3 ms: short enough to keep a drum hit on the bar line intact. */
export const FADE_IN_SECONDS = 0.003;
/** Outgoing loops ring on for 12 ms past the join while fading out. */
export const FADE_OUT_SECONDS = 0.012;
/** A layer that switches loops at a join crossfades them over 5 ms, with gains that sum to one. */
export const CROSSFADE_SECONDS = 0.005;
/** A gain change between sections of the same loop ramps over 10 ms. */
export const GAIN_RAMP_SECONDS = 0.01;
/** Every layer fades out over the last 20 ms of the song, so the file does not end on a step. */
export const END_FADE_SECONDS = 0.02;

/** Identifies a prepared (stretched, shifted) loop: the same key always means the same audio. */
export function loopKey(sample: SampleRef, transform: Pick<LoopTransform, 'toBpm' | 'semitones'>, kind: 'drums' | 'tonal'): string {
  return JSON.stringify([sample.sampleId, sample.sourceBpm, sample.bars, transform.toBpm, transform.semitones, kind]);
}

/** How a layer's loops are warped: drums keep their transients, tonal layers (melody, 808s) their pitch. */
export const warpKind = (layer: ArrangementLayer): 'drums' | 'tonal' =>
  layer.role === 'melody' || layer.role === '808s' ? 'tonal' : 'drums';

export interface Segment {
  readonly loopKey: string;
  readonly start: Samples;
  readonly end: Samples;
  /** Frame at which the loop's first frame plays (the start of the run of sections it plays in). */
  readonly phaseOrigin: Samples;
  /** Gain in dB on top of the loop's normalisation (layer gain + part gain). */
  readonly gainDb: number;
  /** Frames of fade-in at the start (0 when the loop continues from the previous section). */
  readonly fadeIn: Samples;
  /** When the same loop continues with another gain, the gain it ramps from. */
  readonly rampFromDb?: number;
  /** Frames the loop keeps playing past `end` while fading out (0 when it continues). */
  readonly tail: Samples;
  /** Frames of fade-out before `end`, at the end of the song. */
  readonly endFade: Samples;
  /** A range of a part (PartRange): the segment plays a clip made from the loop `baseKey`, once, from `start`. */
  readonly clip?: ClipSpec;
}

/** How a range's clip is made from its loop (see range-clips.ts). */
export interface ClipSpec {
  readonly baseKey: string;
  readonly range: PartRange;
  /** Frame at which the base loop's first frame would play there (its run's phase). */
  readonly basePhaseOrigin: Samples;
  /** Frames of one beat at the arrangement's tempo (for slice positions). */
  readonly beatFrames: number;
}

/** A piece of a section's span: the part plain, or under one of its ranges. */
interface Piece {
  readonly start: Samples;
  readonly end: Samples;
  readonly range?: PartRange;
}

/** Splits a section's span at its part's ranges (beats at the arrangement's tempo, on exact frames). */
function piecesOf(part: ArrangementPart, span: SectionSpan, bpm: number, sampleRate: Hertz): Piece[] {
  const ranges = part.ranges ?? [];
  if (!ranges.length) return [{ start: span.startFrame, end: span.startFrame + span.frames }];
  const at = (beat: number) => Math.min(span.startFrame + span.frames, span.startFrame + Math.round((beat * 60 * sampleRate) / bpm));
  const pieces: Piece[] = [];
  let cursor = span.startFrame;
  for (const range of ranges) {
    const from = at(range.fromBeat);
    const to = at(range.toBeat);
    if (from > cursor) pieces.push({ start: cursor, end: from });
    if (to > from) pieces.push({ start: from, end: to, range });
    cursor = Math.max(cursor, to);
  }
  if (cursor < span.startFrame + span.frames) pieces.push({ start: cursor, end: span.startFrame + span.frames });
  return pieces;
}

export interface LayerTimeline {
  readonly layer: ArrangementLayer;
  readonly segments: readonly Segment[];
}

export interface SectionSpan {
  readonly label: string;
  readonly startFrame: Samples;
  readonly frames: Samples;
}

/**
 * Section start frames from cumulative bars, each computed from the song's start with the exact
 * loop length function: rounding never accumulates, so bar 96 starts where it should.
 */
export function sectionSpans(
  arrangement: Arrangement,
  sampleRate: Hertz,
  loopFrames: (bars: number, bpm: number, sampleRate: Hertz) => Samples,
): SectionSpan[] {
  let bars = 0;
  return arrangement.sections.map((section) => {
    const startFrame = loopFrames(bars, arrangement.bpm, sampleRate);
    bars += section.bars;
    return { label: section.label, startFrame, frames: loopFrames(bars, arrangement.bpm, sampleRate) - startFrame };
  });
}

/** Builds each layer's segments from the arrangement and the section spans. */
export function layerTimelines(arrangement: Arrangement, spans: readonly SectionSpan[], sampleRate: Hertz): LayerTimeline[] {
  const fadeIn = Math.round(FADE_IN_SECONDS * sampleRate);
  const tail = Math.round(FADE_OUT_SECONDS * sampleRate);
  const crossfade = Math.round(CROSSFADE_SECONDS * sampleRate);
  const endFade = Math.round(END_FADE_SECONDS * sampleRate);
  const songEnd = spans.length ? spans[spans.length - 1].startFrame + spans[spans.length - 1].frames : 0;

  return arrangement.layers.map((layer) => {
    const kind = warpKind(layer);
    const segments: Segment[] = [];
    const beatFrames = (60 * sampleRate) / arrangement.bpm;
    arrangement.sections.forEach((section, s) => {
      const part = section.parts.find((p) => p.layerId === layer.id);
      if (!part || part.transform.muted) return;
      const key = loopKey(part.sample, part.transform, kind);
      const gainDb = layer.gainDb + part.transform.gainDb;
      for (const piece of piecesOf(part, spans[s], arrangement.bpm, sampleRate)) {
        if (piece.range?.op === 'mute') continue;
        const previous = segments[segments.length - 1];
        const adjoins = previous !== undefined && previous.end === piece.start;
        // The base loop's run: a plain stretch of the same loop before (adjoining or not), or a
        // range's clip of it; a loop comes back after a gap or a range in the phase it would have had.
        const baseOrigin = previous === undefined ? undefined
          : previous.clip ? (previous.clip.baseKey === key ? previous.clip.basePhaseOrigin : undefined)
          : previous.loopKey === key ? previous.phaseOrigin : undefined;
        if (piece.range) {
          const basePhaseOrigin = baseOrigin ?? piece.start;
          const clip: ClipSpec = { baseKey: key, range: piece.range, basePhaseOrigin, beatFrames };
          if (adjoins) segments[segments.length - 1] = { ...previous, tail: crossfade };
          segments.push({
            loopKey: `${key}|${JSON.stringify(piece.range)}|${piece.start - basePhaseOrigin}`,
            start: piece.start, end: piece.end, phaseOrigin: piece.start, gainDb,
            fadeIn: adjoins ? crossfade : fadeIn, tail, endFade: 0, clip,
          });
          continue;
        }
        const continues = adjoins && !previous.clip && previous.loopKey === key;
        if (continues && previous.gainDb === gainDb) {
          segments[segments.length - 1] = { ...previous, end: piece.end };
          continue;
        }
        if (adjoins) segments[segments.length - 1] = { ...previous, tail: continues ? 0 : crossfade };
        segments.push({
          loopKey: key,
          start: piece.start,
          end: piece.end,
          // After a gap (a muted or empty section), the same loop comes back in the phase it would have
          // had, as a muted region of a clip does in a DAW: the rest of the song is then the same audio
          // as without the gap, which lets an edit that mutes one section reuse the rest's encoding.
          phaseOrigin: baseOrigin ?? piece.start,
          gainDb,
          fadeIn: continues ? 0 : adjoins ? crossfade : fadeIn,
          rampFromDb: continues ? previous.gainDb : undefined,
          tail,
          endFade: 0,
        });
      }
    });
    return {
      layer,
      segments: segments.map((segment) =>
        segment.end >= songEnd ? { ...segment, tail: 0, endFade: Math.min(endFade, segment.end - segment.start) } : segment),
    };
  });
}
