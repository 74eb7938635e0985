/**
 * The sound engine's public surface: the only module of api/src/audio the rest of the app imports
 * (a lint rule in eslint.config.mjs refuses deep imports; tests and benchmarks may also import
 * `audio/testing`). Everything here is pure (Float32 buffers in, bytes and figures out) except the
 * render pool and the worker helpers, which own worker threads.
 */
export { createAudio, durationOf, frameCount, type AudioData } from './audio-buffer';
export * from './units';
export * from './analysis';
export * from './wav';
export {
  arrangementSchema, parseArrangement, usedSampleIds, totalBars, DRUM_TYPES, SECTION_LABELS,
  type Arrangement, type ArrangementLayer, type ArrangementPart, type ArrangementSection, type DrumType,
  type LayerRole, type LoopTransform, type SampleRef, type SectionLabel, type PartRange, type RangeOp, RANGE_OPS,
} from './render/arrangement';
export type { SectionSpan } from './render/layer-timeline';
export type { PreparedLoop, PreparedLoopCache, SampleFile, SampleSource } from './render/loop-preparer';
export { renderArrangement, ROLE_LOUDNESS, type RenderContext, type RenderOptions, type RenderedBeat } from './render/render-arrangement';
export { masterBus, DEFAULT_TARGET_LUFS, type MasterBusOptions, type MasterReport } from './master/master-bus';
export { DEFAULT_CEILING_DBTP } from './master/true-peak-limiter';
export { encodeMp3, assembleMp3, type EncodedMp3 } from './encode/mp3-encoder';
export { DEFAULT_MP3_BITRATE, type Mp3Bitrate, type Mp3EncodeOptions } from './encode/mp3-chunk-encoder';
export { exactBarFrames, loopFrames } from './warp/loop-length';
export { parseSampleOnsets, sampleOnsets, serialiseSampleOnsets, type SampleOnsets, type StoredSampleOnsets } from './warp/sample-onsets';
export { createLoopCache, type LoopCache, type LoopCacheStats } from './cache/loop-cache';
export { createRandom, type SeededRandom } from './random/seeded-random';
export {
  createRenderPool, type RenderPhase, type RenderPool, type RenderPoolOptions, type RenderJobOptions,
} from './pool/render-pool';
export { RENDER_PEAK_BUCKETS, type RenderJob, type RenderJobResult, type RenderAnalysis } from './pool/render-job';
export { startWorker } from './workers/start-worker';
export { serveTasks, type TaskProgress } from './workers/serve-tasks';
export { TaskPool } from './workers/task-pool';
