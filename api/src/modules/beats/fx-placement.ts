import type { ArrangementLayer, ArrangementPart, ArrangementSection, PartRange } from '../../audio';
import type { FxKind } from '../catalog';
import type { PlannedDrumLoop } from './arrangement-planner';

/**
 * Risers and impacts from the catalogue (issue 32): a riser swells over the bar (or two) before every
 * chorus and ends on its downbeat, an impact lands on that downbeat and rings out. They are FX
 * samples a producer made (the demo library's or an upload), credited like any loop; each kind is
 * one layer of the beat (`fx-riser`, `fx-impact`, role FX) whose part plays only there, the rest of
 * the section muted. A beat whose catalogue offered none has no such layers (the planner as before).
 */

/** A one-shot the beat's loops were chosen with (BeatSelection.fx). */
export interface PlannedFx extends PlannedDrumLoop {
  readonly drumType: 'FX';
  readonly fx: FxKind;
}

/** Genres that take each kind: trap, drill, pop and afrobeats both; R&B the riser; country the crash; lo-fi and boom bap neither. */
const FX_IN_GENRE: Readonly<Record<string, readonly FxKind[]>> = {
  trap: ['riser', 'impact'],
  drill: ['riser', 'impact'],
  pop: ['riser', 'impact'],
  afrobeats: ['riser', 'impact'],
  'r&b': ['riser'],
  country: ['impact'],
};

/** The kinds a genre's beats place (none for a genre not listed, or none named). */
export const fxKindsFor = (genre: string | null): readonly FxKind[] => (genre ? FX_IN_GENRE[genre] ?? [] : []);

/** Layer id of a kind's layer. */
export const fxLayerId = (kind: FxKind): string => `fx-${kind}`;

/** The kind of a one-shot layer, or null for every other layer (the FX loop included). */
export const fxKindOfLayer = (layer: Pick<ArrangementLayer, 'id' | 'role'>): FxKind | null =>
  layer.role !== 'FX' ? null : layer.id === fxLayerId('riser') ? 'riser' : layer.id === fxLayerId('impact') ? 'impact' : null;

/** Mix gain of each kind's layer (after its loop is levelled to the FX role's loudness). */
const FX_GAIN_DB: Readonly<Record<FxKind, number>> = { riser: -1, impact: 0 };

/** The layers of a beat's one-shots, in a fixed order (after the drums). */
export function fxLayers(fx: readonly PlannedFx[]): ArrangementLayer[] {
  return (['riser', 'impact'] as const)
    .filter((kind) => fx.some((f) => f.fx === kind))
    .map((kind) => ({ id: fxLayerId(kind), role: 'FX', name: kind === 'riser' ? 'Riser' : 'Impact', gainDb: FX_GAIN_DB[kind] }));
}

/** Whether a kind plays in section `index`: a riser before a chorus, an impact on a chorus that follows a section. */
export function fxPlaysIn(kind: FxKind, sections: readonly Pick<ArrangementSection, 'label'>[], index: number): boolean {
  if (kind === 'riser') return sections[index + 1]?.label === 'C';
  return sections[index].label === 'C' && index > 0;
}

/** The part of a one-shot in a section (without its ranges, which the movement adds). */
export function fxPart(fx: PlannedFx, bpm: number): ArrangementPart {
  return {
    layerId: fxLayerId(fx.fx),
    sample: { sampleId: fx.sampleId, sourceBpm: fx.bpm, bars: fx.bars },
    transform: { toBpm: bpm, semitones: 0, gainDb: 0, muted: false },
  };
}

/**
 * The ranges that place a one-shot in a section `end` beats long: a riser muted until its last
 * `bars` bars, then rising from 8 dB under into the next downbeat; an impact playing its `bars`
 * bars from the downbeat, then muted. They are added before the transition's, so its break (the
 * last beat out) leaves the riser sounding, unless `stopBeats` asks for a full stop before the hook
 * (trap and drill): then the riser is cut with the rest for those last beats, and the hook lands
 * after silence.
 */
export function fxRanges(kind: FxKind, bars: number, end: number, stopBeats = 0): PartRange[] {
  const beats = Math.min(end, bars * 4);
  if (kind === 'riser') {
    const stop = Math.min(stopBeats, beats - 1);
    return [
      ...(end - beats > 0 ? [{ fromBeat: 0, toBeat: end - beats, op: 'mute' as const }] : []),
      { fromBeat: end - beats, toBeat: end - stop, op: 'play', fromDb: -8, toDb: 0 },
      ...(stop > 0 ? [{ fromBeat: end - stop, toBeat: end, op: 'mute' as const }] : []),
    ];
  }
  return [{ fromBeat: 0, toBeat: beats, op: 'play' }, ...(end - beats > 0 ? [{ fromBeat: beats, toBeat: end, op: 'mute' as const }] : [])];
}

/** Bars a one-shot's part sounds in a section `sectionBars` long: the section less its muted ranges. */
export function fxSoundingBars(part: Pick<ArrangementPart, 'ranges'>, sectionBars: number): number {
  const muted = (part.ranges ?? []).filter((r) => r.op === 'mute').reduce((sum, r) => sum + (r.toBeat - r.fromBeat), 0);
  return Math.max(0, sectionBars - muted / 4);
}
