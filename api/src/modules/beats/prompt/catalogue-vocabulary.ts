import type { EntityManager } from '@mikro-orm/postgresql';
import { tagVocabulary } from '../../catalog/catalog.queries';
import type { PromptVocabulary } from './prompt-parser';

/** The catalogue's tags, and per mood tag how many compositions of each mode carry it. */
export async function catalogueVocabulary(em: EntityManager): Promise<PromptVocabulary> {
  const [tags, rows] = await Promise.all([
    tagVocabulary(em),
    em.getConnection().execute<{ mood: string; minor: number; major: number }[]>(
      `select substr(tag, 6) as mood, count(*) filter (where mode = 'Minor')::int as minor, count(*) filter (where mode = 'Major')::int as major
         from melody_compositions, unnest(tag_keys) as tag where tag like 'mood:%' group by tag`,
    ),
  ]);
  return { tags, moodModes: new Map(rows.map((r) => [r.mood, { minor: r.minor, major: r.major }])) };
}
