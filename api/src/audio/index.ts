/**
 * The sound engine's public surface: what the rest of the app imports. Everything here is pure
 * (Float32 buffers in, bytes and figures out) except the render pool, which owns worker threads.
 */
export type { AudioData } from './audio-buffer';
export * from './units';
export {
  arrangementSchema, parseArrangement, usedSampleIds, totalBars, DRUM_TYPES, SECTION_LABELS,
  type Arrangement, type ArrangementLayer, type ArrangementPart, type ArrangementSection, type DrumType,
  type LayerRole, type LoopTransform, type SampleRef, type SectionLabel, type PartRange, type RangeOp, RANGE_OPS,
} from './render/arrangement';
export type { SectionSpan } from './render/layer-timeline';
export type { PreparedLoop, PreparedLoopCache, SampleSource } from './render/loop-preparer';
export { renderArrangement, ROLE_LOUDNESS, type RenderContext, type RenderOptions, type RenderedBeat } from './render/render-arrangement';
export { masterBus, DEFAULT_TARGET_LUFS, type MasterBusOptions, type MasterReport } from './master/master-bus';
export { DEFAULT_CEILING_DBTP } from './master/true-peak-limiter';
export { encodeMp3, assembleMp3, type EncodedMp3 } from './encode/mp3-encoder';
export { DEFAULT_MP3_BITRATE, type Mp3Bitrate, type Mp3EncodeOptions } from './encode/mp3-chunk-encoder';
export { createRenderPool, type RenderPool, type RenderPoolOptions, type RenderJobOptions } from './pool/render-pool';
export type { RenderJob, RenderJobResult, RenderAnalysis } from './pool/render-job';
