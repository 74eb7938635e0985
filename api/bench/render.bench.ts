import { encodeMp3, createLoopCache, renderArrangement, createRenderPool } from '../src/audio';
import type { Arrangement, PreparedLoop, AudioData } from '../src/audio';
import { demoBeat, mapSampleSource } from '../src/audio/testing';
import { measure, processCpuMs, type BenchResult } from './harness';

/** 3 minutes at 140 BPM is 105 bars: 13 sections of 8 bars (182 s). */
const FULL_STRUCTURE = ['I', 'V', 'C', 'V', 'C', 'B', 'C', 'V', 'C', 'B', 'C', 'C', 'O'] as const;

/**
 * The same arrangement with every sample id prefixed, so a render finds nothing in the loop caches;
 * at another tempo when given, so that its audio (and its MP3 chunks) are its own too.
 */
function withFreshIds(arrangement: Arrangement, prefix: string, bpm = arrangement.bpm): Arrangement {
  return {
    ...arrangement,
    bpm,
    sections: arrangement.sections.map((section) => ({
      ...section,
      parts: section.parts.map((part) => ({
        ...part,
        transform: { ...part.transform, toBpm: bpm },
        sample: { ...part.sample, sampleId: `${prefix}/${part.sample.sampleId}` },
      })),
    })),
  };
}

/**
 * Render benchmarks on synthesised loops (stretched 150 -> 140 BPM): a 40 s preview with 6 layers,
 * a 3-minute full render with 8 layers and MP3 (cold and warm caches, through the worker pool), the
 * MP3 encode alone, and an edit. Every pool figure also gives the process's CPU time per render (all
 * threads): one render already spreads its encode over both cores, so what a second render at once
 * can gain is what the first leaves idle, and CPU-seconds per render is the figure that says it.
 */
export async function benchRender(): Promise<BenchResult[]> {
  const preview = demoBeat({ layerCount: 6, structure: ['I', 'V', 'C'], bpm: 140, sourceBpm: 150 });
  const full = demoBeat({ layerCount: 8, structure: [...FULL_STRUCTURE], bpm: 140, sourceBpm: 150 });
  const samples = new Map<string, AudioData>([...preview.samples, ...full.samples]);
  // Fresh ids ("cold-3/kicks-0") resolve to the same loops.
  const loadSample = mapSampleSource(new Proxy(samples, {
    get(target, key) {
      if (key === 'get') return (id: string) => target.get(id.split('/').pop()!);
      return Reflect.get(target, key);
    },
  }));
  const results: BenchResult[] = [];

  const cache = createLoopCache<PreparedLoop>({ maxBytes: 512 * 1024 * 1024 });
  results.push(await measure('preview 40 s, 6 layers, render+master, warm (1 thread)', () =>
    renderArrangement(preview.arrangement, { loadSample, cache }), { runs: 7, target: 'target <= 500 ms' }));

  // No MP3 chunk cache here: a render of the same audio would reuse every chunk and the figures would
  // not be renders. The edit figure below has its own pool with the cache.
  const pool = createRenderPool({ loadSample, size: 2, mp3CacheBytes: 1 }); // 1 byte: no chunk is ever kept
  try {
    results.push(await measure('preview 40 s, 6 layers, + MP3 + WAV, warm (pool)', () =>
      pool.render({ arrangement: preview.arrangement }), { runs: 7, warmup: 2, target: 'target <= 500 ms' }));

    // Eight first beats at once, each from loops no other render uses (cold: warps included) and at
    // its own tempo (no MP3 chunk in common), three rounds: how long the k-th listener waits, from the pool alone. Served job by job, the k-th
    // finishes after about k beats' work; with tasks shared across jobs, all finish late together.
    const crowdTimes: number[] = [];
    const crowdCpu = processCpuMs();
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      crowdTimes.push(...(await Promise.all(Array.from({ length: 8 }, (_, i) =>
        pool.render({ arrangement: withFreshIds(preview.arrangement, `crowd-${round}-${i}`, 120 + round * 8 + i) }).then(() => performance.now() - started)))));
    }
    const crowdCpuMs = (processCpuMs() - crowdCpu) / crowdTimes.length;
    crowdTimes.sort((x, y) => x - y);
    const at = (p: number) => crowdTimes[Math.min(crowdTimes.length - 1, Math.ceil((p / 100) * crowdTimes.length) - 1)];
    results.push(
      { name: '8 previews at once, cold (pool): p50', medianMs: at(50), runs: crowdTimes.length, cpuMsPerRun: crowdCpuMs, note: `first ${crowdTimes[0].toFixed(0)} ms` },
      { name: '8 previews at once, cold (pool): p95', medianMs: at(95), runs: crowdTimes.length },
    );

    let coldRun = 0;
    results.push(await measure('full 3 min, 8 layers, + MP3 + WAV, cold (pool)', () =>
      pool.render({ arrangement: withFreshIds(full.arrangement, `cold-${coldRun++}`) }), { runs: 5, target: 'target <= 2000 ms' }));

    let last: Awaited<ReturnType<typeof pool.render>> | undefined;
    results.push(await measure('full 3 min, 8 layers, + MP3 + WAV, warm loops (pool)', async () => {
      last = await pool.render({ arrangement: full.arrangement });
    }, { runs: 5, warmup: 2, target: 'target <= 1200 ms, floor ~850 ms (LAME on 2 cores)' }));
    const warm = results[results.length - 1];
    results.push({ name: 'CPU time per warm full render (all threads)', medianMs: warm.cpuMsPerRun ?? 0, runs: warm.runs, note: 'process CPU over the timed runs / runs' });
    if (last) {
      results.push({ name: '  of which mix (one worker)', medianMs: last.timings.mixMs, runs: 1, note: 'last warm run' });
      results.push({ name: '  of which master bus + analysis (one worker)', medianMs: last.timings.renderMs - last.timings.mixMs, runs: 1, note: 'last warm run' });
      results.push({ name: `  then the rest of MP3 (${last.mp3Chunks.total} chunks) + WAV`, medianMs: last.timings.encodeMs, runs: 1, note: 'last warm run (the MP3 starts during the master)' });
    }

  } finally {
    await pool.close();
  }

  // An edit: one section's hats muted, the master starting from the original's gain, so the
  // untouched sections' MP3 chunks are reused.
  const editing = createRenderPool({ loadSample, size: 2 });
  try {
    const original = await editing.render({ arrangement: full.arrangement });
    // Each run mutes the hats of another section that plays them.
    const withHats = full.arrangement.sections.flatMap((s, i) => (s.parts.some((p) => p.layerId === 'hihats' && !p.transform.muted) ? [i] : []));
    let run = 0;
    let reused = '';
    results.push(await measure('edit of the full render (one section), warm loops (pool)', async () => {
      const section = withHats[run++ % withHats.length];
      const edited = {
        ...full.arrangement,
        master: { startGainDb: original.analysis.master.gainDb },
        sections: full.arrangement.sections.map((s, i) => ({
          ...s, parts: s.parts.map((p) => (i === section && p.layerId === 'hihats' ? { ...p, transform: { ...p.transform, muted: true } } : p)),
        })),
      };
      const result = await editing.render({ arrangement: edited });
      reused = `${result.mp3Chunks.reused} of ${result.mp3Chunks.total} MP3 chunks reused`;
    }, { runs: 5, warmup: 0, target: 'target <= 1000 ms' }));
    results[results.length - 1] = { ...results[results.length - 1], note: `last run: ${reused}` };
  } finally {
    await editing.close();
  }

  const master = (await renderArrangement(full.arrangement, { loadSample, cache })).master;
  results.push(await measure('MP3 192k encode of 3 min, one thread', () => encodeMp3(master), { runs: 3, target: 'STACK-NOTES: 2260 ms' }));
  return results;
}
