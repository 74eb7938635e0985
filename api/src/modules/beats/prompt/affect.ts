import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cosine, type WordVectors } from './word-vectors';

/**
 * How a word feels: valence (pleasant to unpleasant) and arousal (excited to calm), the two axes of
 * Russell's circumplex of affect. Valence leans a beat's mode (major or minor), arousal its tempo.
 *
 * - Valence is VADER's lexicon (`vader-sentiment`, Apache-2.0): about 7,500 words and emoticons,
 *   each the mean rating of ten people on -4..+4.
 * - Arousal has no lexicon on the registry; it is read from the word vectors along a semantic axis
 *   (SemAxis, An et al. 2018): the direction from the mean of calm words to the mean of excited
 *   ones. A word's arousal is the cosine of its vector with that direction.
 */
export interface Affect {
  /** -4..+4 (VADER), null when the lexicon has no rating. */
  readonly valence: number | null;
  /** About -0.6..+0.6 (cosine with the arousal axis), null when the word has no vector. */
  readonly arousal: number | null;
}

/** The two poles of the arousal axis: common words for excited and for calm states and paces. */
export const AROUSAL_POLES = {
  high: ['energetic', 'frantic', 'intense', 'aggressive', 'fast', 'hype', 'excited', 'wild', 'furious', 'explosive', 'adrenaline', 'hectic'],
  low: ['calm', 'relaxed', 'slow', 'peaceful', 'sleepy', 'mellow', 'soothing', 'gentle', 'quiet', 'tranquil', 'serene', 'lazy'],
} as const;

const HIGH: ReadonlySet<string> = new Set(AROUSAL_POLES.high);
const LOW: ReadonlySet<string> = new Set(AROUSAL_POLES.low);
const POLE_FLOOR = 0.3;

let vader: ReadonlyMap<string, number> | undefined;

/** VADER's lexicon (word to mean valence), read once from the package's own text file. */
export function vaderLexicon(): ReadonlyMap<string, number> {
  if (vader) return vader;
  const file = join(dirname(require.resolve('vader-sentiment/package.json')), 'vader_lexicon.txt');
  const map = new Map<string, number>();
  const text = readFileSync(file, 'utf8');
  // Lines are "word<TAB>mean<TAB>deviation<TAB>ratings"; only plain words are kept (not emoticons).
  for (let at = 0; at < text.length; ) {
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    const tab = text.indexOf('\t', at);
    if (tab > at && tab < lineEnd) {
      const word = text.slice(at, tab);
      if (/^[a-z][a-z'-]*$/.test(word)) map.set(word, parseFloat(text.slice(tab + 1, text.indexOf('\t', tab + 1))));
    }
    at = lineEnd + 1;
  }
  vader = map;
  return map;
}

/** Reads words' affect; one per process, over the loaded vectors. */
export class AffectReader {
  private readonly axis: Float32Array | null;

  constructor(
    private readonly vectors: WordVectors,
    private readonly valences: ReadonlyMap<string, number> = vaderLexicon(),
  ) {
    const high = vectors.mean(AROUSAL_POLES.high);
    const low = vectors.mean(AROUSAL_POLES.low);
    if (!high || !low) {
      this.axis = null;
      return;
    }
    const axis = high.map((x, i) => x - low[i]);
    let norm = 0;
    for (const x of axis) norm += x * x;
    this.axis = axis.map((x) => x / Math.sqrt(norm));
  }

  of(word: string): Affect {
    const vector = this.axis ? this.vectors.vector(word) : null;
    let arousal = vector && this.axis ? cosine(vector, this.axis) : null;
    // The poles define the axis: their own words read at least as clearly as the axis's typical words.
    if (arousal !== null && HIGH.has(word)) arousal = Math.max(arousal, POLE_FLOOR);
    if (arousal !== null && LOW.has(word)) arousal = Math.min(arousal, -POLE_FLOOR);
    return { valence: this.valences.get(word) ?? null, arousal };
  }
}
