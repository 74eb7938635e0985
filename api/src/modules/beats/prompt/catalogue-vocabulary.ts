import type { CatalogService } from '../../catalog';
import type { PromptVocabulary } from './prompt-parser';

/** What the prompt reader needs of the catalogue. */
export type VocabularySource = Pick<CatalogService, 'tagVocabulary' | 'moodModeCounts'>;

/** The catalogue's tags, and per mood tag how many compositions of each mode carry it. */
export async function catalogueVocabulary(catalog: VocabularySource): Promise<PromptVocabulary> {
  const [tags, moodModes] = await Promise.all([catalog.tagVocabulary(), catalog.moodModeCounts()]);
  return { tags, moodModes };
}
