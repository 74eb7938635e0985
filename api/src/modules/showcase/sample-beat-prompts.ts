/** One of the landing page's four sample beats: a fixed prompt of its own genre. */
export interface SampleBeatPrompt {
  /** Stable id of the slot; a beat rendered for it is reused on every later start. */
  readonly slot: string;
  readonly title: string;
  readonly prompt: string;
}

/** The four sample beats of /welcome (requirements §L2), in grid order, each of a different genre. */
export const SAMPLE_BEAT_PROMPTS: readonly SampleBeatPrompt[] = [
  { slot: 'trap', title: 'Midnight Run', prompt: 'dark trap type beat' },
  { slot: 'lo-fi', title: 'Rainy Window', prompt: 'chill lo-fi type beat' },
  { slot: 'r&b', title: 'Velvet Hours', prompt: 'smooth r&b type beat' },
  { slot: 'boom-bap', title: 'Dusty Crates', prompt: 'boom bap type beat' },
];

const GENRE_LABELS: Record<string, string> = { 'r&b': 'R&B', 'lo-fi': 'Lo-Fi', edm: 'EDM', 'hip-hop': 'Hip-Hop', 'hip hop': 'Hip-Hop' };

/** A genre tag key (e.g. `boom bap`) as a card shows it (`Boom Bap`). */
export function genreLabel(tag: string | null): string {
  if (!tag) return 'Beat';
  return GENRE_LABELS[tag] ?? tag.replace(/(^|[\s-])([a-z])/g, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}
