import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { AudioData } from '../audio-buffer';
import { encodeMp3Chunk } from '../encode/mp3-chunk-encoder';
import { samplePeak } from '../encode/mp3-encoder';
import { interSamplePeak } from '../master/inter-sample-peak-detector';
import { createLoopCache } from '../cache/loop-cache';
import type { PreparedLoop } from '../render/loop-preparer';
import { renderArrangement } from '../render/render-arrangement';
import { gainToDb } from '../units';
import { encodeWav } from '../wav/wav-writer';
import type { FromWorker, RenderTaskResult, SharedAudio, ToWorker, WorkerTask } from './render-job';

/**
 * Worker thread of the render pool: renders arrangements and encodes chunks of their output. Each
 * worker keeps its own loop cache, so a re-render on the same worker warps only what changed.
 * Samples come from the main thread on request (it owns storage and the catalogue).
 */

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

/**
 * Renders are batch work: on Linux, give this thread a lower scheduling priority (nice 10) so that
 * when every core is busy rendering, the API's event loop still gets the CPU when it needs it.
 * Linux names a thread's id in /proc/thread-self; elsewhere this is skipped.
 */
function lowerThreadPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not permitted: the worker runs at normal priority.
  }
}
lowerThreadPriority();

const cache = createLoopCache<PreparedLoop>({ maxBytes: 512 * 1024 * 1024 });
const pendingSamples = new Map<number, { resolve: (audio: AudioData) => void; reject: (error: Error) => void }>();
let nextSampleRequest = 1;

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function loadSample(sampleId: string): Promise<AudioData> {
  const requestId = nextSampleRequest++;
  return new Promise((resolve, reject) => {
    pendingSamples.set(requestId, { resolve, reject });
    post({ type: 'sample', requestId, sampleId });
  });
}

/** Float32 channels over SharedArrayBuffers: handed to other workers without a copy. */
function sharedChannels(frames: number, count: number): Float32Array[] {
  return Array.from({ length: count }, () => new Float32Array(new SharedArrayBuffer(frames * Float32Array.BYTES_PER_ELEMENT)));
}

async function run(task: WorkerTask): Promise<{ result: unknown; transfer: ArrayBuffer[] }> {
  switch (task.kind) {
    case 'render': {
      const rendered = await renderArrangement(task.arrangement, { loadSample, cache }, { stems: task.stems, allocate: sharedChannels });
      const result: RenderTaskResult = {
        master: rendered.master,
        stems: rendered.stems,
        peak: samplePeak(rendered.master.channels),
        analysis: {
          integratedLufs: rendered.masterReport.integratedLufs,
          truePeakDbtp: gainToDb(interSamplePeak(rendered.master.channels)),
          sections: rendered.sections,
          master: rendered.masterReport,
        },
      };
      // SharedArrayBuffers are shared, not transferred: nothing to list.
      return { result, transfer: [] };
    }
    case 'mp3-chunk': {
      const chunk = await encodeMp3Chunk(task.audio.channels, task.audio.sampleRate, task.spec, { bitrateKbps: task.bitrateKbps });
      return { result: chunk, transfer: [chunk.bytes.buffer as ArrayBuffer] };
    }
    case 'wav': {
      const bytes = encodeWav(task.audio as SharedAudio, { bitDepth: 24 });
      return { result: bytes, transfer: [bytes.buffer as ArrayBuffer] };
    }
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'sample') {
    const pending = pendingSamples.get(message.requestId);
    pendingSamples.delete(message.requestId);
    if (!pending) return;
    if (message.audio) pending.resolve(message.audio);
    else pending.reject(new Error(message.error ?? 'Sample unavailable'));
    return;
  }
  run(message.task).then(
    ({ result, transfer }) => post({ type: 'done', id: message.id, result }, transfer),
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      post({ type: 'failed', id: message.id, message: failure.message, stack: failure.stack });
    },
  );
});

post({ type: 'ready' });
