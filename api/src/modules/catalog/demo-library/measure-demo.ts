import { integratedLoudness, truePeakDb, waveformPeaks, durationOf, decodeWav } from '../../../audio';
import type { StoredSampleOnsets } from '../../../audio';
import { measureMix, storedOnsetsOf, type IncomingFile } from '../sample-measurement';

/** What the catalogue stores of one demo file, measured on the WAV as stored (as uploads are). */
export interface DemoFileFacts {
  readonly byteSize: number;
  readonly durationSeconds: number;
  readonly sourceSampleRate: number;
  readonly sourceChannels: number;
  readonly sourceBitDepth: number;
  readonly loudnessLufs: number;
  readonly truePeakDbtp: number;
  readonly peaks: number[];
  /** Missing from items cached before onsets were stored with samples (the seeder measures them then). */
  readonly onsets?: StoredSampleOnsets;
}

/** Tempo and key the engine hears in a composition's stems played together. */
export interface DemoMixFacts {
  readonly detectedBpm: number | null;
  readonly detectedKey: string;
  readonly detectedMode: string;
}

/** The waveform resolution uploads store. */
const PEAK_BUCKETS = 400;

/**
 * Decodes a WAV as the upload path does and measures duration, loudness (BS.1770), true peak,
 * waveform peaks and onsets with the engine's meters, the same facts and code an upload's files get.
 */
export function measureDemoFile(bytes: Buffer): DemoFileFacts {
  const { audio, info } = decodeWav(bytes);
  const loudness = integratedLoudness(audio);
  const peak = truePeakDb(audio);
  return {
    byteSize: bytes.length,
    durationSeconds: durationOf(audio),
    sourceSampleRate: info.sampleRate,
    sourceChannels: info.channels,
    sourceBitDepth: info.bitDepth,
    loudnessLufs: Number.isFinite(loudness) ? loudness : -70,
    truePeakDbtp: Number.isFinite(peak) ? peak : -120,
    peaks: waveformPeaks(audio, PEAK_BUCKETS),
    onsets: storedOnsetsOf(audio),
  };
}

/** A composition's detected tempo and key: exactly the measurement a melody upload gets (`measureMix`). */
export const measureDemoMix = (files: readonly IncomingFile[], bpm: number): DemoMixFacts => measureMix(files, bpm);
