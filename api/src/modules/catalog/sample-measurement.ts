import { createAudio, frameCount, type AudioData } from '../../audio/audio-buffer';
import { analyzeAudio, estimateKey, estimateTempo } from '../../audio/analysis';
import { decodeWav, probeWav, WavFormatError } from '../../audio/wav';
import { badInput } from '../../platform/errors';
import { MAX_FILE_BYTES } from './catalog.limits';

/** A file as it arrived: its name and bytes. */
export interface IncomingFile {
  readonly name: string;
  readonly bytes: Buffer;
}

/** What the engine measured of one uploaded file. */
export interface FileFacts {
  readonly durationSeconds: number;
  readonly sourceSampleRate: number;
  readonly sourceChannels: number;
  readonly sourceBitDepth: number;
  readonly loudnessLufs: number;
  readonly truePeakDbtp: number;
  readonly peaks: number[];
  readonly detectedBpm: number | null;
  readonly detectedKey: string | null;
  readonly detectedMode: string | null;
}

const NOT_WAV = new Set(['not-riff', 'not-wave']);
const PEAK_BUCKETS = 400;

/** The spec's message for a non-WAV file, naming it; other WAV problems name the file and the reason. */
export function wavProblem(name: string, error: unknown): Error {
  if (error instanceof WavFormatError) {
    if (NOT_WAV.has(error.reason)) return badInput(`Only WAV files are allowed. "${name}" is not a WAV file.`, { file: name });
    return badInput(`"${name}" could not be read: ${error.message}`, { file: name, reason: error.reason });
  }
  return error as Error;
}

/** Checks a file is a WAV by parsing its header (not its name or declared type), cheaply. */
export function checkWavFile(file: IncomingFile): void {
  if (file.bytes.length > MAX_FILE_BYTES) {
    throw badInput(`"${file.name}" is larger than ${MAX_FILE_BYTES / (1024 * 1024)} MB.`, { file: file.name });
  }
  const magic = file.bytes.subarray(0, 4).toString('latin1');
  const form = file.bytes.subarray(8, 12).toString('latin1');
  if (magic !== 'RIFF' || form !== 'WAVE') {
    throw badInput(`Only WAV files are allowed. "${file.name}" is not a WAV file.`, { file: file.name });
  }
  try {
    probeWav(file.bytes);
  } catch (error) {
    throw wavProblem(file.name, error);
  }
}

function decode(file: IncomingFile) {
  try {
    return decodeWav(file.bytes);
  } catch (error) {
    throw wavProblem(file.name, error);
  }
}

/** Decodes and measures one WAV: loudness, true peak, waveform peaks, tempo and key. */
export function measureFile(file: IncomingFile): FileFacts {
  const decoded = decode(file);
  const analysis = analyzeAudio(decoded.audio, { peakBuckets: PEAK_BUCKETS });
  const tempo = analysis.tempo;
  return {
    durationSeconds: analysis.duration,
    sourceSampleRate: decoded.info.sampleRate,
    sourceChannels: decoded.info.channels,
    sourceBitDepth: decoded.info.bitDepth,
    loudnessLufs: Number.isFinite(analysis.loudness) ? analysis.loudness : -70,
    truePeakDbtp: Number.isFinite(analysis.truePeakDb) ? analysis.truePeakDb : -120,
    peaks: analysis.peaks,
    detectedBpm: tempo && Number.isFinite(tempo.bpm) ? Math.round(tempo.bpm * 100) / 100 : null,
    detectedKey: analysis.key?.key ?? null,
    detectedMode: analysis.key?.mode ?? null,
  };
}

/**
 * The whole number of 4/4 bars a loop of this duration spans at the declared tempo, or a clear error
 * when it is not within 2% of one (the warp engine tiles only whole bars).
 */
export function barsAt(name: string, durationSeconds: number, bpm: number): number {
  const exact = (durationSeconds * bpm) / 240;
  const bars = Math.round(exact);
  if (bars < 1 || bars > 64 || Math.abs(exact - bars) / bars > 0.02) {
    throw badInput(
      `"${name}" lasts ${durationSeconds.toFixed(2)} s, which is not a whole number of bars at ${bpm} BPM (${exact.toFixed(2)} bars). Trim it to whole bars (8 recommended) or check the BPM.`,
      { file: name },
    );
  }
  return bars;
}

/** Declared and detected tempi disagree by more than 1 BPM. */
export const bpmDisagrees = (declared: number, detected: number | null): boolean =>
  detected !== null && Math.abs(declared - detected) > 1;

/** Tempo and key of stems played together (a composition is judged as a whole). */
export function measureMix(files: readonly IncomingFile[]): { detectedBpm: number | null; detectedKey: string; detectedMode: string } {
  const stems = files.map((f) => decode(f).audio);
  const frames = Math.min(...stems.map(frameCount));
  const mix: AudioData = createAudio(frames, stems[0].sampleRate);
  for (const stem of stems) {
    for (let c = 0; c < 2; c++) {
      const out = mix.channels[c];
      const input = stem.channels[c];
      for (let i = 0; i < frames; i++) out[i] += input[i] / stems.length;
    }
  }
  const tempo = estimateTempo(mix, { minBpm: 60, maxBpm: 200 });
  const key = estimateKey(mix);
  return {
    detectedBpm: tempo && Number.isFinite(tempo.bpm) ? Math.round(tempo.bpm * 100) / 100 : null,
    detectedKey: key.key,
    detectedMode: key.mode,
  };
}
