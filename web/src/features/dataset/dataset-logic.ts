/** A genre as the Our Dataset page reads it (the `datasetGenres` query). */
export interface GenreShare {
  readonly name: string;
  /** Percent of the catalogue's counted sample files, two decimals. */
  readonly share: number;
  readonly style: string;
  readonly artists: readonly string[];
}

/** A percentage as the page shows it: two decimals (requirements §P2). */
export const formatShare = (share: number): string => `${share.toFixed(2)}%`;

/** The chart tooltip's text: `name: value%` (requirements §P2). */
export const tooltipText = (name: string, value: number): string => `${name}: ${value}%`;

/** Genres under the threshold, largest share first (ties keep the catalogue's order). */
export function genresNeedingContributions<T extends GenreShare>(genres: readonly T[], threshold: number): T[] {
  return genres
    .map((genre, index) => ({ genre, index }))
    .filter(({ genre }) => genre.share < threshold)
    .sort((a, b) => b.genre.share - a.genre.share || a.index - b.index)
    .map(({ genre }) => genre);
}

/** The colour bands of requirements §P9: dark red under 1%, red shades under 2..6%, yellow from 6%. */
export const CONTRIBUTION_BANDS = [
  { below: 1, name: 'critical', color: '#7f1d1d' },
  { below: 2, name: 'red-1', color: '#991b1b' },
  { below: 3, name: 'red-2', color: '#b91c1c' },
  { below: 4, name: 'red-3', color: '#dc2626' },
  { below: 5, name: 'red-4', color: '#ef4444' },
  { below: 6, name: 'red-5', color: '#f87171' },
  { below: Infinity, name: 'yellow', color: '#facc15' },
] as const;

export type ContributionBand = (typeof CONTRIBUTION_BANDS)[number];

export function contributionBand(share: number): ContributionBand {
  return CONTRIBUTION_BANDS.find((band) => share < band.below)!;
}

/** Twenty slice colours, distinct on the dark background, in the genres' order. */
export const SLICE_COLORS = [
  '#6366f1', '#22d3ee', '#f472b6', '#facc15', '#34d399', '#fb923c', '#a78bfa', '#f87171', '#2dd4bf', '#c084fc',
  '#84cc16', '#60a5fa', '#e879f9', '#fbbf24', '#4ade80', '#f97316', '#818cf8', '#fda4af', '#5eead4', '#eab308',
] as const;

export const sliceColor = (index: number): string => SLICE_COLORS[index % SLICE_COLORS.length];
