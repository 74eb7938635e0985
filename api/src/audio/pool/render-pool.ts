import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { planMp3Chunks, DEFAULT_MP3_BITRATE, type EncodedMp3Chunk } from '../encode/mp3-chunk-encoder';
import { assembleMp3 } from '../encode/mp3-encoder';
import { usedSampleIds } from '../render/arrangement';
import type { SampleSource } from '../render/loop-preparer';
import type { FromWorker, RenderJob, RenderJobResult, RenderTaskResult, ToWorker, WorkerTask } from './render-job';
import { join } from 'node:path';
import { startWorker } from '../../platform/workers/start-worker';

export interface RenderPoolOptions {
  /** Decoded samples at 44.1 kHz, by id; called on the main thread when a worker needs one. */
  readonly loadSample: SampleSource;
  /** Worker threads; one per core by default. */
  readonly size?: number;
  /** A job running longer than this has its workers stopped (and replaced) and is rejected. */
  readonly jobTimeoutMs?: number;
}

/** Per-job settings beside the job itself. */
export interface RenderJobOptions {
  /** Overrides the pool's jobTimeoutMs for this job. */
  readonly timeoutMs?: number;
}

export interface RenderPool {
  /** Renders a beat: master, MP3 (encoded across all workers), WAV, stems if asked, analysis. */
  render(job: RenderJob, options?: RenderJobOptions): Promise<RenderJobResult>;
  readonly size: number;
  /** Thread ids of the current workers (they change when a worker is replaced). */
  threadIds(): number[];
  /** Stops the workers; jobs still queued or running are rejected. */
  close(): Promise<void>;
}

interface Task {
  readonly id: number;
  readonly jobId: number;
  readonly task: WorkerTask;
  /** Sample ids a render task will load: it goes preferably to the worker whose cache holds most of them. */
  readonly sampleIds?: readonly string[];
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  running?: Task;
  /** Sample ids this worker has rendered with (its loop cache likely holds them). */
  readonly seen: Set<string>;
}

const now = () => performance.now();

/**
 * A pool of render workers (worker_threads) so the API's event loop stays free while beats render.
 * A job is a render task (arrangement to mastered PCM on SharedArrayBuffers) followed by encode
 * tasks that any worker may take: the MP3 in as many frame-aligned chunks as there are workers (so
 * one job alone uses every core for the encode, its longest step), the WAV master, and stems. Bytes
 * come back as transferred ArrayBuffers. A task that throws rejects its job and leaves the worker
 * running; a worker that dies is replaced.
 */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const queue: Task[] = [];
  const slots: Slot[] = [];
  const jobs = new Map<number, { tasks: Set<Task>; fail: (error: Error) => void }>();
  let nextTaskId = 1;
  let nextJobId = 1;
  let closed = false;

  function spawn(index: number): void {
    const slot: Slot = { worker: startWorker(join(__dirname, 'render-worker')), seen: new Set() };
    slots[index] = slot;
    slot.worker.on('message', (message: FromWorker) => onMessage(slot, message));
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

  function onMessage(slot: Slot, message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        return;
      case 'sample':
        options.loadSample(message.sampleId).then(
          (audio) => post(slot, { type: 'sample', requestId: message.requestId, audio: { sampleRate: audio.sampleRate, channels: audio.channels } }),
          (error: unknown) => post(slot, { type: 'sample', requestId: message.requestId, error: error instanceof Error ? error.message : String(error) }),
        );
        return;
      case 'done':
      case 'failed': {
        const task = slot.running;
        if (!task || task.id !== message.id) return;
        slot.running = undefined;
        if (message.type === 'done') task.resolve(message.result);
        else task.reject(Object.assign(new Error(message.message), { stack: message.stack }));
        dispatch();
      }
    }
  }

  function post(slot: Slot, message: ToWorker): void {
    slot.worker.postMessage(message);
  }

  function pickSlot(task: Task, idle: Slot[]): Slot {
    if (!task.sampleIds) return idle[0];
    const overlap = (slot: Slot) => task.sampleIds!.filter((id) => slot.seen.has(id)).length;
    return idle.reduce((best, slot) => (overlap(slot) > overlap(best) ? slot : best));
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const idle = slots.filter((slot) => slot && !slot.running);
      if (idle.length === 0) return;
      const task = queue.shift()!;
      const slot = pickSlot(task, idle);
      slot.running = task;
      task.sampleIds?.forEach((id) => slot.seen.add(id));
      post(slot, { type: 'task', id: task.id, task: task.task });
    }
  }

  function runTask<T>(jobId: number, task: WorkerTask, sampleIds?: readonly string[]): Promise<T> {
    if (closed) return Promise.reject(new Error('Render pool is closed'));
    return new Promise<T>((resolve, reject) => {
      const job = jobs.get(jobId);
      const entry: Task = {
        id: nextTaskId++,
        jobId,
        task,
        sampleIds,
        resolve: (result) => { job?.tasks.delete(entry); resolve(result as T); },
        reject: (error) => { job?.tasks.delete(entry); reject(error); },
      };
      job?.tasks.add(entry);
      queue.push(entry);
      dispatch();
    });
  }

  /** Stops every task of a job: queued ones are dropped, running ones lose their worker (which is replaced). */
  function abortJob(jobId: number, error: Error): void {
    const job = jobs.get(jobId);
    if (!job) return;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].jobId === jobId) queue.splice(i, 1)[0].reject(error);
    for (const slot of slots) if (slot.running?.jobId === jobId) void slot.worker.terminate();
    job.fail(error);
  }

  async function runJob(jobId: number, job: RenderJob): Promise<RenderJobResult> {
    const started = now();
    const bitrateKbps = job.mp3BitrateKbps ?? DEFAULT_MP3_BITRATE;
    const rendered = await runTask<RenderTaskResult>(jobId, { kind: 'render', arrangement: job.arrangement, stems: job.stems ?? false }, usedSampleIds(job.arrangement));
    const rendering = now();
    const master = rendered.master;
    const frames = master.channels[0]?.length ?? 0;
    const chunks = Promise.all(
      planMp3Chunks(frames, size).map((spec) => runTask<EncodedMp3Chunk>(jobId, { kind: 'mp3-chunk', audio: master, spec, bitrateKbps })),
    );
    const wav = runTask<Uint8Array>(jobId, { kind: 'wav', audio: master });
    const stems = rendered.stems
      ? Promise.all(Object.entries(rendered.stems).map(async ([id, audio]) => [id, await runTask<Uint8Array>(jobId, { kind: 'wav', audio })] as const))
      : undefined;
    const [chunkList, wavBytes, stemList] = await Promise.all([chunks, wav, stems]);
    const mp3 = assembleMp3(chunkList, { sampleRate: master.sampleRate, channels: 2, samples: frames, peak: rendered.peak }, { bitrateKbps });
    const result: RenderJobResult = {
      mp3: mp3.bytes,
      wav: wavBytes,
      stems: stemList ? Object.fromEntries(stemList) : undefined,
      analysis: { ...rendered.analysis, durationSeconds: frames / master.sampleRate },
      timings: { renderMs: rendering - started, encodeMs: now() - rendering, totalMs: now() - started },
    };
    return result;
  }

  for (let i = 0; i < size; i++) spawn(i);

  return {
    size,
    threadIds: () => slots.map((slot) => slot.worker.threadId),
    render(job: RenderJob, jobOptions: RenderJobOptions = {}): Promise<RenderJobResult> {
      const jobId = nextJobId++;
      const timeoutMs = jobOptions.timeoutMs ?? options.jobTimeoutMs;
      return new Promise<RenderJobResult>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const settle = () => {
          if (timer) clearTimeout(timer);
          jobs.delete(jobId);
        };
        jobs.set(jobId, { tasks: new Set(), fail: (error) => { settle(); reject(error); } });
        if (timeoutMs) {
          timer = setTimeout(() => abortJob(jobId, new Error(`Render job timed out after ${timeoutMs} ms`)), timeoutMs);
        }
        runJob(jobId, job).then(
          (result) => { settle(); resolve(result); },
          (error: Error) => { settle(); reject(error); },
        );
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('Render pool is closed'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
