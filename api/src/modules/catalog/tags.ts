/** The tag kinds a sample carries (requirements §P2: Artists, Instruments, Genres, Moods, Tempo Style). */
export const TAG_KINDS = ['artist', 'instrument', 'genre', 'mood', 'tempo'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

export interface SampleTags {
  readonly artists: string[];
  readonly instruments: string[];
  readonly genres: string[];
  readonly moods: string[];
  readonly tempoStyles: string[];
}

const FIELD_OF: Record<TagKind, keyof SampleTags> = {
  artist: 'artists',
  instrument: 'instruments',
  genre: 'genres',
  mood: 'moods',
  tempo: 'tempoStyles',
};

/** Lower-case key used for case-insensitive matching. */
export const tagKey = (value: string): string => value.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Cleans a tag list as the upload form does (requirements §P5): trims, drops a trailing comma, ignores
 * empty values and case-insensitive duplicates (the first spelling wins), and bounds the length.
 */
export function cleanTags(values: readonly string[], maxLength = 60): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/,+$/, '').trim().replace(/\s+/g, ' ').slice(0, maxLength);
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * All tags of a sample as `kind:value` keys, the form stored in the GIN-indexed `tag_keys` column,
 * so one array-overlap query finds samples matching any tag of any kind.
 */
export function tagKeysOf(tags: SampleTags): string[] {
  const keys = new Set<string>();
  for (const kind of TAG_KINDS) for (const value of tags[FIELD_OF[kind]]) keys.add(`${kind}:${tagKey(value)}`);
  return [...keys];
}
