import type { LoopCacheStats, RenderPool } from '../../audio';
import type { BeatRenderer } from './beat-renderer';

/**
 * The render pool (worker threads) as the beats module's renderer. The pool starts on first use, or
 * at `start()` (a process that takes jobs starts it at once: a worker thread takes about a quarter
 * of a second to boot, which the first listener's beat would otherwise wait for).
 */
export function poolBeatRenderer(
  createPool: () => RenderPool,
): BeatRenderer & { start(): void; close(): Promise<void>; cacheStats(): { warpedLoops: LoopCacheStats; mp3Chunks: LoopCacheStats } | undefined } {
  let pool: RenderPool | undefined;
  return {
    /** The pool's caches (undefined until it has started). */
    cacheStats: () => pool && { warpedLoops: pool.cacheStats(), mp3Chunks: pool.mp3CacheStats() },
    start() {
      pool ??= createPool();
    },
    async close() {
      await pool?.close();
    },
    async render(arrangement, onPhase, options) {
      pool ??= createPool();
      const result = await pool.render(
        { arrangement, stems: options?.stems, mp3BitrateKbps: options?.mp3BitrateKbps, expectedMasterGainDb: options?.expectedMasterGainDb },
        { onPhase, background: options?.background, onStem: options?.onStem },
      );
      const { analysis } = result;
      return {
        mp3: result.mp3,
        wav: result.wav,
        stems: result.stems,
        durationSeconds: analysis.durationSeconds,
        loudnessLufs: analysis.integratedLufs,
        truePeakDbtp: analysis.truePeakDbtp,
        masterGainDb: analysis.master.gainDb,
        peaks: analysis.peaks,
        landmarks: analysis.landmarks,
        timings: { ...Object.fromEntries(Object.entries(result.timings).map(([name, ms]) => [name, Math.round(ms)])), landmarksMs: Math.round(analysis.landmarksMs) },
        mp3Chunks: result.mp3Chunks,
        master: {
          rounds: analysis.master.rounds,
          estimates: analysis.master.estimates,
          limiterRuns: analysis.master.limiterRuns,
          limiterTrimDb: analysis.master.limiter.trimDb,
          limiterLossDb: Math.round((analysis.master.inputLufs + analysis.master.gainDb - analysis.master.integratedLufs) * 100) / 100,
        },
      };
    },
  };
}
