import type { EntityManager } from '@mikro-orm/postgresql';

/** How often a loop's beats named a genre or a prompt word. */
export interface Tally {
  readonly name: string;
  readonly count: number;
}

/** The beats one loop of a contributor was used in, and what those beats were asked for. */
export interface LoopBeats {
  readonly sampleId: string;
  readonly beatIds: readonly string[];
  /** The genres of those beats, most frequent first (ties by name), at most `top`. */
  readonly genres: readonly Tally[];
  /** The words of those beats' prompts, most frequent first (ties by word), at most `top`; filler words left out. */
  readonly words: readonly Tally[];
}

/** Words of a prompt that say nothing about what was asked for. */
const FILLER = new Set(['a', 'an', 'the', 'and', 'or', 'with', 'of', 'for', 'in', 'on', 'to', 'like', 'type', 'beat', 'beats', 'some', 'my', 'me', 'i', 'it', 'that', 'this', 'make', 'song', 'instrumental', 'style', 'vibe', 'vibes', 'by', 'at', 'is', 'but']);

/** A prompt's meaningful words, lower case, each once. */
export function promptWords(prompt: string): string[] {
  const words = prompt.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}][\p{L}\p{N}'&-]*/gu) ?? [];
  return [...new Set(words.map((w) => w.replace(/'s$/, '')).filter((w) => w.length > 1 && !FILLER.has(w)))];
}

function topOf(counts: Map<string, number>, top: number): Tally[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, top)
    .map(([name, count]) => ({ name, count }));
}

const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * For each loop (composition or drum loop) named in the selection of a beat crediting the
 * contributor: the beats, and the genres and prompt words those beats answered. Only beats crediting
 * the contributor are read (their producer_shares name the contributor's user id).
 */
export async function loopBeatsOf(em: EntityManager, contributorId: string, top = 3): Promise<LoopBeats[]> {
  const rows = await em.execute<{ id: string; prompt: string; genre: string | null; samples: string[] }[]>(
    `select b.id, b.prompt, b.selection->>'genre' as genre,
            array_remove(array[b.selection->'composition'->>'id'] || coalesce((select array_agg(d->>'sampleId') from jsonb_array_elements(coalesce(b.selection->'drums', '[]'::jsonb)) d), '{}'), null) as samples
       from beats b where b.producer_shares @> ?::jsonb`,
    [JSON.stringify([{ producerId: contributorId }])],
  );
  const loops = new Map<string, { beats: string[]; genres: Map<string, number>; words: Map<string, number> }>();
  const fresh = () => ({ beats: [] as string[], genres: new Map<string, number>(), words: new Map<string, number>() });
  for (const row of rows) {
    const words = promptWords(row.prompt);
    for (const sampleId of new Set(row.samples)) {
      const loop = loops.get(sampleId) ?? fresh();
      loops.set(sampleId, loop);
      loop.beats.push(row.id);
      if (row.genre) bump(loop.genres, row.genre);
      for (const word of words) bump(loop.words, word);
    }
  }
  return [...loops.entries()].map(([sampleId, l]) => ({ sampleId, beatIds: l.beats, genres: topOf(l.genres, top), words: topOf(l.words, top + 2) }));
}

/**
 * Beats crediting the contributor per ISO week (Monday, UTC) from `from` (inclusive) to `to`
 * (exclusive); weeks without a beat are absent.
 */
export async function beatsByWeekOf(em: EntityManager, contributorId: string, from: Date, to: Date): Promise<{ week: string; beats: number }[]> {
  const rows = await em.execute<{ week: string; beats: number }[]>(
    `select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as beats
       from beats where producer_shares @> ?::jsonb and created_at >= ? and created_at < ?
      group by 1 order by 1`,
    [JSON.stringify([{ producerId: contributorId }]), from, to],
  );
  return rows;
}
