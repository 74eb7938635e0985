import type { AudioData } from '../src/audio';
import { createLoopCache, ENGINE_SAMPLE_RATE } from '../src/audio';
import { padLoop, drumLoop, loopOnsets, bassHitLoop, warpLoop, type WarpOptions } from '../src/audio/testing';
import { measure, type BenchResult } from './harness';

/** A copy with fresh buffers: the onset memo (keyed by buffer) misses, as for a loop never seen. */
const fresh = (audio: AudioData): AudioData => ({ sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.slice()) });

/**
 * Warp benchmarks on synthesised 8-bar stereo loops: drum slicing and tonal stretching at 140 -> 150
 * and 90 -> 140 BPM, an 808 shifted +3 and -7 semitones, with the loop's onsets already known (the
 * memo or the catalogue) and cold (detected, which the analysis module's detector dominates), and
 * the cost of a loop-cache hit.
 */
export async function benchWarp(): Promise<BenchResult[]> {
  const rate = ENGINE_SAMPLE_RATE;
  const drums140 = drumLoop({ bpm: 140, bars: 8, pattern: 'boomBap', seed: 1 }).audio;
  const drums90 = drumLoop({ bpm: 90, bars: 8, pattern: 'boomBap', seed: 1 }).audio;
  const pad140 = padLoop(140, 8);
  const pad90 = padLoop(90, 8);
  const bass = { sampleRate: rate, channels: bassHitLoop({ bpm: 140, bars: 8, sampleRate: rate, hz: 46.25 }).channels };
  const target = 'target well under 100 ms';
  const results: BenchResult[] = [];
  const run = (name: string, audio: AudioData, options: WarpOptions, note?: string): Promise<BenchResult> => {
    // Warm the onset memo once so that the figure is the warp alone.
    loopOnsets(audio);
    return measure(name, () => warpLoop(audio, options), { runs: 9, warmup: 2, target, note });
  };

  results.push(await run('drums 8 bars 140 -> 150 BPM (onsets known)', drums140, { kind: 'drums', fromBpm: 140, toBpm: 150, bars: 8 }));
  results.push(await run('drums 8 bars 90 -> 140 BPM (onsets known)', drums90, { kind: 'drums', fromBpm: 90, toBpm: 140, bars: 8 }));
  results.push(await run('tonal pad 8 bars 140 -> 150 BPM (onsets known)', pad140, { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 8 }));
  results.push(await run('tonal pad 8 bars 90 -> 140 BPM (onsets known)', pad90, { kind: 'tonal', fromBpm: 90, toBpm: 140, bars: 8 }));
  results.push(await run('808 8 bars +3 semitones, 140 BPM (onsets known)', bass, { kind: 'tonal', fromBpm: 140, toBpm: 140, bars: 8, semitones: 3 }));
  results.push(await run('808 8 bars -7 semitones, 140 BPM (onsets known)', bass, { kind: 'tonal', fromBpm: 140, toBpm: 140, bars: 8, semitones: -7 }));
  results.push(await run('808 8 bars 140 -> 150 BPM and +3 semitones (onsets known)', bass, { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 8, semitones: 3 }));

  results.push(await measure('loop onset detection alone, 8 bars (analysis/onsets)', () => loopOnsets(fresh(drums140)), {
    runs: 5, note: 'paid once per decoded loop (memoised), or never if the catalogue stores onsets',
  }));
  results.push(await measure('drums 8 bars 140 -> 150 BPM, cold (onsets detected)', () =>
    warpLoop(fresh(drums140), { kind: 'drums', fromBpm: 140, toBpm: 150, bars: 8 }), { runs: 5 }));
  results.push(await measure('tonal pad 8 bars 140 -> 150 BPM, cold (onsets detected)', () =>
    warpLoop(fresh(pad140), { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 8 }), { runs: 5 }));

  const cache = createLoopCache<AudioData>({ maxBytes: 256 * 1024 * 1024 });
  const warped = warpLoop(drums140, { kind: 'drums', fromBpm: 140, toBpm: 150, bars: 8 });
  await cache.getOrCreate('drums|140->150', () => warped);
  const hits = 10_000;
  const hit = await measure(`loop cache: ${hits} getOrCreate hits`, async () => {
    for (let i = 0; i < hits; i++) await cache.getOrCreate('drums|140->150', () => warped);
  }, { runs: 5 });
  results.push({ ...hit, note: `${((hit.medianMs * 1000) / hits).toFixed(2)} us a hit` });
  return results;
}
