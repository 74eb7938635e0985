import type { AudioData } from '../audio-buffer';
import { audioBytes, createLoopCache, loopCacheKey } from './loop-cache';

/** A stereo loop of `frames` frames: 8 bytes a frame. */
const loop = (frames: number): AudioData => ({ sampleRate: 44_100, channels: [new Float32Array(frames), new Float32Array(frames)] });

describe('createLoopCache', () => {
  it('evicts by bytes, least recently used first', () => {
    const cache = createLoopCache<AudioData>({ maxBytes: 3 * 8000 });
    cache.set('a', loop(1000));
    cache.set('b', loop(1000));
    cache.set('c', loop(1000));
    expect(cache.stats()).toMatchObject({ bytes: 24_000, entries: 3, evictions: 0 });
    // Touch a: b is now the least recently used, and goes when d needs room.
    expect(cache.get('a')).toBeDefined();
    cache.set('d', loop(1000));
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key) !== undefined)).toEqual([true, true, true]);
    expect(cache.stats()).toMatchObject({ bytes: 24_000, entries: 3, evictions: 1 });
  });

  it('makes room for a large loop by dropping as many small ones as needed, and never holds more than its bound', () => {
    const cache = createLoopCache<AudioData>({ maxBytes: 100_000 });
    for (let i = 0; i < 10; i++) cache.set(`small-${i}`, loop(1000));
    expect(cache.stats().bytes).toBe(80_000);
    cache.set('big', loop(6000));
    const { bytes, entries, evictions } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get('big')).toBeDefined();
    // 48 000 bytes needed 28 000 more than the 20 000 free: the four oldest went.
    expect(evictions).toBe(4);
    expect(entries).toBe(7);
    expect(cache.get('small-3')).toBeUndefined();
    expect(cache.get('small-4')).toBeDefined();
  });

  it('computes a key once for concurrent requests and shares the result', async () => {
    const cache = createLoopCache<AudioData>({ maxBytes: 1_000_000 });
    let computations = 0;
    const create = async (): Promise<AudioData> => {
      computations++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return loop(500);
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => cache.getOrCreate('k', create)));
    expect(computations).toBe(1);
    expect(new Set(results).size).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 4, misses: 1, pending: 0, entries: 1, bytes: 4000 });
    // Afterwards it is a plain hit.
    await cache.getOrCreate('k', create);
    expect(computations).toBe(1);
    expect(cache.stats().hits).toBe(5);
  });

  it('does not keep a failed computation: every waiter sees the error, the next call tries again', async () => {
    const cache = createLoopCache<AudioData>({ maxBytes: 1_000_000 });
    let attempts = 0;
    const flaky = async (): Promise<AudioData> => {
      attempts++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (attempts === 1) throw new Error('decode failed');
      return loop(10);
    };
    const first = [cache.getOrCreate('k', flaky), cache.getOrCreate('k', flaky)];
    await expect(first[0]).rejects.toThrow('decode failed');
    await expect(first[1]).rejects.toThrow('decode failed');
    expect(cache.stats()).toMatchObject({ entries: 0, pending: 0 });
    await expect(cache.getOrCreate('k', flaky)).resolves.toMatchObject({ sampleRate: 44_100 });
    expect(attempts).toBe(2);
    // A creator that throws synchronously is a rejection too, not an exception out of getOrCreate.
    const broken = cache.getOrCreate('other', () => {
      throw new Error('bad sample');
    });
    await expect(broken).rejects.toThrow('bad sample');
  });

  it('returns a loop larger than the whole cache without keeping it', async () => {
    const cache = createLoopCache<AudioData>({ maxBytes: 10_000 });
    cache.set('small', loop(100));
    const huge = await cache.getOrCreate('huge', () => loop(10_000));
    expect(huge.channels[0].length).toBe(10_000);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
  });

  it('sizes the renderer\'s prepared loops by their audio, and asks for a size function otherwise', () => {
    expect(audioBytes(loop(250))).toBe(2000);
    expect(audioBytes({ audio: loop(250), loudness: -20, peak: 0.9 })).toBe(2000);
    expect(() => audioBytes({ notAudio: true })).toThrow(TypeError);
    const cache = createLoopCache<{ size: number }>({ maxBytes: 10, bytesOf: (value) => value.size });
    cache.set('a', { size: 6 });
    cache.set('b', { size: 6 });
    expect(cache.stats()).toMatchObject({ bytes: 6, entries: 1 });
    expect(() => createLoopCache({ maxBytes: 0 })).toThrow(RangeError);
  });

  it('clears and deletes', () => {
    const cache = createLoopCache<AudioData>({ maxBytes: 100_000 });
    cache.set('a', loop(10));
    cache.set('b', loop(10));
    expect(cache.delete('a')).toBe(true);
    expect(cache.delete('a')).toBe(false);
    cache.clear();
    expect(cache.stats()).toMatchObject({ bytes: 0, entries: 0 });
  });
});

describe('loopCacheKey', () => {
  it('names a sample and its transform, distinctly for every change', () => {
    expect(loopCacheKey('kick-12', { kind: 'drums', fromBpm: 140, toBpm: 150, bars: 8 })).toBe('kick-12|drums|140->150|+0st|8bars');
    expect(loopCacheKey('808-3', { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 2, semitones: -7 })).toBe('808-3|tonal|140->150|-7st|2bars');
    expect(loopCacheKey('808-3', { kind: 'decoded' })).toBe('808-3|decoded');
    const keys = new Set([
      loopCacheKey('s', { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 8, semitones: 0 }),
      loopCacheKey('s', { kind: 'tonal', fromBpm: 140, toBpm: 151, bars: 8, semitones: 0 }),
      loopCacheKey('s', { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 4, semitones: 0 }),
      loopCacheKey('s', { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 8, semitones: 1 }),
      loopCacheKey('s', { kind: 'drums', fromBpm: 140, toBpm: 150, bars: 8, semitones: 0 }),
      loopCacheKey('t', { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 8, semitones: 0 }),
    ]);
    expect(keys.size).toBe(6);
  });
});
