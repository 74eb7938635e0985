import type { SeededRandom } from '../../../audio/testing/seeded-random';
import type { DemoGenre } from './genres';

/** A hit on the 16th-note grid of an 8-bar loop: step 0..127, fractional for rolls and triplets. */
export interface StepHit {
  readonly step: number;
  readonly velocity: number;
}

export const STEPS_PER_BAR = 16;
export const BARS = 8;

const everyBar = (bar: (b: number) => StepHit[]): StepHit[] => Array.from({ length: BARS }, (_, b) => bar(b)).flat();
const at = (b: number, steps: readonly number[], velocity = 1): StepHit[] => steps.map((s) => ({ step: b * 16 + s, velocity }));

/** Kick patterns by genre (each variant a different groove of the style). */
function kicks(genre: DemoGenre, variant: number): StepHit[] {
  const grooves: Record<DemoGenre, number[][]> = {
    Trap: [[0, 7, 10], [0, 3, 10, 11], [0, 6, 9, 14]],
    Drill: [[0, 10], [0, 3, 10], [0, 6, 11]],
    'Boom Bap': [[0, 7, 10], [0, 3, 8, 10], [0, 9, 10]],
    'Lo-Fi': [[0, 7, 10], [0, 10], [0, 6, 9]],
    'R&B': [[0, 10], [0, 7, 11], [0, 3, 10]],
    Afrobeats: [[0, 6, 8, 14], [0, 3, 8, 11], [0, 7, 8]],
    Pop: [[0, 4, 8, 12], [0, 8, 10], [0, 4, 8, 12, 14]],
    Country: [[0, 8], [0, 6, 8], [0, 8, 10]],
  };
  const groove = grooves[genre][variant % 3];
  return everyBar((b) => at(b, b % 4 === 3 && variant % 2 ? groove.filter((s) => s < 12) : groove, 1));
}

/** Snare / clap backbeats: on 2 and 4, or on 3 of a half-time bar; drill adds syncopated hits. */
function backbeat(genre: DemoGenre, variant: number, ghost: boolean): StepHit[] {
  const halfTime = genre === 'Trap' || genre === 'Drill' || (genre === 'R&B' && variant !== 1) || (genre === 'Lo-Fi' && variant === 2);
  return everyBar((b) => {
    if (genre === 'Drill') {
      // UK/NY drill: the snare on 3, with the off-beat syncopations that move bar to bar.
      const syncopated = [[8], [8, 14], [8], [7, 8, 13]][b % 4];
      return at(b, syncopated, 1);
    }
    if (genre === 'Afrobeats') return [...at(b, [4, 12], 0.9), ...(ghost ? at(b, [7, 14], 0.35) : [])];
    const main = halfTime ? [8] : [4, 12];
    const hits = at(b, main, 1);
    if (ghost && b % 2 === 1) hits.push(...at(b, halfTime ? [14] : [7, 15], 0.3));
    if (b === BARS - 1 && variant === 2) hits.push(...at(b, [13, 14, 15], 0.55));
    return hits;
  });
}

/** Hats: trap 16ths with rolls (32nds and triplets) at phrase ends; drill's triplet skips; straight 8ths elsewhere. */
function hihats(genre: DemoGenre, variant: number, random: SeededRandom): StepHit[] {
  const hits: StepHit[] = [];
  for (let b = 0; b < BARS; b++) {
    if (genre === 'Trap') {
      for (let s = 0; s < 16; s += variant === 1 ? 1 : 2) hits.push({ step: b * 16 + s, velocity: s % 4 === 0 ? 0.9 : 0.6 });
      if (b % 2 === 1) {
        // A roll: 32nds (or 16th triplets) into the next bar.
        const start = 12;
        const division = variant === 2 ? 2 / 3 : 0.5;
        for (let t = start; t < 16; t += division) hits.push({ step: b * 16 + t, velocity: 0.45 + 0.4 * ((t - start) / 4) });
      }
    } else if (genre === 'Drill') {
      for (const s of [0, 3, 6, 8, 11, 14]) hits.push({ step: b * 16 + s, velocity: s % 8 === 0 ? 0.85 : 0.6 });
      if (b % 4 === 3) for (let t = 12; t < 16; t += 2 / 3) hits.push({ step: b * 16 + t, velocity: 0.5 });
    } else if (genre === 'R&B' || genre === 'Afrobeats') {
      for (let s = 0; s < 16; s++) hits.push({ step: b * 16 + s, velocity: s % 2 === 0 ? 0.75 : 0.35 + 0.15 * random.next() });
    } else if (genre === 'Pop' && variant !== 0) {
      for (let s = 2; s < 16; s += 4) hits.push({ step: b * 16 + s, velocity: 0.85 });
    } else {
      for (let s = 0; s < 16; s += 2) hits.push({ step: b * 16 + s, velocity: s % 4 === 0 ? 0.85 : 0.55 + 0.1 * random.next() });
    }
  }
  return hits;
}

function openHats(genre: DemoGenre, variant: number): StepHit[] {
  if (genre === 'Pop') return everyBar((b) => at(b, [2, 6, 10, 14], 0.6));
  if (genre === 'Afrobeats') return everyBar((b) => at(b, [6, 14], 0.55));
  return everyBar((b) => (b % 2 === 1 || variant === 1 ? at(b, [14], 0.6) : at(b, [6], 0.45)));
}

/** Percussion: afro/latin clave and conga figures, rims, tambourines, by genre. */
function percs(genre: DemoGenre, variant: number): StepHit[] {
  if (genre === 'Afrobeats') return everyBar((b) => at(b, variant === 0 ? [0, 3, 6, 10, 12] : [3, 6, 11, 14], 0.8));
  if (genre === 'Country') return everyBar((b) => at(b, [2, 6, 10, 14], 0.7));
  if (genre === 'Drill') return everyBar((b) => at(b, b % 2 ? [5, 13] : [3, 11], 0.7));
  return everyBar((b) => at(b, variant === 0 ? [3, 11] : [6, 13], 0.65));
}

const cymbals = (): StepHit[] => [{ step: 0, velocity: 0.9 }, { step: 64, velocity: 0.7 }];

export interface DrumPattern {
  readonly hits: StepHit[];
  /** Extra shaker (Afrobeats and R&B percussion layers). */
  readonly shaker?: StepHit[];
}

/** The pattern of one loop of one drum type. 808s and FX have their own writers. */
export function drumPattern(genre: DemoGenre, drumType: string, variant: number, random: SeededRandom): DrumPattern {
  switch (drumType) {
    case 'Kicks': return { hits: kicks(genre, variant) };
    case 'Snares': return { hits: backbeat(genre, variant, true) };
    case 'Claps': return { hits: backbeat(genre, variant, false) };
    case 'Hihats': return { hits: hihats(genre, variant, random) };
    case 'Open Hats': return { hits: openHats(genre, variant) };
    case 'Percs': return {
      hits: percs(genre, variant),
      shaker: genre === 'Afrobeats' || genre === 'R&B' ? everyBar((b) => at(b, [1, 3, 5, 7, 9, 11, 13, 15], 0.6)) : undefined,
    };
    case 'Cymbals': return { hits: cymbals() };
    default: return { hits: [] };
  }
}

/** The kick steps an 808 line follows (the 808 lands with the kick, as producers program it). */
export const kickSteps = (genre: DemoGenre, variant: number): number[] => kicks(genre, variant).map((h) => h.step);
