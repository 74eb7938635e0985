import type { DemoGenre } from './genres';

export interface DemoProducer {
  /** Stable key: the account's subject is `demo-producer:<key>`. */
  readonly key: string;
  readonly username: string;
  readonly displayName: string;
  /** What they make: every composition and loop of these genres is credited to one of them. */
  readonly genres: readonly DemoGenre[];
  /**
   * Their exclusive prices in cents: the demo producers sell exclusives (a new producer's default
   * stays "No", requirements §P9), each at prices of their own, so a fresh install offers every tier.
   */
  readonly exclusivePricesCents: { readonly excindie: number; readonly exclabel: number };
}

/** The demo library's producers (fictional; they have no password and cannot sign in). */
export const DEMO_PRODUCERS: readonly DemoProducer[] = [
  { key: 'nightshift', username: 'nightshift_beats', displayName: 'Nightshift', genres: ['Trap', 'Drill'], exclusivePricesCents: { excindie: 349_99, exclabel: 899_99 } },
  { key: 'velvet', username: 'velvet_keys', displayName: 'Velvet Keys', genres: ['R&B', 'Lo-Fi', 'Pop'], exclusivePricesCents: { excindie: 399_99, exclabel: 949_99 } },
  { key: 'dusty', username: 'dusty_crates', displayName: 'Dusty Crates', genres: ['Boom Bap', 'Lo-Fi'], exclusivePricesCents: { excindie: 249_99, exclabel: 699_99 } },
  { key: 'lagos', username: 'lagos_sunset', displayName: 'Lagos Sunset', genres: ['Afrobeats', 'Pop'], exclusivePricesCents: { excindie: 299_99, exclabel: 799_99 } },
  { key: 'prairie', username: 'prairie_wind', displayName: 'Prairie Wind', genres: ['Country', 'Pop'], exclusivePricesCents: { excindie: 279_99, exclabel: 749_99 } },
  { key: 'cold', username: 'cold_front', displayName: 'Cold Front', genres: ['Drill', 'Trap', 'R&B'], exclusivePricesCents: { excindie: 379_99, exclabel: 999_99 } },
];

/** The producers of a genre, in a fixed order. */
export function producersOf(genre: DemoGenre): DemoProducer[] {
  const found = DEMO_PRODUCERS.filter((p) => p.genres.includes(genre));
  if (!found.length) throw new Error(`No demo producer makes ${genre}`);
  return found;
}
