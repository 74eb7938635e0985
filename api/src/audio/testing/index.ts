/** Seeded, deterministic test signals and WAV fixtures for engine, upload and render tests. */
export { chordProgression, PROGRESSIONS, type ChordProgressionOptions, type ChordRhythm, type SynthChord } from './chord-progression-synth';
export { DRUM_PATTERNS, drumLoop, type DrumHit, type DrumInstrument, type DrumLoopOptions, type DrumPatternName } from './drum-loop-synth';
export { hostileWavCorpus, type HostileWav } from './hostile-wavs';
export { createRandom, type SeededRandom } from '../random/seeded-random';
export { clickTrain, concatAudio, noise, sine, type ChannelPlacement, type ClickTrainOptions, type NoiseOptions, type SineOptions } from './tone-synth';
export { buildRiff, buildWav, fmtBody, sampleBytes, type ChunkSpec, type FmtSpec, type SampleFormat, type SimpleWavSpec } from './wav-builder';
// The engine's inner steps and synthesised beats, for tests and benchmarks that measure them
// (production code imports the engine's surface, api/src/audio/index.ts, only).
export { decodeMp3 } from '../encode/mp3-decoder.testing';
export { parseMp3Frames } from '../encode/mp3-frame-parser';
export { stemsSumErrorDb } from '../render/stems-sum.testing';
export { demoBeat, drumLoop as synthDrumLoop, mapSampleSource, padLoop, type DemoBeat } from '../render/synth-loops.testing';
export { bassHitLoop } from '../warp/signal-measures.testing';
export { kWeightedBlockPowers } from '../analysis/loudness';
export { loopOnsets } from '../warp/loop-onsets';
export { DRUM_ONSET_THRESHOLD } from '../warp/stretch-drums';
export { warpLoop, type WarpOptions } from '../warp/warp-loop';
export { resampleChannels } from '../resample/sinc-resampler';
export { sectionSpans } from '../render/layer-timeline';
export { prepareLoops } from '../render/loop-preparer';
export { mixArrangement, renderPrepared } from '../render/render-arrangement';
