import type { DemoGenre } from './genres';

export interface DemoProducer {
  /** Stable key: the account's subject is `demo-producer:<key>`. */
  readonly key: string;
  readonly username: string;
  readonly displayName: string;
  /** What they make: every composition and loop of these genres is credited to one of them. */
  readonly genres: readonly DemoGenre[];
}

/** The demo library's producers (fictional; they have no password and cannot sign in). */
export const DEMO_PRODUCERS: readonly DemoProducer[] = [
  { key: 'nightshift', username: 'nightshift_beats', displayName: 'Nightshift', genres: ['Trap', 'Drill'] },
  { key: 'velvet', username: 'velvet_keys', displayName: 'Velvet Keys', genres: ['R&B', 'Lo-Fi', 'Pop'] },
  { key: 'dusty', username: 'dusty_crates', displayName: 'Dusty Crates', genres: ['Boom Bap', 'Lo-Fi'] },
  { key: 'lagos', username: 'lagos_sunset', displayName: 'Lagos Sunset', genres: ['Afrobeats', 'Pop'] },
  { key: 'prairie', username: 'prairie_wind', displayName: 'Prairie Wind', genres: ['Country', 'Pop'] },
  { key: 'cold', username: 'cold_front', displayName: 'Cold Front', genres: ['Drill', 'Trap', 'R&B'] },
];

/** The producers of a genre, in a fixed order. */
export function producersOf(genre: DemoGenre): DemoProducer[] {
  const found = DEMO_PRODUCERS.filter((p) => p.genres.includes(genre));
  if (!found.length) throw new Error(`No demo producer makes ${genre}`);
  return found;
}
