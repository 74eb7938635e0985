import type { CompositionCandidate, DrumCandidate } from '../catalog';
import type { DrumType, Key, Mode } from '../../shared/music-theory';
import { semitonesBetween } from './arrangement-planner';

/** A source of randomness in [0, 1): Math.random in production, seeded in tests. */
export type Random = () => number;

/** Scores within this of the best count as equal fit, and producers then take turns. */
const EQUAL_FIT = 1.5;

/** Drum types a genre leaves out (boom bap and lo-fi have no 808s; country no 808s or FX). */
const GENRE_WITHOUT: Record<string, readonly DrumType[]> = {
  'boom bap': ['808s', 'FX'],
  'lo-fi': ['808s', 'FX', 'Cymbals'],
  country: ['808s', 'FX'],
  pop: ['FX'],
  'r&b': ['FX'],
};

export const drumTypesFor = (genre: string | null, available: readonly DrumType[]): DrumType[] =>
  available.filter((t) => !(genre && GENRE_WITHOUT[genre]?.includes(t)));

/**
 * Picks among scored candidates: the best, with controlled randomness (jitter in the score) and
 * fair rotation (among candidates of equal fit, every producer has the same chance, whatever the
 * number of samples they contributed).
 */
export function pickFairly<T extends { producerId: string }>(scored: { item: T; score: number }[], random: Random): T | null {
  if (!scored.length) return null;
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score >= best - EQUAL_FIT);
  const producers = [...new Set(top.map((s) => s.item.producerId))];
  const producer = producers[Math.floor(random() * producers.length)];
  const mine = top.filter((s) => s.item.producerId === producer).sort((a, b) => b.score - a.score);
  return mine[0].item;
}

/** How far a tempo must stretch, in octaves, allowing half and double time. */
export function stretchOctaves(from: number, to: number): number {
  const octaves = Math.log2(to / from);
  return Math.min(Math.abs(octaves), Math.abs(octaves - 1), Math.abs(octaves + 1));
}

export interface MusicalTarget {
  readonly bpm: number | null;
  readonly key: Key | null;
  readonly mode: Mode | null;
  /** Preferences read from the prompt's words; an explicit mode or BPM above wins over them. */
  readonly modeLean?: Mode | null;
  readonly tempoRange?: { readonly min: number; readonly max: number } | null;
  /** `kind:value` keys wanted, to weigh matches by kind (a genre counts more than a mood). */
  readonly wanted?: readonly string[];
}

/** What a matched tag of each kind is worth: the genre named decides most, then the artist. */
const KIND_WEIGHT: Record<string, number> = { genre: 12, artist: 10, mood: 6, instrument: 4, tempo: 3 };
/** A composition of the leaned-to mode gains this (half a genre match). */
const MODE_LEAN = 6;

/** Weighted tag matches of a candidate (falls back to the plain count without `wanted`). */
function tagScore(tagKeys: readonly string[], matches: number, wanted: readonly string[] | undefined): number {
  if (!wanted) return matches * 10;
  const have = new Set(tagKeys);
  return wanted.reduce((sum, key) => (have.has(key) ? sum + (KIND_WEIGHT[key.slice(0, key.indexOf(':'))] ?? 10) : sum), 0);
}

/** How far (in octaves) a tempo lies outside a range, allowing half and double time (which cost a little). */
export function octavesOutside(bpm: number, range: { min: number; max: number }): number {
  const outside = (x: number) => (x < range.min ? Math.log2(range.min / x) : x > range.max ? Math.log2(x / range.max) : 0);
  return Math.min(outside(bpm), outside(bpm * 2) + 0.1, outside(bpm / 2) + 0.1);
}

/**
 * The beat's tempo: the composition's, moved into the wished range when that takes a modest
 * stretch (at most 12%, in the octave closest to the range), else the composition's own.
 */
export function beatTempo(sourceBpm: number, range: { min: number; max: number } | null | undefined): number {
  if (!range) return sourceBpm;
  const options = [sourceBpm, sourceBpm * 2, sourceBpm / 2].map((bpm) => {
    const clamped = Math.min(range.max, Math.max(range.min, bpm));
    return { bpm, clamped, stretch: Math.abs(Math.log2(clamped / bpm)) };
  });
  const best = options.sort((a, b) => a.stretch - b.stretch)[0];
  if (best.stretch === 0) return sourceBpm;
  // Move towards the range by at most 12%, and keep the composition's own octave.
  const limit = Math.log2(1.12);
  const moved = best.bpm * 2 ** (Math.sign(Math.log2(best.clamped / best.bpm)) * Math.min(best.stretch, limit));
  return Math.round(moved * (sourceBpm / best.bpm));
}

/** Ranks compositions by tag match, then key and tempo fit, with jitter so a prompt gives new beats. */
export function chooseComposition(candidates: CompositionCandidate[], target: MusicalTarget, random: Random): CompositionCandidate | null {
  return pickFairly(
    candidates
      .filter((c) => c.stems.length > 0)
      .map((c) => {
        let score = tagScore(c.tagKeys, c.matches, target.wanted) + random() * 2;
        if (target.mode) score += c.mode === target.mode ? 2 : 0;
        else if (target.modeLean) score += c.mode === target.modeLean ? MODE_LEAN : 0;
        if (target.key) score -= Math.abs(semitonesBetween(c.key, target.key)) * 0.5;
        if (target.bpm) score -= stretchOctaves(c.bpm, target.bpm) * 12;
        else if (target.tempoRange) score -= octavesOutside(c.bpm, target.tempoRange) * 20;
        return { item: c, score };
      }),
    random,
  );
}

/** Ranks one drum type's loops: tags, then how little they must stretch; 808s close in key. */
export function chooseDrumLoop(candidates: DrumCandidate[], bpm: number, key: Key, random: Random): DrumCandidate | null {
  return pickFairly(
    candidates.map((d) => {
      let score = d.matches * 10 + random() * 2 - stretchOctaves(d.bpm, bpm) * 12;
      if (d.drumType === '808s' && d.key) score -= Math.abs(semitonesBetween(d.key, key)) * 0.4;
      return { item: d, score };
    }),
    random,
  );
}
