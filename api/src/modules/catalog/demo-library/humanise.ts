/**
 * A player's small unevenness, seeded so the library is the same on every machine: each note comes
 * a few milliseconds early or late and a little softer or harder than written. Laid-back genres
 * (lo-fi, boom bap) drift most; programmed ones (trap, drill) least.
 */
import type { SeededRandom } from '../../../audio';
import type { DemoGenre } from './genres';

export interface Feel {
  /** Largest timing offset, either way (milliseconds). */
  readonly timingMs: number;
  /** Largest velocity offset, either way (MIDI steps of 127). */
  readonly velocity: number;
}

const FEELS: Record<DemoGenre, Feel> = {
  Trap: { timingMs: 4, velocity: 6 },
  Drill: { timingMs: 4, velocity: 6 },
  'Boom Bap': { timingMs: 12, velocity: 10 },
  'Lo-Fi': { timingMs: 14, velocity: 10 },
  'R&B': { timingMs: 9, velocity: 8 },
  Afrobeats: { timingMs: 6, velocity: 8 },
  Pop: { timingMs: 5, velocity: 6 },
  Country: { timingMs: 8, velocity: 8 },
};

/** How much a genre's parts are humanised. */
export const feelOf = (genre: DemoGenre): Feel => FEELS[genre];

/**
 * The offsets of one note: frames to move it by and MIDI velocity for a written velocity of 0..1.
 * Offsets are triangular (the sum of two uniforms), so most notes move little.
 */
export function humanise(random: SeededRandom, feel: Feel, velocity: number, sampleRate: number, scale = 1): { shift: number; velocity: number } {
  const wobble = () => (random.next() + random.next() - 1) * scale;
  const shift = Math.round((wobble() * feel.timingMs * sampleRate) / 1000);
  const midi = Math.round(velocity * 127 + wobble() * feel.velocity);
  return { shift, velocity: Math.max(1, Math.min(127, midi)) };
}
