import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createLoopCache, type LoopCacheStats } from '../cache/loop-cache';
import type { PoolSampleSource, PreparedLoop } from '../render/loop-preparer';
import type { RenderJob, RenderJobResult } from './render-job';
import { jobRank } from './job-order-queue';
import { runRenderJob, type PoolStores } from './job-runner';
import { LoopWarper } from './loop-warper';
import { PoolJob, type ActiveJob } from './pool-job';
import { SpareMasters } from './spare-masters';
import { JobAborted, TaskDispatcher } from './task-dispatcher';

export interface RenderPoolOptions {
  /**
   * Samples by id, called on the main thread when a loop must be warped: decoded at 44.1 kHz, or
   * (better) the WAV file, which the warping worker decodes, so the main thread does no DSP.
   */
  readonly loadSample: PoolSampleSource;
  /** Worker threads; one per core by default. */
  readonly size?: number;
  /** A job running longer than this has its workers stopped (and replaced) and is rejected. */
  readonly jobTimeoutMs?: number;
  /** Bytes of warped loops kept for all workers (least recently used dropped first); 512 MiB by default. */
  readonly cacheBytes?: number;
  /** Bytes of encoded MP3 chunks kept, so an edit re-encodes only what changed; 64 MiB by default. */
  readonly mp3CacheBytes?: number;
}

/**
 * How far a job has come, in order: its drum loops are being warped, then its melody loops, then
 * the layers are mixed over the sections, then the mix is mastered and encoded. Every job passes
 * through all four (a phase whose loops were all cached passes at once).
 */
export type RenderPhase = 'drums' | 'melody' | 'mixing' | 'mastering';

/** Per-job settings beside the job itself. */
export interface RenderJobOptions {
  /** Overrides the pool's jobTimeoutMs for this job. */
  readonly timeoutMs?: number;
  /** Called as the job enters each phase, in order. */
  readonly onPhase?: (phase: RenderPhase) => void;
  /**
   * Background work (the landing page's sample beats): its tasks wait behind every other job's, so
   * it only takes workers no listener's beat needs. Other jobs are served in the order they came.
   */
  readonly background?: boolean;
  /**
   * With stems: called with each stem's 24-bit WAV as soon as it is written (in about arrangement
   * order), so it can be stored while the others are; the result then holds no stems.
   */
  readonly onStem?: (layerId: string, wav: Uint8Array) => void;
}

export interface RenderPool {
  /** Renders a beat: master, MP3 (encoded across all workers), WAV, stems if asked, analysis. */
  render(job: RenderJob, options?: RenderJobOptions): Promise<RenderJobResult>;
  readonly size: number;
  /** Thread ids of the current workers (they change when a worker is replaced). */
  threadIds(): number[];
  /** Counters of the warped-loop cache. */
  cacheStats(): LoopCacheStats;
  /** Counters of the encoded-MP3-chunk cache. */
  mp3CacheStats(): LoopCacheStats;
  /**
   * Warps whose worker had to detect the sample's onsets (as the workers report it): one per sample
   * and kind the pool had not seen, none for a sample delivered with its stored onsets.
   */
  onsetDetections(): number;
  /** Stops the workers; jobs still queued or running are rejected. */
  close(): Promise<void>;
}

export const DEFAULT_RENDER_CACHE_BYTES = 512 * 1024 * 1024;
export const DEFAULT_MP3_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * A pool of render workers (worker_threads) so the API's event loop stays free while beats render.
 * A job is: the loops it plays that the pool's cache lacks, decoded and warped on any worker (in
 * parallel, one task per loop); then a render task (mix and master from those loops); then encode
 * tasks that any worker may take: the MP3 in frame-aligned chunks, at least one per worker (so one
 * job alone uses every core for the encode, its longest step), each queued as soon as the render
 * task's limiter has written past it; the WAV master; and, for licences, each layer's stem (written
 * at the master's gain: beside the render task when an earlier render gave that gain, else after
 * it). Jobs are served in the order they came, background jobs last (JobOrderQueue). Warped loops
 * and the master live on SharedArrayBuffers (one copy, read by every worker); bytes come back as
 * transferred ArrayBuffers.
 * The warped loops stay in one bytes-bounded LRU cache, so an edit warps only what changed,
 * whichever worker renders it; so do the encoded MP3 chunks, keyed by their audio, so an edit
 * re-encodes only the chunks its change reached. The WAV master is written in pieces too. A task
 * that throws rejects its job and leaves the worker running; a worker that dies is replaced.
 *
 * The parts: TaskDispatcher (worker slots and the job-ordered queue), PoolJob (one job's handle on
 * them, and work shared between jobs), LoopWarper (the warped-loop and onset caches), and the job's
 * steps in job-runner (Mp3Chunks, StemWriter, writeWavMaster, SpareMasters).
 */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const stores: PoolStores = {
    warper: new LoopWarper(options.loadSample, createLoopCache<PreparedLoop>({ maxBytes: options.cacheBytes ?? DEFAULT_RENDER_CACHE_BYTES })),
    mp3Cache: createLoopCache<Uint8Array>({ maxBytes: options.mp3CacheBytes ?? DEFAULT_MP3_CACHE_BYTES, bytesOf: (bytes) => bytes.byteLength }),
    spareMasters: new SpareMasters(size),
  };
  const dispatcher = new TaskDispatcher(size, join(__dirname, 'render-worker'));
  const active = new Map<number, ActiveJob>();
  let nextJobId = 1;

  /** Stops every task of a job (see TaskDispatcher.abortJob) and rejects the job with `error`. */
  function abortJob(jobId: number, error: Error): void {
    const job = active.get(jobId);
    if (!job) return;
    dispatcher.abortJob(jobId, () => new JobAborted(jobId, error.message));
    job.fail(error);
  }

  function render(job: RenderJob, jobOptions: RenderJobOptions = {}): Promise<RenderJobResult> {
    const jobId = nextJobId++;
    const timeoutMs = jobOptions.timeoutMs ?? options.jobTimeoutMs;
    return new Promise<RenderJobResult>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = () => {
        if (timer) clearTimeout(timer);
        active.delete(jobId);
      };
      active.set(jobId, { fail: (error) => { settle(); reject(error); }, rank: jobRank(jobId, jobOptions.background ?? false) });
      if (timeoutMs) {
        timer = setTimeout(() => abortJob(jobId, new Error(`Render job timed out after ${timeoutMs} ms`)), timeoutMs);
      }
      runRenderJob(new PoolJob(jobId, dispatcher, active), job, jobOptions, stores).then(
        (result) => { settle(); resolve(result); },
        (error: Error) => { settle(); reject(error); },
      );
    });
  }

  return {
    size,
    threadIds: () => dispatcher.threadIds(),
    cacheStats: () => stores.warper.cache.stats(),
    mp3CacheStats: () => stores.mp3Cache.stats(),
    onsetDetections: () => stores.warper.onsetDetections(),
    render,
    close: () => dispatcher.close(),
  };
}
