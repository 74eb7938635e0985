import { LRUCache } from 'lru-cache';
import type { AudioData } from '../audio-buffer';
import type { Bpm, Semitones } from '../units';

/**
 * A bytes-bounded LRU cache for decoded and warped loops, so that a re-render after an edit warps
 * only what changed. The bound is on the bytes of the audio held (8 layers of 8 stretched bars are
 * ~40 MB), not on the number of entries, because loops differ in length by 10x. `lru-cache` does the
 * bookkeeping; this adds the audio sizing, the de-duplication of concurrent computations of one key
 * (two layers or two renders asking for the same warp at once compute it once), and counters.
 *
 * Values are shared: whoever gets one must not write into its buffers.
 */

export interface LoopCacheOptions<V> {
  /** Upper bound on the bytes of all values held (entries larger than this are returned but not kept). */
  readonly maxBytes: number;
  /**
   * Bytes one value holds. Default: the byte length of its channels, for an AudioData or an object
   * with an `audio: AudioData` field (the renderer's prepared loop).
   */
  readonly bytesOf?: (value: V) => number;
}

export interface LoopCacheStats {
  /** Lookups answered from the cache, or joined onto a computation already running. */
  readonly hits: number;
  /** Lookups that found nothing (for getOrCreate: computations started). */
  readonly misses: number;
  /** Bytes held now. */
  readonly bytes: number;
  readonly entries: number;
  /** Entries dropped to make room. */
  readonly evictions: number;
  /** Computations running now. */
  readonly pending: number;
}

export interface LoopCache<V> {
  /** The value, marking it most recently used; undefined when absent (counts a hit or a miss). */
  get(key: string): V | undefined;
  /** Stores a value, evicting the least recently used entries until the total fits. */
  set(key: string, value: V): void;
  /**
   * The cached value, or the result of `create`, stored. Concurrent calls for a key being computed
   * share that one computation. A failed computation is not stored: every waiter gets the error and
   * the next call tries again.
   */
  getOrCreate(key: string, create: () => V | Promise<V>): Promise<V>;
  delete(key: string): boolean;
  clear(): void;
  stats(): LoopCacheStats;
}

/** Byte length of the channels of an AudioData, or of the `audio` field of a prepared loop. */
export function audioBytes(value: unknown): number {
  const audio = (isAudio(value) ? value : isAudio((value as { audio?: unknown } | null)?.audio) ? (value as { audio: AudioData }).audio : undefined);
  if (!audio) throw new TypeError('Cannot size this cache value: pass bytesOf to createLoopCache');
  let bytes = 0;
  for (const channel of audio.channels) bytes += channel.byteLength;
  return bytes;
}

function isAudio(value: unknown): value is AudioData {
  return typeof value === 'object' && value !== null && Array.isArray((value as AudioData).channels);
}

/** Creates a bytes-bounded loop cache. */
export function createLoopCache<V extends object>(options: LoopCacheOptions<V>): LoopCache<V> {
  if (!(options.maxBytes > 0)) throw new RangeError(`maxBytes must be positive, got ${options.maxBytes}`);
  const bytesOf = options.bytesOf ?? audioBytes;
  let hits = 0;
  let misses = 0;
  let evictions = 0;
  const entries = new LRUCache<string, V>({
    maxSize: options.maxBytes,
    // lru-cache refuses a size of 0; an empty loop still costs its entry.
    sizeCalculation: (value) => Math.max(1, bytesOf(value)),
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') evictions++;
    },
  });
  const pending = new Map<string, Promise<V>>();

  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) misses++;
      else hits++;
      return value;
    },
    set(key, value) {
      entries.set(key, value);
    },
    getOrCreate(key, create) {
      const cached = entries.get(key);
      if (cached !== undefined) {
        hits++;
        return Promise.resolve(cached);
      }
      const running = pending.get(key);
      if (running) {
        hits++;
        return running;
      }
      misses++;
      const computation = (async () => create())().then(
        (value) => {
          pending.delete(key);
          entries.set(key, value);
          return value;
        },
        (error: unknown) => {
          pending.delete(key);
          throw error;
        },
      );
      pending.set(key, computation);
      return computation;
    },
    delete(key) {
      return entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    stats() {
      return { hits, misses, bytes: entries.calculatedSize, entries: entries.size, evictions, pending: pending.size };
    },
  };
}

/** What a cached loop is: which sample, and how it was transformed. */
export interface LoopTransformKey {
  readonly kind: 'drums' | 'tonal' | 'decoded';
  readonly fromBpm?: Bpm;
  readonly toBpm?: Bpm;
  readonly bars?: number;
  readonly semitones?: Semitones;
}

/**
 * The cache key of a sample under a transform, e.g. `kick-12|drums|140->150|+0st|8bars`; a decoded,
 * untransformed sample is `kick-12|decoded`. Equal transforms give equal keys, so an edit that keeps
 * a layer's sample and tempo finds its warp cached.
 */
export function loopCacheKey(sampleId: string, transform: LoopTransformKey): string {
  if (transform.kind === 'decoded') return `${sampleId}|decoded`;
  const semitones = transform.semitones ?? 0;
  return `${sampleId}|${transform.kind}|${transform.fromBpm}->${transform.toBpm}|${semitones >= 0 ? '+' : ''}${semitones}st|${transform.bars}bars`;
}
