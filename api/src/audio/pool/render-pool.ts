import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { LoopOnset } from '../warp/loop-onsets';
import { startWorker } from '../workers/start-worker';
import { createLoopCache, type LoopCache, type LoopCacheStats } from '../cache/loop-cache';
import { DEFAULT_MP3_BITRATE, type EncodedMp3Chunk } from '../encode/mp3-chunk-encoder';
import { assembleMp3 } from '../encode/mp3-encoder';
import { wavHeader } from '../wav/wav-writer';
import { stemPeakBounds, stemsGain } from '../render/layer-stems';
import { loopSpecs, type LoopSpec, type PoolSampleSource, type PreparedLoop, type SampleFile } from '../render/loop-preparer';
import type { AudioData } from '../audio-buffer';
import { LIMITED_NOTE, type LimitedNoteData, type PrepareTaskResult, type RenderJob, type RenderJobResult, type RenderTaskResult, type WorkerTask } from './render-job';
import { JobOrderQueue, jobRank, type JobRank, type QueuedTask } from './job-order-queue';

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
/** Samples whose onsets the pool keeps (by sample and kind). */
const ONSET_CACHE_ENTRIES = 8192;
/** Master buffers longer than this (a channel of about 12 minutes) are not kept for reuse. */
const MAX_SPARE_MASTER_BYTES = 128 * 1024 * 1024;

interface Task extends QueuedTask {
  readonly task: WorkerTask;
  /** Notes the worker sends before its answer. */
  readonly onProgress?: (note: string, data?: unknown) => void;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** What a render worker posts: a task's progress note (with data), its result, or its error. */
interface WorkerMessage {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: string;
  readonly progress?: string;
  readonly data?: unknown;
}

/** An MP3 chunk encoded (or found in the cache) before the master was confirmed. */
interface EarlyChunk {
  readonly bytes: Uint8Array;
  /** Found in the cache, not encoded. */
  readonly known: boolean;
}

interface Slot {
  readonly worker: Worker;
  running?: Task;
  /** Being stopped (its job was aborted): takes no more tasks; a new worker replaces it on exit. */
  retiring?: boolean;
}

/** Why a task of a job stopped: its job was aborted (timed out). Another job sharing the task retries. */
class JobAborted extends Error {
  constructor(readonly jobId: number, message: string) {
    super(message);
  }
}

const now = () => performance.now();

const isSampleFile = (sample: AudioData | Uint8Array | SampleFile): sample is SampleFile => !(sample instanceof Uint8Array) && 'file' in sample;

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
 */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const cache = createLoopCache<PreparedLoop>({ maxBytes: options.cacheBytes ?? DEFAULT_RENDER_CACHE_BYTES });
  /** Master buffers of finished jobs, for the next ones: already touched, so writing them is cheap. */
  const spareMasters: SharedArrayBuffer[][] = [];
  /** Onsets of the samples warped so far, by sample and warp kind (a few KB each). */
  const onsetCache = new LRUCache<string, readonly LoopOnset[]>({ max: ONSET_CACHE_ENTRIES });
  let onsetDetections = 0;
  const mp3Cache = createLoopCache<Uint8Array>({ maxBytes: options.mp3CacheBytes ?? DEFAULT_MP3_CACHE_BYTES, bytesOf: (bytes) => bytes.byteLength });
  const queue = new JobOrderQueue<Task>();
  const slots: Slot[] = [];
  const jobs = new Map<number, { fail: (error: Error) => void; rank: JobRank }>();
  let nextTaskId = 1;
  let nextJobId = 1;
  let closed = false;

  function spawn(index: number): void {
    const slot: Slot = { worker: startWorker(join(__dirname, 'render-worker')) };
    slots[index] = slot;
    slot.worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    slot.worker.on('error', (error) => finishRunning(slot, new Error(`Render worker failed: ${error.message}`)));
    slot.worker.on('exit', (code) => {
      finishRunning(slot, new Error(`Render worker stopped (exit code ${code})`));
      if (!closed && slots[index] === slot) {
        spawn(index);
        dispatch();
      }
    });
  }

  function finishRunning(slot: Slot, error: Error): void {
    const task = slot.running;
    slot.running = undefined;
    task?.reject(error);
  }

  function onMessage(slot: Slot, message: WorkerMessage): void {
    const task = slot.running;
    if (!task || task.id !== message.id) return;
    if (message.progress !== undefined) {
      task.onProgress?.(message.progress, message.data);
      return;
    }
    slot.running = undefined;
    if (message.error !== undefined) task.reject(new Error(message.error));
    else task.resolve(message.result);
    dispatch();
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot || slot.running || slot.retiring) continue;
      // The earliest job's task first (background jobs last): see JobOrderQueue.
      const task = queue.take()!;
      slot.running = task;
      slot.worker.postMessage({ id: task.id, task: task.task });
    }
  }

  /** Queues a task of a job; `shareKey` names the shared work it computes, which other jobs may wait for. */
  function runTask<T>(jobId: number, task: WorkerTask, options: { onProgress?: (note: string, data?: unknown) => void; shareKey?: string } = {}): Promise<T> {
    if (closed) return Promise.reject(new Error('Render pool is closed'));
    return new Promise<T>((resolve, reject) => {
      const rank = jobs.get(jobId)?.rank ?? jobRank(jobId, false);
      queue.push({ id: nextTaskId++, jobId, rank, shareKey: options.shareKey, task, onProgress: options.onProgress, resolve: (result) => resolve(result as T), reject });
      dispatch();
    });
  }

  /** Stops every task of a job: queued ones are dropped, running ones lose their worker (which is replaced). */
  function abortJob(jobId: number, error: Error): void {
    const job = jobs.get(jobId);
    if (!job) return;
    const aborted = () => new JobAborted(jobId, error.message);
    for (const task of queue.removeJob(jobId)) task.reject(aborted());
    for (const slot of slots) {
      if (slot.running?.jobId !== jobId) continue;
      // The task fails now, not when the thread is gone: its job and any job sharing it move on.
      slot.retiring = true;
      finishRunning(slot, aborted());
      void slot.worker.terminate();
    }
    job.fail(error);
  }

  /**
   * A cached value, or computed on a worker now (and cached). Jobs asking for one key at once share
   * one computation, which runs at the earliest of their ranks (`shareKey` names it in the queue);
   * when another job's timeout stopped it, this job computes it again.
   */
  async function cached<V extends object>(jobId: number, store: LoopCache<V>, key: string, shareKey: string, create: () => Promise<V>): Promise<V> {
    for (;;) {
      const rank = jobs.get(jobId)?.rank;
      if (rank !== undefined) queue.lend(shareKey, rank);
      try {
        return await store.getOrCreate(key, create);
      } catch (error) {
        if (error instanceof JobAborted && error.jobId !== jobId && jobs.has(jobId)) continue;
        throw error;
      } finally {
        queue.settled(shareKey);
      }
    }
  }

  /** A warped loop from the cache, or warped on a worker now (and cached); adds the time it took to `spent`. */
  function preparedLoop(jobId: number, key: string, spec: LoopSpec, spent: { loadMs: number; warpMs: number }): Promise<PreparedLoop> {
    const shareKey = `loop:${key}`;
    return cached(jobId, cache, key, shareKey, async () => {
      const loading = now();
      const loaded = await options.loadSample(spec.sampleId);
      const warping = now();
      spent.loadMs += warping - loading;
      // Onsets depend on the sample and the warp's kind only: stored with the sample when it entered
      // the catalogue, else detected once (~60 ms for 8 bars), on whichever worker, and kept here.
      const stored = isSampleFile(loaded) ? loaded.onsets : undefined;
      if (stored) {
        onsetCache.set(`${spec.sampleId}|drums`, stored.drums);
        onsetCache.set(`${spec.sampleId}|tonal`, stored.tonal);
      }
      const sample = isSampleFile(loaded) ? loaded.file : loaded;
      const onsetsKey = `${spec.sampleId}|${spec.options.kind}`;
      const warp = { ...spec.options, onsets: onsetCache.get(onsetsKey) };
      const { loop, detectedOnsets } = await runTask<PrepareTaskResult>(jobId, { kind: 'prepare', sampleId: spec.sampleId, sample, options: warp }, { shareKey });
      if (detectedOnsets) {
        onsetDetections++;
        onsetCache.set(onsetsKey, detectedOnsets);
      }
      spent.warpMs += now() - warping;
      return loop;
    });
  }

  async function runJob(jobId: number, job: RenderJob, jobOptions: RenderJobOptions): Promise<RenderJobResult> {
    const onPhase = jobOptions.onPhase ?? (() => undefined);
    const started = now();
    const bitrateKbps = job.mp3BitrateKbps ?? DEFAULT_MP3_BITRATE;
    // Every loop's warp starts now, drums first in the queue, so the drums are ready first and the
    // melody's warps overlap them on the other workers.
    const specs = [...loopSpecs(job.arrangement)];
    const spent = { loadMs: 0, warpMs: 0 };
    const warp = (melody: boolean) =>
      Promise.all(specs.filter(([, spec]) => (spec.role === 'melody') === melody).map(async ([key, spec]) => [key, await preparedLoop(jobId, key, spec, spent)] as const));
    onPhase('drums');
    const drums = warp(false);
    const melody = warp(true);
    // Awaited below; until then a failure must not count as unhandled (nor when the drums fail first).
    melody.catch(() => undefined);
    const drumLoops = await drums;
    onPhase('melody');
    const loops = Object.fromEntries([...drumLoops, ...(await melody)]);
    const prepared = now();
    let mixed = prepared;
    onPhase('mixing');
    const masterBuffers = spareMasters.pop();
    // By chunk index, as the render task announces them.
    const early: Promise<EarlyChunk>[] = [];
    const rendering = runTask<RenderTaskResult>(
      jobId,
      { kind: 'render', arrangement: job.arrangement, loops, masterBuffers, mp3: { workers: size, bitrateKbps } },
      {
        onProgress: (note, data) => {
          if (note === LIMITED_NOTE) encodeEarly(jobId, data as LimitedNoteData, bitrateKbps, early);
          if (note !== 'mixed') return;
          mixed = now();
          onPhase('mastering');
        },
      },
    );
    // Stems: whether one could clip is known from their segments, before any is rendered. With the
    // master's gain known from an earlier render of this arrangement, they render now, on the workers
    // the render task leaves free; they are handed on once the master confirms that gain.
    const layerIds = job.stems ? job.arrangement.layers.map((layer) => layer.id) : [];
    const peaks = job.stems ? stemPeakBounds(job.arrangement, new Map(Object.entries(loops))) : [];
    const writeStems = (gain: number) =>
      layerIds.map((layerId) => runTask<Uint8Array>(jobId, { kind: 'stem-wav', arrangement: job.arrangement, loops, layerId, gain }));
    const earlyStems = job.stems && job.expectedMasterGainDb !== undefined ? writeStems(stemsGain(peaks, job.expectedMasterGainDb).gain) : undefined;
    for (const stem of earlyStems ?? []) stem.catch(() => undefined); // awaited below, after the render task (which may fail first)
    const rendered = await rendering;
    const renderedAt = now();
    const master = rendered.master;
    const frames = master.channels[0]?.length ?? 0;
    let reused = 0;
    // The chunks encoded as the limiter wrote the master stand unless it trimmed the master or ran
    // again; then they are dropped (once no worker reads the master any more) and encoded afresh.
    const earlyChunks = rendered.limitedNoteHolds ? early : undefined;
    // The stems are queued first of the encodes, so that their storing can start while the rest encodes.
    // Early ones stand if the master landed on the expected gain; otherwise they are written again.
    const masterGainDb = rendered.analysis.master.gainDb;
    const stemWavs = earlyStems && masterGainDb === job.expectedMasterGainDb ? earlyStems : writeStems(stemsGain(peaks, masterGainDb).gain);
    const stems = Promise.all(
      stemWavs.map(async (written, i) => {
        const wav = await written;
        jobOptions.onStem?.(layerIds[i], wav);
        return [layerIds[i], wav] as const;
      }),
    );
    stems.catch(() => undefined); // awaited below
    if (!earlyChunks) await Promise.allSettled(early.filter(Boolean));
    const chunks = Promise.all(
      rendered.mp3Chunks.map(async ({ spec, key }, i): Promise<EncodedMp3Chunk> => {
        let encoded = false;
        let bytes: Uint8Array;
        if (earlyChunks) {
          const chunk = await earlyChunks[i];
          bytes = chunk.bytes;
          encoded = !chunk.known;
          if (encoded) mp3Cache.set(key, bytes);
        } else {
          const shareKey = `mp3:${key}`;
          bytes = await cached(jobId, mp3Cache, key, shareKey, async () => {
            encoded = true;
            return (await runTask<EncodedMp3Chunk>(jobId, { kind: 'mp3-chunk', audio: master, spec, bitrateKbps }, { shareKey })).bytes;
          });
        }
        if (!encoded) reused++;
        return { index: spec.index, firstFrame: spec.firstFrame, joinWindow: spec.joinWindow, bytes };
      }),
    );
    const wav = wavMaster(jobId, master, frames);
    const [chunkList, wavBytes, stemList] = await Promise.all([chunks, wav, stems]);
    keepSpareMaster(master.channels);
    const mp3 = assembleMp3(chunkList, { sampleRate: master.sampleRate, channels: 2, samples: frames, peak: rendered.peak }, { bitrateKbps });
    const finished = now();
    return {
      mp3: mp3.bytes,
      wav: wavBytes,
      stems: job.stems && !jobOptions.onStem ? Object.fromEntries(stemList) : undefined,
      analysis: { ...rendered.analysis, durationSeconds: frames / master.sampleRate },
      timings: { prepareMs: prepared - started, ...spent, renderMs: renderedAt - prepared, mixMs: mixed - prepared, encodeMs: finished - renderedAt, totalMs: finished - started },
      mp3Chunks: { total: chunkList.length, reused },
    };
  }

  /**
   * MP3 chunks of a master the render task is still limiting or checking: those already in
   * the cache, and the rest queued now, so the other workers encode while the render task checks.
   * They enter the cache only once the render task confirms the master (a chunk's key must name
   * the samples its bytes encode).
   */
  function encodeEarly(jobId: number, note: LimitedNoteData, bitrateKbps: NonNullable<RenderJob['mp3BitrateKbps']>, early: Promise<EarlyChunk>[]): void {
    for (const { spec, key } of note.mp3Chunks) {
      const known = mp3Cache.get(key);
      const chunk = known
        ? Promise.resolve({ bytes: known, known: true })
        : runTask<EncodedMp3Chunk>(jobId, { kind: 'mp3-chunk', audio: note.master, spec, bitrateKbps }).then(({ bytes }) => ({ bytes, known: false }));
      // Awaited later, or dropped when the master changed: never an unhandled rejection meanwhile.
      chunk.catch(() => undefined);
      early[spec.index] = chunk;
    }
  }

  /** The 24-bit WAV master: its data written by every worker, each its piece, straight into one shared file buffer. */
  async function wavMaster(jobId: number, master: RenderTaskResult['master'], frames: number): Promise<Uint8Array> {
    const channels = master.channels.length;
    const header = wavHeader(frames, channels, master.sampleRate, 24);
    const dataBytes = frames * channels * 3;
    const file = new SharedArrayBuffer(header.byteLength + dataBytes + (dataBytes & 1));
    const bytes = new Uint8Array(file);
    bytes.set(header);
    // Pieces start on even frames: with the 44-byte header, stereo pieces start 4-byte aligned (the fast path).
    const bounds = Array.from({ length: size + 1 }, (_, k) => (k === size ? frames : 2 * Math.round((k * frames) / size / 2)));
    await Promise.all(
      bounds.slice(1).map((to, k) =>
        runTask<null>(jobId, { kind: 'wav-pcm', audio: master, from: bounds[k], to, file, offset: header.byteLength + bounds[k] * channels * 3 })),
    );
    return bytes;
  }

  /** Keeps a finished job's master buffers for a later job (at most one pair per worker, the largest). */
  function keepSpareMaster(channels: readonly Float32Array[]): void {
    const buffers = channels.map((channel) => channel.buffer);
    if (!buffers.every((buffer): buffer is SharedArrayBuffer => buffer instanceof SharedArrayBuffer)) return;
    if (new Set(buffers).size !== buffers.length || buffers.some((buffer) => buffer.byteLength > MAX_SPARE_MASTER_BYTES)) return;
    spareMasters.push(buffers);
    spareMasters.sort((a, b) => a[0].byteLength - b[0].byteLength);
    while (spareMasters.length > size) spareMasters.shift();
  }

  for (let i = 0; i < size; i++) spawn(i);

  return {
    size,
    threadIds: () => slots.map((slot) => slot.worker.threadId),
    cacheStats: () => cache.stats(),
    mp3CacheStats: () => mp3Cache.stats(),
    onsetDetections: () => onsetDetections,
    render(job: RenderJob, jobOptions: RenderJobOptions = {}): Promise<RenderJobResult> {
      const jobId = nextJobId++;
      const timeoutMs = jobOptions.timeoutMs ?? options.jobTimeoutMs;
      return new Promise<RenderJobResult>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const settle = () => {
          if (timer) clearTimeout(timer);
          jobs.delete(jobId);
        };
        jobs.set(jobId, { fail: (error) => { settle(); reject(error); }, rank: jobRank(jobId, jobOptions.background ?? false) });
        if (timeoutMs) {
          timer = setTimeout(() => abortJob(jobId, new Error(`Render job timed out after ${timeoutMs} ms`)), timeoutMs);
        }
        runJob(jobId, job, jobOptions).then(
          (result) => { settle(); resolve(result); },
          (error: Error) => { settle(); reject(error); },
        );
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const task of queue.clear()) task.reject(new Error('Render pool is closed'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
