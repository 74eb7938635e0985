import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { serveTasks, type TaskProgress } from '../workers/serve-tasks';
import { waveformPeaks } from '../analysis/waveform-peaks';
import { landmarksOf } from '../analysis/landmarks';
import { encodeMp3Chunk, mp3ChunkCount, mp3ChunkKey, planMp3Chunks, warmMp3Encoder, type Mp3ChunkSpec } from '../encode/mp3-chunk-encoder';
import { samplePeak } from '../encode/mp3-encoder';
import { prepareLoop } from '../render/loop-preparer';
import { onsetsFor } from '../warp/sample-onsets';
import { renderPrepared } from '../render/render-arrangement';
import { stemSource, stemWav } from '../render/layer-stems';
import { decodeWav } from '../wav/wav-reader';
import { writePcm24 } from '../wav/wav-writer';
import { ENGINE_SAMPLE_RATE } from '../units';
import { LIMITED_NOTE, RENDER_PEAK_BUCKETS, type LimitedNoteData, type Mp3ChunkPlan, type PrepareTaskResult, type RenderTaskResult, type WorkerTask } from './render-job';

/**
 * Worker thread of the render pool: warps loops, renders arrangements from loops already warped,
 * and encodes chunks of their output. It keeps no state between tasks: the pool holds the prepared
 * loops (on SharedArrayBuffers) in one cache for all workers.
 */

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
// Compile LAME's WebAssembly now (about 110 ms), not during the first beat's encode.
void warmMp3Encoder();

/** Float32 channels over SharedArrayBuffers: handed to other workers without a copy. */
function sharedChannels(frames: number, count: number): Float32Array[] {
  return Array.from({ length: count }, () => new Float32Array(new SharedArrayBuffer(frames * Float32Array.BYTES_PER_ELEMENT)));
}

function shared(channels: readonly Float32Array[]): Float32Array[] {
  // A mono loop is prepared as its one channel twice: keep it shared once.
  const copies = new Map<Float32Array, Float32Array>();
  return channels.map((channel) => {
    let copy = copies.get(channel);
    if (!copy) {
      copy = sharedChannels(channel.length, 1)[0];
      copy.set(channel);
      copies.set(channel, copy);
    }
    return copy;
  });
}

/**
 * Mixes and masters an arrangement from loops already warped, into master channels on
 * SharedArrayBuffers (the given ones when long enough), and plans the master's MP3 chunks.
 */
function renderTask(task: Extract<WorkerTask, { kind: 'render' }>, progress: TaskProgress): RenderTaskResult {
  const loops = new Map(Object.entries(task.loops));
  const reuse = task.masterBuffers ?? [];
  let master: Float32Array[] = [];
  const allocateMaster = (frames: number, count: number): Float32Array[] => {
    master = reuse.length >= count && reuse.every((buffer) => buffer.byteLength >= frames * Float32Array.BYTES_PER_ELEMENT)
      ? reuse.slice(0, count).map((buffer) => new Float32Array(buffer, 0, frames))
      : sharedChannels(frames, count);
    return master;
  };
  const planChunks = (channels: Float32Array[]): Mp3ChunkPlan[] =>
    planMp3Chunks(channels[0]?.length ?? 0, mp3ChunkCount(channels[0]?.length ?? 0, task.mp3.workers)).map((spec) => ({
      spec,
      key: mp3ChunkKey(channels, ENGINE_SAMPLE_RATE, spec, task.mp3.bitrateKbps),
    }));
  // As the limiter writes the master, each chunk it has passed is announced, so the other workers
  // encode it while this one limits the rest and checks the whole.
  const announced: Mp3ChunkPlan[] = [];
  let plan: Mp3ChunkSpec[] | undefined;
  const onWritten = (frames: number) => {
    const length = master[0]?.length ?? 0;
    plan ??= planMp3Chunks(length, mp3ChunkCount(length, task.mp3.workers));
    const ready = plan
      .filter((spec) => !announced[spec.index] && spec.inputEnd <= frames)
      .map((spec) => ({ spec, key: mp3ChunkKey(master, ENGINE_SAMPLE_RATE, spec, task.mp3.bitrateKbps) }));
    if (ready.length === 0) return;
    for (const chunk of ready) announced[chunk.spec.index] = chunk;
    const data: LimitedNoteData = { master: { sampleRate: ENGINE_SAMPLE_RATE, channels: master }, mp3Chunks: ready };
    progress(LIMITED_NOTE, data);
  };
  const rendered = renderPrepared(task.arrangement, loops, {
    allocate: sharedChannels, allocateMaster, onMixed: () => progress('mixed'), master: { onWritten },
  });
  const { channels } = rendered.master;
  // The limiter trimmed its output, or ran again (a check missed): the master changed after the
  // chunks were announced; plan them again.
  const report = rendered.masterReport;
  const limitedNoteHolds =
    plan !== undefined && plan.every((spec) => announced[spec.index] !== undefined) && report.limiterRuns === 1 && report.limiter.trimDb === 0;
  // The beat's landmark fingerprint (content identification), timed for the bench.
  const fingerprintStart = performance.now();
  const landmarks = landmarksOf(rendered.master);
  const landmarksMs = performance.now() - fingerprintStart;
  const result: RenderTaskResult = {
    master: rendered.master,
    peak: samplePeak(channels),
    mp3Chunks: limitedNoteHolds ? announced : planChunks(channels),
    limitedNoteHolds,
    analysis: {
      integratedLufs: rendered.masterReport.integratedLufs,
      truePeakDbtp: rendered.masterReport.truePeakDbtp,
      sections: rendered.sections,
      master: rendered.masterReport,
      peaks: waveformPeaks(rendered.master, RENDER_PEAK_BUCKETS, { normalize: true }),
      landmarks,
      landmarksMs,
    },
  };
  return result;
}

async function run(task: WorkerTask, progress: TaskProgress): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  switch (task.kind) {
    case 'prepare': {
      const sample = task.sample instanceof Uint8Array ? decodeWav(task.sample).audio : task.sample;
      // The sample's onsets (as the warp of this kind detects them), unless the pool already knew them.
      const given = task.options.onsets;
      const onsets = given ?? onsetsFor(sample, task.options.kind);
      const loop = prepareLoop(sample, { ...task.options, onsets }, task.sampleId);
      const result: PrepareTaskResult = {
        loop: { ...loop, audio: { sampleRate: loop.audio.sampleRate, channels: shared(loop.audio.channels) } },
        detectedOnsets: given ? undefined : onsets,
      };
      return { result };
    }
    case 'render': {
      const result = renderTask(task, progress);
      // The master's SharedArrayBuffers are shared, not transferred; the landmarks' buffers move.
      const { landmarks } = result.analysis;
      return { result, transfer: [landmarks.hashes.buffer as ArrayBuffer, landmarks.frames.buffer as ArrayBuffer] };
    }
    case 'stem-wav': {
      const bytes = stemWav(stemSource(task.arrangement, new Map(Object.entries(task.loops)), task.layerId), task.gain);
      return { result: bytes, transfer: [bytes.buffer as ArrayBuffer] };
    }
    case 'mp3-chunk': {
      const chunk = await encodeMp3Chunk(task.audio.channels, task.audio.sampleRate, task.spec, { bitrateKbps: task.bitrateKbps });
      return { result: chunk, transfer: [chunk.bytes.buffer as ArrayBuffer] };
    }
    case 'wav-pcm': {
      writePcm24(task.audio.channels, task.from, task.to, new Uint8Array(task.file), task.offset);
      return { result: null };
    }
  }
}

serveTasks<WorkerTask, unknown>(run);
