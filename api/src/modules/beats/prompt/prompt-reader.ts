import { catalogueVocabulary, type VocabularySource } from './catalogue-vocabulary';
import type { Lexicon } from './lexicon';
import { parsePrompt, type PromptIntent, type PromptVocabulary } from './prompt-parser';

/** The catalogue's vocabulary changes only with uploads; reading it costs ~250 ms at 100,000 samples. */
const VOCABULARY_TTL_MS = 60_000;

/** Reads prompts against the catalogue's current tags, with the process's lexicon. */
export class PromptReader {
  private cached?: { readAt: number; value: Promise<PromptVocabulary> };

  /** `lexicon` may still be loading: the first prompts wait for it. */
  constructor(
    private readonly catalog: VocabularySource,
    private readonly lexicon: Promise<Lexicon | null> | Lexicon | null,
  ) {}

  async read(prompt: string): Promise<PromptIntent> {
    const [vocabulary, lexicon] = await Promise.all([this.vocabulary(), this.lexicon]);
    return parsePrompt(prompt, vocabulary, lexicon);
  }

  /** The catalogue's tags, re-read at most once a minute. */
  vocabulary(): Promise<PromptVocabulary> {
    if (!this.cached || Date.now() - this.cached.readAt > VOCABULARY_TTL_MS) {
      const value = catalogueVocabulary(this.catalog);
      this.cached = { readAt: Date.now(), value };
      value.catch(() => (this.cached = undefined));
    }
    return this.cached.value;
  }
}
