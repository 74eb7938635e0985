/**
 * Drum patterns of the demo library, by genre and drum type: trap hat rolls (32nds, triplets,
 * stutters), drill's skipping hats, syncopated snares and sliding 808s, boom bap's swung ghost notes,
 * afrobeats' 3-3-2 percussion, country's train beat. Each loop is 8 bars; bars 4 and 8 vary, as a
 * producer's would. Pure: the same arguments give the same pattern.
 */
import type { SeededRandom } from '../../../audio';
import type { DrumType, Key, Mode } from '../../../shared/music-theory';
import type { PercKind } from './drum-voices';
import type { DemoGenre } from './genres';
import { PROGRESSIONS, rootPitchClass } from './theory';

export const STEPS_PER_BAR = 16;
export const BARS = 8;
export const LOOP_STEPS = STEPS_PER_BAR * BARS;

/** A hit on the 16th-note grid of an 8-bar loop: step 0..127, fractional for rolls and triplets. */
export interface StepHit {
  readonly step: number;
  readonly velocity: number;
  /** Which sound of the type plays it (percussion kinds, open/closed, crash/ride). */
  readonly sound?: string;
}

const everyBar = (bar: (b: number) => StepHit[]): StepHit[] => Array.from({ length: BARS }, (_, b) => bar(b)).flat();
const at = (b: number, steps: readonly number[], velocity = 1, sound?: string): StepHit[] =>
  steps.map((s) => ({ step: b * STEPS_PER_BAR + s, velocity, ...(sound ? { sound } : {}) }));

const KICK_GROOVES: Record<DemoGenre, readonly (readonly number[])[]> = {
  Trap: [[0, 7, 10], [0, 3, 10, 11], [0, 6, 9, 14]],
  Drill: [[0, 10], [0, 3, 10], [0, 6, 11]],
  'Boom Bap': [[0, 7, 10], [0, 3, 8, 10], [0, 9, 10, 15]],
  'Lo-Fi': [[0, 7, 10], [0, 10], [0, 6, 9]],
  'R&B': [[0, 10], [0, 7, 11], [0, 3, 10]],
  Afrobeats: [[0, 6, 8, 14], [0, 3, 8, 11], [0, 4, 8, 12]],
  Pop: [[0, 4, 8, 12], [0, 8, 10], [0, 4, 8, 12, 14]],
  Country: [[0, 8], [0, 6, 8], [0, 8, 10]],
};

/** Kick pattern: the genre's groove, its last hits left out at the end of every fourth bar (the turnaround). */
function kicks(genre: DemoGenre, variant: number): StepHit[] {
  const groove = KICK_GROOVES[genre][variant % 3];
  return everyBar((b) => {
    const turnaround = b % 4 === 3 && variant % 2 === 1;
    return at(b, turnaround ? groove.filter((s) => s < 12) : groove, 1).map((h) => (h.step % 16 === 0 ? h : { ...h, velocity: 0.9 }));
  });
}

/** Snare and clap backbeats: 2 and 4, or 3 in half-time; drill's syncopations; ghost notes; fills. */
function backbeat(genre: DemoGenre, variant: number, ghosts: boolean, random: SeededRandom): StepHit[] {
  const halfTime = genre === 'Trap' || (genre === 'R&B' && variant !== 1) || (genre === 'Lo-Fi' && variant === 2);
  return everyBar((b) => {
    if (genre === 'Drill') {
      // UK/NY drill: the snare on 3, pushed and doubled in a pattern that moves bar to bar.
      const figures = [[[8], [8, 14], [8], [7, 8, 13]], [[8], [8], [8, 15], [5, 8]], [[8, 11], [8], [8, 14], [8, 13, 15]]][variant % 3];
      return at(b, figures[b % 4], 1).map((h) => (h.step % 16 === 8 ? h : { ...h, velocity: 0.72 }));
    }
    if (genre === 'Country' && variant === 1 && ghosts) {
      // The train beat: brushed 16ths with the backbeat accented.
      return Array.from({ length: 16 }, (_, s) => ({ step: b * 16 + s, velocity: s === 4 || s === 12 ? 1 : 0.3 + 0.12 * (s % 2 === 0 ? 1 : 0) }));
    }
    if (genre === 'Afrobeats') {
      const hits = at(b, [4, 12], 0.95);
      if (ghosts) hits.push(...at(b, variant === 0 ? [7, 10, 14] : [3, 10], 0.4));
      return hits;
    }
    const hits = at(b, halfTime ? [8] : [4, 12], 1);
    if (ghosts && (genre === 'Boom Bap' || genre === 'Lo-Fi' || genre === 'R&B')) {
      for (const s of halfTime ? [3, 14] : [7, 10, 15]) if (random.next() < 0.6) hits.push({ step: b * 16 + s, velocity: 0.22 + 0.12 * random.next() });
    }
    if (b === BARS - 1 && ghosts) {
      // A fill into the top of the loop.
      const fill = genre === 'Trap' ? [12, 12.5, 13, 13.5, 14, 14.5, 15, 15.5] : genre === 'Pop' || genre === 'Country' ? [13, 14, 15] : [14, 15];
      fill.forEach((s, k) => hits.push({ step: b * 16 + s, velocity: 0.45 + (0.5 * k) / fill.length }));
    }
    if (genre === 'Trap' && variant === 2 && b % 2 === 1) hits.push(...at(b, [15], 0.5));
    return hits;
  });
}

/** A roll from `from` to `to` (steps within the bar) in `division` steps, velocity rising. */
function roll(b: number, from: number, to: number, division: number): StepHit[] {
  const hits: StepHit[] = [];
  const count = Math.round((to - from) / division);
  for (let k = 0; k < count; k++) hits.push({ step: b * 16 + from + k * division, velocity: 0.4 + (0.5 * k) / count });
  return hits;
}

/** Closed hats: trap's 8ths/16ths with rolls that change from bar to bar, drill's skip, swung or straight 8ths and 16ths elsewhere. */
function hihats(genre: DemoGenre, variant: number, random: SeededRandom): StepHit[] {
  const hits: StepHit[] = [];
  for (let b = 0; b < BARS; b++) {
    if (genre === 'Trap') {
      const rate = variant === 1 ? 1 : 2;
      const rollAt = b % 2 === 1 ? [[12, 16, 0.5], [8, 12, 2 / 3], [14, 16, 1 / 3], [10, 16, 0.5]][(b >> 1) % 4] : variant === 2 && b % 4 === 2 ? [6, 8, 2 / 3] : null;
      for (let s = 0; s < 16; s += rate) {
        if (rollAt && s >= rollAt[0] && s < rollAt[1]) continue;
        hits.push({ step: b * 16 + s, velocity: s % 4 === 0 ? 0.9 : 0.62 + 0.1 * random.next() });
      }
      if (rollAt) hits.push(...roll(b, rollAt[0], rollAt[1], rollAt[2]));
    } else if (genre === 'Drill') {
      const skip = [[0, 3, 6, 8, 11, 14], [0, 2, 4, 7, 8, 10, 12, 15], [0, 3, 6, 8, 10, 12, 14]][variant % 3];
      for (const s of skip) hits.push({ step: b * 16 + s, velocity: s % 8 === 0 ? 0.88 : 0.6 + 0.1 * random.next() });
      if (b % 4 === 3) hits.push(...roll(b, 12, 16, 2 / 3).filter((h) => !skip.includes(h.step - b * 16)));
    } else if (genre === 'R&B' || genre === 'Afrobeats') {
      for (let s = 0; s < 16; s++) {
        const accent = genre === 'Afrobeats' ? [0, 3, 6, 8, 11, 14].includes(s) : s % 2 === 0;
        hits.push({ step: b * 16 + s, velocity: accent ? 0.78 : 0.32 + 0.14 * random.next() });
      }
    } else if ((genre === 'Pop' && variant === 1) || (genre === 'Country' && variant === 1)) {
      for (let s = 0; s < 16; s++) hits.push({ step: b * 16 + s, velocity: s % 4 === 0 ? 0.85 : s % 2 === 0 ? 0.6 : 0.4 });
    } else if (genre === 'Country' && variant === 2) {
      for (let s = 0; s < 16; s += 4) hits.push({ step: b * 16 + s, velocity: 0.85 });
    } else {
      for (let s = 0; s < 16; s += 2) {
        // Lo-fi drops the odd hat; boom bap leans on the off-beats.
        if (genre === 'Lo-Fi' && s % 4 === 2 && random.next() < 0.15) continue;
        const offbeatLean = genre === 'Boom Bap' && s % 4 === 2 ? 0.1 : 0;
        hits.push({ step: b * 16 + s, velocity: (s % 4 === 0 ? 0.82 : 0.55) + offbeatLean + 0.08 * random.next() });
      }
      if (genre === 'Boom Bap' && variant === 2 && b % 2 === 1) hits.push({ step: b * 16 + 15, velocity: 0.45 });
    }
  }
  return hits;
}

function openHats(genre: DemoGenre, variant: number): StepHit[] {
  if (genre === 'Pop' || (genre === 'Country' && variant === 0)) return everyBar((b) => at(b, [2, 6, 10, 14], 0.62));
  if (genre === 'Afrobeats') return everyBar((b) => at(b, variant === 1 ? [2, 10] : [6, 14], 0.58));
  if (genre === 'Trap') return everyBar((b) => (b % 2 === 1 ? at(b, variant === 0 ? [14] : [6, 14], 0.6) : variant === 2 ? at(b, [10], 0.5) : []));
  return everyBar((b) => (b % 2 === 1 || variant === 1 ? at(b, [14], 0.6) : at(b, [6], 0.45)));
}

/** Percussion by genre: rims and woodblocks, congas and agogo in 3-3-2, tambourines and shakers. */
function percs(genre: DemoGenre, variant: number): StepHit[] {
  const v = variant % 3;
  switch (genre) {
    case 'Afrobeats':
      if (v === 0) return everyBar((b) => [...at(b, [0, 3, 6, 10, 12], 0.8, 'conga'), ...at(b, [8, 14], 0.6, 'bongo')]);
      if (v === 1) return everyBar((b) => [...at(b, [0, 3, 6, 8, 11, 14], 0.7, 'cowbell'), ...at(b, [1, 5, 9, 13], 0.5, 'shaker')]);
      return everyBar((b) => [...at(b, [2, 6, 10, 14], 0.65, 'shaker'), ...at(b, [3, 11], 0.75, 'rim'), ...at(b, [7, 15], 0.55, 'bongo')]);
    case 'Country':
      if (v === 0) return everyBar((b) => at(b, [2, 6, 10, 14], 0.75, 'tambourine'));
      if (v === 1) return everyBar((b) => Array.from({ length: 8 }, (_, k) => ({ step: b * 16 + k * 2, velocity: k % 2 ? 0.55 : 0.8, sound: 'shaker' })));
      return everyBar((b) => at(b, [4, 12], 0.8, 'rim'));
    case 'Drill':
      return everyBar((b) => at(b, b % 2 ? [5, 13] : [3, 11], 0.7, ['rim', 'bongo', 'woodblock'][v]));
    case 'Boom Bap':
      if (v === 0) return everyBar((b) => at(b, [4, 12], 0.7, 'tambourine'));
      if (v === 1) return everyBar((b) => at(b, [0, 2, 4, 6, 8, 10, 12, 14], 0.5, 'shaker'));
      return everyBar((b) => at(b, [3, 10], 0.6, 'cowbell'));
    case 'Lo-Fi':
      if (v === 0) return everyBar((b) => at(b, [2, 6, 10, 14], 0.45, 'shaker'));
      if (v === 1) return everyBar((b) => at(b, [7, 13], 0.55, 'rim'));
      return everyBar((b) => at(b, [4, 12], 0.6, 'snap'));
    case 'R&B':
      if (v === 0) return everyBar((b) => at(b, [8], 0.8, 'snap'));
      if (v === 1) return everyBar((b) => Array.from({ length: 16 }, (_, s) => ({ step: b * 16 + s, velocity: s % 4 === 2 ? 0.6 : 0.3, sound: 'shaker' })));
      return everyBar((b) => at(b, [3, 11, 14], 0.55, 'rim'));
    case 'Pop':
      if (v === 0) return everyBar((b) => at(b, [4, 12], 0.7, 'snap'));
      if (v === 1) return everyBar((b) => Array.from({ length: 8 }, (_, k) => ({ step: b * 16 + k * 2 + 1, velocity: 0.5, sound: 'shaker' })));
      return everyBar((b) => at(b, [4, 12], 0.7, 'tambourine'));
    case 'Trap':
    default:
      if (v === 0) return everyBar((b) => at(b, b % 4 === 3 ? [3, 11, 13, 14] : [3, 11], 0.7, 'rim'));
      if (v === 1) return everyBar((b) => at(b, [6, 13], 0.65, 'woodblock'));
      return everyBar((b) => at(b, [2, 7, 11, 15], 0.55, 'bongo'));
  }
}

/** Cymbals: crashes on the phrase starts, a ride pattern, or a crash with a ride bell. */
function cymbals(genre: DemoGenre, variant: number): StepHit[] {
  const v = variant % 3;
  if (v === 0) return [{ step: 0, velocity: 0.9, sound: 'crash' }, { step: 64, velocity: 0.75, sound: 'crash' }];
  const rideEvery = genre === 'Boom Bap' || genre === 'Country' ? 2 : 4;
  const ride = everyBar((b) => Array.from({ length: 16 / rideEvery }, (_, k) => ({ step: b * 16 + k * rideEvery, velocity: k % 2 ? 0.55 : 0.75, sound: 'ride' })));
  if (v === 1) return [{ step: 0, velocity: 0.85, sound: 'crash' }, ...ride.filter((h) => h.step !== 0)];
  return [{ step: 0, velocity: 0.85, sound: 'crash' }, { step: 112 + 14, velocity: 0.6, sound: 'crash' }, ...everyBar((b) => at(b, [0, 4, 8, 12], 0.5, 'ride'))].filter((h, i, all) => all.findIndex((x) => x.step === h.step) === i);
}

export interface DrumPattern {
  readonly hits: StepHit[];
}

/** The pattern of one loop of one drum type (808s and FX have their own writers). */
export function drumPattern(genre: DemoGenre, drumType: DrumType, variant: number, random: SeededRandom): DrumPattern {
  switch (drumType) {
    case 'Kicks': return { hits: kicks(genre, variant) };
    case 'Snares': return { hits: backbeat(genre, variant, true, random) };
    case 'Claps': return { hits: backbeat(genre, variant, false, random) };
    case 'Hihats': return { hits: hihats(genre, variant, random) };
    case 'Open Hats': return { hits: openHats(genre, variant) };
    case 'Percs': return { hits: percs(genre, variant) };
    case 'Cymbals': return { hits: cymbals(genre, variant) };
    default: return { hits: [] };
  }
}

/** The kick steps an 808 line follows (the 808 lands with the kick, as producers program it). */
export const kickSteps = (genre: DemoGenre, variant: number): number[] => kicks(genre, variant).map((h) => h.step);

export const isPercKind = (sound: string | undefined): sound is PercKind =>
  sound === 'rim' || sound === 'conga' || sound === 'bongo' || sound === 'woodblock' || sound === 'cowbell' || sound === 'tambourine' || sound === 'shaker' || sound === 'snap';

/** One note of an 808 line on the step grid. */
export interface BassStep {
  readonly step: number;
  /** 16ths until the next note (or the loop's end, wrapping). */
  readonly gap: number;
  readonly midi: number;
  readonly glide: boolean;
}

/**
 * An 808 line on the kick's rhythm in the given key: variant 0 holds the tonic, the others follow the
 * roots of one of the mode's progressions (a chord every two bars). Drill slides on every other note;
 * trap's later variants jump an octave and glide at the ends of bars.
 */
export function bassLine(genre: DemoGenre, variant: number, key: Key, mode: Mode): BassStep[] {
  const grooveVariant = variant % 3;
  const steps = kickSteps(genre, grooveVariant);
  const progressions = PROGRESSIONS[mode];
  const degrees = variant === 0 ? [0, 0, 0, 0] : progressions[(variant - 1) % progressions.length];
  const slides = genre === 'Drill' || (genre === 'Trap' && variant % 2 === 0 && variant > 0);
  return steps.map((step, i) => {
    const next = i + 1 < steps.length ? steps[i + 1] : steps[0] + LOOP_STEPS;
    const chord = Math.floor(step / 32);
    let midi = 36 + rootPitchClass(key, mode, degrees[chord % degrees.length]);
    if (midi > 42) midi -= 12;
    // Slides: the last hit of a bar (drill: every other hit) leaps up and glides there.
    const positionInBar = step % 16;
    const leap = slides && (genre === 'Drill' ? i % 2 === 1 : positionInBar >= 9 && Math.floor(step / 16) % 2 === 1);
    // An octave or the chord's fifth: both in the key for every chord the progressions use.
    const interval = genre === 'Drill' ? [12, 7][Math.floor(i / 2) % 2] : 12;
    // Drill slides into every note (up to the leaps and back down); trap into its leaps.
    return { step, gap: next - step, midi: midi + (leap ? interval : 0), glide: genre === 'Drill' ? i > 0 : leap };
  });
}
