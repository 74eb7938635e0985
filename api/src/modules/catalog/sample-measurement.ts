import { open } from 'node:fs/promises';
import { createAudio, frameCount, type AudioData, analyzeAudio, estimateKey, estimateTempo, type TempoEstimate, type TempoOptions, decodeWav, probeWav, WavFormatError, sampleOnsets, serialiseSampleOnsets, type StoredSampleOnsets } from '../../audio';
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
  /** Onsets for both warp kinds, stored with the sample so no render detects them. */
  readonly onsets: StoredSampleOnsets;
}

const NOT_WAV = new Set(['not-riff', 'not-wave']);
const PEAK_BUCKETS = 400;
/**
 * A reading's pulse strength below which the audio has no beat near the declared tempo (held pads
 * read under 0.05; drums, stabs, arpeggios and the demo library's mixes 0.4 and more).
 */
const MIN_PULSE = 0.1;

/**
 * The declared tempo as the estimator's hint: it searches within ±45 % of it (the range then holds
 * exactly one octave of any pulse), as a DAW's tap tempo settles half- and double-time.
 */
export const tempoHint = (declaredBpm: number): TempoOptions => ({ minBpm: declaredBpm / 1.45, maxBpm: declaredBpm * 1.45 });

/** The tempo to store, or null when the audio has no measurable pulse (a held pad says nothing of its tempo). */
function detectedBpmOf(tempo: TempoEstimate | undefined): number | null {
  if (!tempo || !Number.isFinite(tempo.bpm) || tempo.bpm <= 0 || tempo.confidence < MIN_PULSE) return null;
  return Math.round(tempo.bpm * 100) / 100;
}

/** The spec's message for a non-WAV file, naming it; other WAV problems name the file and the reason. */
export function wavProblem(name: string, error: unknown): Error {
  if (error instanceof WavFormatError) {
    if (NOT_WAV.has(error.reason)) return badInput(`Only WAV files are allowed. "${name}" is not a WAV file.`, { file: name });
    return badInput(`"${name}" could not be read: ${error.message}`, { file: name, reason: error.reason });
  }
  return error as Error;
}

/**
 * The cheap checks of a spooled upload, before any is measured: its size, and the RIFF/WAVE magic
 * of its first 12 bytes (the rest of the header is checked when the analyzer decodes it).
 */
export async function checkUploadedWav(file: { name: string; path: string; size: number }): Promise<void> {
  if (file.size > MAX_FILE_BYTES) {
    throw badInput(`"${file.name}" is larger than ${MAX_FILE_BYTES / (1024 * 1024)} MB.`, { file: file.name });
  }
  const handle = await open(file.path, 'r');
  const head = Buffer.alloc(12);
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  if (head.subarray(0, 4).toString('latin1') !== 'RIFF' || head.subarray(8, 12).toString('latin1') !== 'WAVE') {
    throw badInput(`Only WAV files are allowed. "${file.name}" is not a WAV file.`, { file: file.name });
  }
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

/**
 * The onsets to store with a sample: of the file's bytes as stored, decoded as the render worker
 * decodes them (`decodeWav(bytes).audio`), so they are exactly what a render would detect.
 */
export const storedOnsetsOf = (audio: AudioData): StoredSampleOnsets => serialiseSampleOnsets(sampleOnsets(audio), audio.sampleRate);

/**
 * Decodes and measures one WAV: loudness, true peak, waveform peaks, tempo (near the declared one),
 * key, and its onsets for the warps.
 */
export function measureFile(file: IncomingFile, declaredBpm: number): FileFacts {
  const decoded = decode(file);
  const analysis = analyzeAudio(decoded.audio, { peakBuckets: PEAK_BUCKETS, tempo: tempoHint(declaredBpm) });
  return {
    durationSeconds: analysis.duration,
    sourceSampleRate: decoded.info.sampleRate,
    sourceChannels: decoded.info.channels,
    sourceBitDepth: decoded.info.bitDepth,
    loudnessLufs: Number.isFinite(analysis.loudness) ? analysis.loudness : -70,
    truePeakDbtp: Number.isFinite(analysis.truePeakDb) ? analysis.truePeakDb : -120,
    peaks: analysis.peaks,
    detectedBpm: detectedBpmOf(analysis.tempo),
    detectedKey: analysis.key?.key ?? null,
    detectedMode: analysis.key?.mode ?? null,
    onsets: storedOnsetsOf(decoded.audio),
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

/**
 * Declared and detected tempi disagree by more than 1 BPM, with half- and double-time readings taken
 * at the declared octave: a 60 BPM loop read at 120 (or 30) agrees.
 */
export const bpmDisagrees = (declared: number, detected: number | null): boolean =>
  detected !== null && [0.5, 1, 2].every((octave) => Math.abs(declared - detected * octave) > 1);

/** Tempo (near the declared one) and key of stems played together (a composition is judged as a whole). */
export function measureMix(
  files: readonly IncomingFile[],
  declaredBpm: number,
): { detectedBpm: number | null; detectedKey: string; detectedMode: string } {
  // One stem decoded at a time, summed into the mix: 40 long stems decoded at once would hold
  // gigabytes where the files held megabytes.
  let mix: AudioData | null = null;
  for (const file of files) {
    const stem = decode(file).audio;
    if (!mix) mix = createAudio(frameCount(stem), stem.sampleRate);
    const frames = Math.min(frameCount(mix), frameCount(stem));
    for (let c = 0; c < 2; c++) {
      const out = mix.channels[c];
      const input = stem.channels[c];
      for (let i = 0; i < frames; i++) out[i] += input[i] / files.length;
    }
  }
  if (!mix) throw badInput('A composition needs at least one stem.');
  const key = estimateKey(mix);
  return {
    detectedBpm: detectedBpmOf(estimateTempo(mix, tempoHint(declaredBpm))),
    detectedKey: key.key,
    detectedMode: key.mode,
  };
}
