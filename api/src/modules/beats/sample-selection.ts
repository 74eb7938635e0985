import type { CompositionCandidate, DrumCandidate } from '../catalog/catalog.queries';
import type { DrumType, Key, Mode } from '../catalog/music-theory';
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
}

/** Ranks compositions by tag match, then key and tempo fit, with jitter so a prompt gives new beats. */
export function chooseComposition(candidates: CompositionCandidate[], target: MusicalTarget, random: Random): CompositionCandidate | null {
  return pickFairly(
    candidates
      .filter((c) => c.stems.length > 0)
      .map((c) => {
        let score = c.matches * 10 + random() * 2;
        if (target.mode) score += c.mode === target.mode ? 2 : 0;
        if (target.key) score -= Math.abs(semitonesBetween(c.key, target.key)) * 0.5;
        if (target.bpm) score -= stretchOctaves(c.bpm, target.bpm) * 12;
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
