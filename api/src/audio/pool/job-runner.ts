import type { LoopCache } from '../cache/loop-cache';
import { DEFAULT_MP3_BITRATE } from '../encode/mp3-chunk-encoder';
import { assembleMp3 } from '../encode/mp3-encoder';
import { loopSpecs, type PreparedLoop } from '../render/loop-preparer';
import { LIMITED_NOTE, type LimitedNoteData, type RenderJob, type RenderJobResult, type RenderTaskResult } from './render-job';
import type { LoopWarper, WarpTimes } from './loop-warper';
import { Mp3Chunks } from './mp3-chunks';
import type { PoolJob } from './pool-job';
import type { RenderJobOptions, RenderPhase } from './render-pool';
import type { SpareMasters } from './spare-masters';
import { StemWriter } from './stem-writer';
import { writeWavMaster } from './wav-master';

/** What the pool keeps across jobs, and every job's steps use. */
export interface PoolStores {
  readonly warper: LoopWarper;
  readonly mp3Cache: LoopCache<Uint8Array>;
  readonly spareMasters: SpareMasters;
}

/** Moments of a job (performance.now()), for its timings. */
interface Clock {
  readonly started: number;
  prepared: number;
  mixed: number;
  rendered: number;
}

const now = () => performance.now();

/**
 * One render job, step by step: its loops warped (`warpLoops`), mixed and mastered by the render
 * task while the MP3 chunks the limiter has passed already encode (`renderMaster`), then the
 * outputs written across the workers (`writeOutputs`: stems, MP3, WAV master). Each step is a
 * seam: what it hands the next is plain data (loops, the shared master, its chunk plan).
 */
export async function runRenderJob(job: PoolJob, render: RenderJob, options: RenderJobOptions, stores: PoolStores): Promise<RenderJobResult> {
  const onPhase = options.onPhase ?? (() => undefined);
  const clock: Clock = { started: now(), prepared: 0, mixed: 0, rendered: 0 };
  const spent: WarpTimes = { loadMs: 0, warpMs: 0 };
  const loops = await warpLoops(job, render, stores.warper, spent, onPhase);
  clock.prepared = clock.mixed = now();
  onPhase('mixing');
  const mp3 = new Mp3Chunks(job, stores.mp3Cache, render.mp3BitrateKbps ?? DEFAULT_MP3_BITRATE);
  const { rendering, stems } = renderMaster(job, render, loops, { mp3, stores, clock, onPhase });
  const rendered = await rendering;
  clock.rendered = now();
  return writeOutputs(job, render, options, rendered, { mp3, stems, stores, clock, spent });
}

/**
 * Every loop's warp starts now, drums first in the queue, so the drums are ready first and the
 * melody's warps overlap them on the other workers.
 */
async function warpLoops(
  job: PoolJob, render: RenderJob, warper: LoopWarper, spent: WarpTimes, onPhase: (phase: RenderPhase) => void,
): Promise<Record<string, PreparedLoop>> {
  const specs = [...loopSpecs(render.arrangement)];
  onPhase('drums');
  const drums = warper.warpAll(job, specs, false, spent);
  const melody = warper.warpAll(job, specs, true, spent);
  // Awaited below; until then a failure must not count as unhandled (nor when the drums fail first).
  melody.catch(() => undefined);
  const drumLoops = await drums;
  onPhase('melody');
  return Object.fromEntries([...drumLoops, ...(await melody)]);
}

/**
 * Starts the render task (mix and master, into an earlier job's master buffers when they fit): its
 * limiter's notes start the MP3 chunks it has passed. The stems are planned once it runs, and start
 * beside it when the master's gain is expected.
 */
function renderMaster(
  job: PoolJob, render: RenderJob, loops: Record<string, PreparedLoop>,
  steps: { mp3: Mp3Chunks; stores: PoolStores; clock: Clock; onPhase: (phase: RenderPhase) => void },
): { rendering: Promise<RenderTaskResult>; stems: StemWriter } {
  const { mp3, clock, onPhase } = steps;
  const masterBuffers = steps.stores.spareMasters.take();
  const bitrateKbps = render.mp3BitrateKbps ?? DEFAULT_MP3_BITRATE;
  const rendering = job.run<RenderTaskResult>(
    { kind: 'render', arrangement: render.arrangement, loops, masterBuffers, mp3: { workers: job.workers, bitrateKbps } },
    {
      onProgress: (note, data) => {
        if (note === LIMITED_NOTE) mp3.encodeEarly(data as LimitedNoteData);
        if (note !== 'mixed') return;
        clock.mixed = now();
        onPhase('mastering');
      },
    },
  );
  const stems = new StemWriter(job, render, loops);
  stems.startEarly();
  return { rendering, stems };
}

/**
 * The outputs of a rendered master, across the workers: stems first (so storing them can start
 * while the rest encodes), then the MP3's chunks, then the WAV master's pieces; the MP3 assembled
 * from its chunks with a gapless tag.
 */
async function writeOutputs(
  job: PoolJob, render: RenderJob, options: RenderJobOptions, rendered: RenderTaskResult,
  steps: { mp3: Mp3Chunks; stems: StemWriter; stores: PoolStores; clock: Clock; spent: WarpTimes },
): Promise<RenderJobResult> {
  const { master } = rendered;
  const frames = master.channels[0]?.length ?? 0;
  const stems = steps.stems.afterMaster(rendered.analysis.master.gainDb, options.onStem);
  if (!rendered.limitedNoteHolds) await steps.mp3.dropEarly();
  const chunks = steps.mp3.collect(master, rendered.mp3Chunks, rendered.limitedNoteHolds);
  const wav = writeWavMaster(job, master, frames);
  const [mp3Chunks, wavBytes, stemList] = await Promise.all([chunks, wav, stems]);
  steps.stores.spareMasters.keep(master.channels);
  const bitrateKbps = render.mp3BitrateKbps ?? DEFAULT_MP3_BITRATE;
  const mp3 = assembleMp3(mp3Chunks.chunks, { sampleRate: master.sampleRate, channels: 2, samples: frames, peak: rendered.peak }, { bitrateKbps });
  const { clock, spent } = steps;
  const finished = now();
  return {
    mp3: mp3.bytes,
    wav: wavBytes,
    stems: render.stems && !options.onStem ? Object.fromEntries(stemList) : undefined,
    analysis: { ...rendered.analysis, durationSeconds: frames / master.sampleRate },
    timings: {
      prepareMs: clock.prepared - clock.started, ...spent, renderMs: clock.rendered - clock.prepared, mixMs: clock.mixed - clock.prepared,
      encodeMs: finished - clock.rendered, totalMs: finished - clock.started,
    },
    mp3Chunks: { total: mp3Chunks.chunks.length, reused: mp3Chunks.reused },
  };
}
