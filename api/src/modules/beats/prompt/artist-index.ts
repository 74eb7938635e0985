import { ARTISTS, type ArtistRecord } from './data/artists';

/** Lower case, accents dropped, punctuation as spaces: how prompts and names are compared. */
export function normaliseWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9&#+\- ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Damerau-Levenshtein distance (adjacent swaps count one), bounded: past `max` it returns max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** Edits a spelling may be off by: none under 4 letters, one up to 7, two from 8. */
export const allowedEdits = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** The artists file, by every normalised name and alias. */
export class ArtistIndex {
  private readonly byName = new Map<string, ArtistRecord>();
  /** Names by their number of words, for the fuzzy pass. */
  private readonly names: { key: string; artist: ArtistRecord }[] = [];

  constructor(artists: readonly ArtistRecord[] = ARTISTS) {
    for (const artist of artists) {
      for (const name of [artist.name, ...artist.aliases]) {
        const key = normaliseWords(name);
        if (!key || this.byName.has(key)) continue;
        this.byName.set(key, artist);
        this.names.push({ key, artist });
      }
    }
  }

  get size(): number {
    return new Set(this.byName.values()).size;
  }

  exact(phrase: string): ArtistRecord | null {
    return this.byName.get(phrase) ?? null;
  }

  /** The artist whose name or alias is spelled closest to a phrase ("travis scot", "drak"), if close enough. */
  closest(phrase: string): ArtistRecord | null {
    const max = allowedEdits(phrase.replace(/ /g, '').length);
    if (max === 0) return null;
    let best: { artist: ArtistRecord; d: number } | null = null;
    for (const { key, artist } of this.names) {
      if (key[0] !== phrase[0] || key.length < 4) continue;
      const d = editDistance(phrase, key, max);
      if (d <= max && (!best || d < best.d)) best = { artist, d };
    }
    return best?.artist ?? null;
  }
}
