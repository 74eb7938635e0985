/** WAV in and out: hostile-input-safe decoding to the engine's 44.1 kHz stereo, and PCM encoding. */
export { decodeWav, DEFAULT_MAX_WAV_DURATION, probeWav, type DecodedWav, type DecodeWavOptions, type WavInfo } from './wav-reader';
export { encodeWav, type EncodeWavOptions } from './wav-writer';
export { WavFormatError, type WavErrorReason, type WavWarning } from './wav-format-error';
export { MAX_CHANNELS, MAX_SAMPLE_RATE, MIN_SAMPLE_RATE, type WavEncoding } from './wav-layout-parser';
