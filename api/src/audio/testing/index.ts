/** Seeded, deterministic test signals and WAV fixtures for engine, upload and render tests. */
export { chordProgression, PROGRESSIONS, type ChordProgressionOptions, type ChordRhythm, type SynthChord } from './chord-progression-synth';
export { DRUM_PATTERNS, drumLoop, type DrumHit, type DrumInstrument, type DrumLoopOptions, type DrumPatternName } from './drum-loop-synth';
export { hostileWavCorpus, type HostileWav } from './hostile-wavs';
export { createRandom, type SeededRandom } from '../random/seeded-random';
export { clickTrain, concatAudio, noise, sine, type ChannelPlacement, type ClickTrainOptions, type NoiseOptions, type SineOptions } from './tone-synth';
export { buildRiff, buildWav, fmtBody, sampleBytes, type ChunkSpec, type FmtSpec, type SampleFormat, type SimpleWavSpec } from './wav-builder';
