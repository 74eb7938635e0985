import { AffectReader, vaderLexicon } from './affect';
import { ArtistIndex } from './artist-index';
import { cosine, WORD_VECTOR_DIMENSIONS, type WordVectors } from './word-vectors';

/** Words rarer than this in the vectors' frequency list may be misspellings of a tag or a name. */
export const RARE_RANK = 50_000;
/** Nearest VADER words whose ratings stand in for an unrated word's valence. */
const NEIGHBOURS = 8;
const NEIGHBOUR_SIMILARITY = 0.5;

/**
 * What the parser knows about English, loaded once per process: word vectors, valence and arousal,
 * and the artists file. Without vectors (a unit test, or the vectors failed to load) prompts are
 * read by spelling alone.
 */
export class Lexicon {
  readonly affect: AffectReader | null;
  /** VADER's rated words that have vectors: their valences, and their unit vectors in one matrix. */
  private readonly ratedValences: number[] = [];
  private readonly ratedMatrix: Float32Array;
  private readonly valenceCache = new Map<string, number | null>();
  private readonly phraseVectors = new Map<string, Float32Array | null>();

  constructor(
    readonly vectors: WordVectors | null,
    readonly artists: ArtistIndex = new ArtistIndex(),
    private readonly valences: ReadonlyMap<string, number> = vaderLexicon(),
  ) {
    this.affect = vectors ? new AffectReader(vectors, valences) : null;
    const rows: Float32Array[] = [];
    if (vectors) {
      for (const [word, valence] of valences) {
        const vector = vectors.vector(word);
        if (!vector) continue;
        rows.push(vector);
        this.ratedValences.push(valence);
      }
    }
    this.ratedMatrix = new Float32Array(rows.length * WORD_VECTOR_DIMENSIONS);
    rows.forEach((row, i) => this.ratedMatrix.set(row, i * WORD_VECTOR_DIMENSIONS));
  }

  /** A common English word (one the vectors know and not rare): never read as a misspelling. */
  isCommonWord(word: string): boolean {
    const rank = this.vectors?.rank(word);
    return rank !== null && rank !== undefined && rank < RARE_RANK;
  }

  /** The vector of a word or a phrase (the mean of its words), cached. */
  vectorOf(phrase: string): Float32Array | null {
    if (!this.vectors) return null;
    if (!this.phraseVectors.has(phrase)) this.phraseVectors.set(phrase, this.vectors.mean(phrase.split(/[\s-]+/)));
    return this.phraseVectors.get(phrase)!;
  }

  similarity(a: string, b: string): number {
    const x = this.vectorOf(a);
    const y = this.vectorOf(b);
    return x && y ? cosine(x, y) : 0;
  }

  /**
   * Valence on VADER's -4..+4: its rating, or for a word it has not rated, the similarity-weighted
   * mean rating of its nearest rated words, only when it is clear: at least three close neighbours,
   * three in four of them on one side (antonyms share contexts, so "victorious" sits near both
   * "triumph" and "defeat" and gets none), and a mean of at least 1.
   */
  valence(word: string): number | null {
    const rated = this.valences.get(word);
    if (rated !== undefined) return rated;
    if (this.valenceCache.has(word)) return this.valenceCache.get(word)!;
    let value: number | null = null;
    const vector = this.vectors?.vector(word);
    if (vector) {
      const near: { valence: number; similarity: number }[] = [];
      const m = this.ratedMatrix;
      for (let r = 0; r < this.ratedValences.length; r++) {
        let dot = 0;
        const base = r * WORD_VECTOR_DIMENSIONS;
        for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) dot += vector[d] * m[base + d];
        if (dot >= NEIGHBOUR_SIMILARITY) near.push({ valence: this.ratedValences[r], similarity: dot });
      }
      near.sort((a, b) => b.similarity - a.similarity).splice(NEIGHBOURS);
      const weight = near.reduce((s, r) => s + r.similarity, 0);
      const mean = weight ? near.reduce((s, r) => s + r.valence * r.similarity, 0) / weight : 0;
      const agreeing = near.filter((r) => Math.sign(r.valence) === Math.sign(mean)).length;
      value = near.length >= 3 && agreeing >= 0.75 * near.length && Math.abs(mean) >= 1 ? mean : null;
    }
    this.valenceCache.set(word, value);
    return value;
  }

  arousal(word: string): number | null {
    return this.affect?.of(word).arousal ?? null;
  }
}
