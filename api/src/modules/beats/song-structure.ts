/**
 * Song structures (I intro, V verse, C chorus, B bridge, O outro), 8 bars a section. A first beat is
 * short, so it renders and plays at once; the full beat is the whole song. Genres differ in how
 * they get to the hook and whether they bridge.
 */
const FULL: Record<string, readonly string[]> = {
  trap: ['IVCVCBCO', 'ICVCVCO'],
  drill: ['ICVCVCO', 'IVCVCBCO'],
  'boom bap': ['IVCVCVCO', 'IVCVCBCO'],
  'lo-fi': ['IVCVCO', 'IVCBCO'],
  'r&b': ['IVCVCBCO', 'IVVCVCBCO'],
  afrobeats: ['ICVCVCBCO', 'IVCVCBCO'],
  pop: ['IVCVCBCCO', 'IVCVCBCO'],
  country: ['IVCVCBCO', 'IVVCVCBCO'],
};
const DEFAULT_FULL = ['IVCVCBCO', 'IVCVCO'];
const SHORT: Record<string, readonly string[]> = {
  drill: ['ICV'],
  afrobeats: ['ICV'],
  'lo-fi': ['IVC', 'VC'],
};
const DEFAULT_SHORT = ['IVC'];

/** A structure for a first (short) or full beat; `pick` chooses among the genre's templates. */
export function chooseStructure(kind: 'short' | 'full', genre: string | null, pick: (count: number) => number): string {
  const options = kind === 'full' ? (genre && FULL[genre]) || DEFAULT_FULL : (genre && SHORT[genre]) || DEFAULT_SHORT;
  return options[Math.min(options.length - 1, Math.max(0, pick(options.length)))];
}

export const isStructure = (value: string): boolean => /^[IVCBO]{1,16}$/.test(value);
