import type { AudioData } from '../audio-buffer';
import type { Hertz } from '../units';
import { loopOnsets, type LoopOnset } from './loop-onsets';
import { DRUM_ONSET_THRESHOLD } from './stretch-drums';
import type { WarpOptions } from './warp-loop';

/** How a loop is warped: its onsets depend on this and on the audio only. */
export type WarpKind = WarpOptions['kind'];

/**
 * A sample's onsets as each warp kind detects them. The catalogue measures them once, when a
 * sample comes in, so no render has to (detection is ~60 ms an 8-bar loop and a kind).
 */
export interface SampleOnsets {
  readonly drums: readonly LoopOnset[];
  readonly tonal: readonly LoopOnset[];
}

/** The onsets a warp of this kind slices or anchors at: the one place that says how each kind detects. */
export function onsetsFor(audio: AudioData, kind: WarpKind): readonly LoopOnset[] {
  return kind === 'drums' ? loopOnsets(audio, { threshold: DRUM_ONSET_THRESHOLD }) : loopOnsets(audio);
}

/** Both kinds' onsets of a decoded sample (decode it as the render worker does: `decodeWav(bytes).audio`). */
export function sampleOnsets(audio: AudioData): SampleOnsets {
  return { drums: onsetsFor(audio, 'drums'), tonal: onsetsFor(audio, 'tonal') };
}

/** One kind's onsets, column-wise (a `time` is its position over the sample rate). */
interface StoredOnsetColumns {
  readonly position: number[];
  readonly strength: number[];
  readonly rise: number[];
}

/**
 * The stored form (a jsonb value): columns instead of objects, no derivable `time`, the numbers at
 * full precision (JSON numbers carry a double exactly), so parsing gives back exactly what was detected.
 */
export interface StoredSampleOnsets {
  readonly v: 1;
  readonly sampleRate: Hertz;
  readonly drums: StoredOnsetColumns;
  readonly tonal: StoredOnsetColumns;
}

const columns = (onsets: readonly LoopOnset[]): StoredOnsetColumns => ({
  position: onsets.map((o) => o.position),
  strength: onsets.map((o) => o.strength),
  rise: onsets.map((o) => o.rise),
});

/** The compact form of a sample's onsets, to store beside it. */
export function serialiseSampleOnsets(onsets: SampleOnsets, sampleRate: Hertz): StoredSampleOnsets {
  return { v: 1, sampleRate, drums: columns(onsets.drums), tonal: columns(onsets.tonal) };
}

const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function parseColumns(value: unknown, sampleRate: Hertz): LoopOnset[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { position, strength, rise } = value as Record<string, unknown>;
  if (!Array.isArray(position) || !Array.isArray(strength) || !Array.isArray(rise)) return undefined;
  if (strength.length !== position.length || rise.length !== position.length) return undefined;
  const onsets: LoopOnset[] = [];
  for (let i = 0; i < position.length; i++) {
    const p: unknown = position[i];
    const s: unknown = strength[i];
    const r: unknown = rise[i];
    // Sorted, distinct, whole sample positions: what the warps rely on.
    if (!Number.isInteger(p) || (p as number) < 0 || (i > 0 && (p as number) <= onsets[i - 1].position)) return undefined;
    if (!isFiniteNumber(s) || !isFiniteNumber(r)) return undefined;
    onsets.push({ position: p as number, time: (p as number) / sampleRate, strength: s, rise: r });
  }
  return onsets;
}

/**
 * A stored value back as onsets, or undefined when it is missing or malformed (the render then
 * detects them itself, as for a sample stored before onsets were): a bad value never fails a render.
 */
export function parseSampleOnsets(value: unknown): SampleOnsets | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const stored = value as Record<string, unknown>;
  if (stored.v !== 1 || !isFiniteNumber(stored.sampleRate) || stored.sampleRate <= 0) return undefined;
  const drums = parseColumns(stored.drums, stored.sampleRate);
  const tonal = parseColumns(stored.tonal, stored.sampleRate);
  return drums && tonal ? { drums, tonal } : undefined;
}
