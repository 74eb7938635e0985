import type { AudioData } from '../../../audio/audio-buffer';
import { durationOf } from '../../../audio/audio-buffer';
import { integratedLoudness, truePeakDb, waveformPeaks } from '../../../audio/analysis';

/** What the catalogue stores of a demo file (the same facts uploads get, minus tempo and key detection). */
export interface DemoFileFacts {
  readonly byteSize: number;
  readonly durationSeconds: number;
  readonly loudnessLufs: number;
  readonly truePeakDbtp: number;
  readonly peaks: number[];
}

export function measureDemoAudio(audio: AudioData, byteSize: number): DemoFileFacts {
  const loudness = integratedLoudness(audio);
  const peak = truePeakDb(audio);
  return {
    byteSize,
    durationSeconds: durationOf(audio),
    loudnessLufs: Number.isFinite(loudness) ? loudness : -70,
    truePeakDbtp: Number.isFinite(peak) ? peak : -120,
    peaks: waveformPeaks(audio, 400),
  };
}
