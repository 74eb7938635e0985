import type { AudioData } from '../src/audio';
import { estimateKey, integratedLoudness, detectOnsets, estimateTempo, truePeakDb, waveformPeaks, decodeWav, probeWav, encodeWav } from '../src/audio';
import { resampleChannels, chordProgression, drumLoop } from '../src/audio/testing';
import { measure, type BenchResult } from './harness';

/** 105 bars at 140 BPM: 180 s of drums and chords, summed and peaking near full scale. */
function threeMinutesOfMusic(): AudioData {
  const drums = drumLoop({ bpm: 140, bars: 105, pattern: 'boomBap', seed: 7 }).audio;
  const chords = chordProgression({ key: 'F#', mode: 'Minor', progression: ['i', 'VI', 'III', 'VII'], bpm: 140, repeats: 27, rhythm: 'arpeggio', seed: 7 }).audio;
  const frames = drums.channels[0].length;
  const channels = [0, 1].map((c) => {
    const out = new Float32Array(frames);
    for (let i = 0; i < frames; i++) out[i] = 0.55 * drums.channels[c][i] + 0.8 * chords.channels[c][i];
    return out;
  });
  return { sampleRate: 44_100, channels };
}

/** `audio` repeated to `seconds`. */
function tileTo(audio: AudioData, seconds: number): AudioData {
  const frames = Math.round(seconds * audio.sampleRate);
  return {
    sampleRate: audio.sampleRate,
    channels: audio.channels.map((source) => {
      const out = new Float32Array(frames);
      for (let at = 0; at < frames; at += source.length) out.set(source.subarray(0, Math.min(source.length, frames - at)), at);
      return out;
    }),
  };
}

const mb = (bytes: Uint8Array): string => `${(bytes.length / 1e6).toFixed(1)} MB`;

/**
 * WAV decode and audio analysis benchmarks: decoding 5-minute files (16-bit: about 53 MB, the upload
 * limit's order of size; 24-bit; 48 kHz needing resampling), probing, encoding, and every analysis
 * an upload runs, on 3 minutes of synthesised drums and chords.
 */
export async function benchDecode(): Promise<BenchResult[]> {
  const music = threeMinutesOfMusic();
  const fiveMinutes = tileTo(music, 300);
  const wav16 = encodeWav(fiveMinutes, { bitDepth: 16 });
  const wav24 = encodeWav(fiveMinutes, { bitDepth: 24 });
  const at48k: AudioData = { sampleRate: 48_000, channels: resampleChannels(music.channels, 44_100, 48_000) };
  const wav48k = encodeWav(at48k, { bitDepth: 16 });
  const results: BenchResult[] = [];
  results.push(await measure(`decodeWav 5 min 16-bit stereo 44.1 kHz (${mb(wav16)})`, () => decodeWav(wav16), {
    target: 'target <= 130 ms (STACK-NOTES: 47 ms for 3 min by an Int16Array view)',
  }));
  results.push(await measure(`decodeWav 5 min 24-bit stereo 44.1 kHz (${mb(wav24)})`, () => decodeWav(wav24), { target: 'target <= 250 ms' }));
  results.push(await measure(`decodeWav 3 min 16-bit stereo 48 kHz, resampled (${mb(wav48k)})`, () => decodeWav(wav48k), {
    runs: 3, target: 'floor: 70-tap polyphase sinc, 2 x 7.9 M outputs (~0.8 ns a tap)', note: 'band-limited 48 -> 44.1 kHz',
  }));
  results.push(await measure(`probeWav 5 min 16-bit (${mb(wav16)})`, () => probeWav(wav16), { runs: 21, target: 'target < 1 ms (headers only)' }));
  results.push(await measure('encodeWav 3 min 16-bit with TPDF dither', () => encodeWav(music, { bitDepth: 16 }), { target: 'STACK-NOTES: 49 ms undithered' }));
  results.push(await measure('integratedLoudness 3 min stereo', () => integratedLoudness(music), { target: 'STACK-NOTES: 45-121 ms' }));
  results.push(await measure('truePeakDb 3 min stereo (4x, BS.1770-4 Annex 2)', () => truePeakDb(music), { target: 'STACK-NOTES: 825 ms naive' }));
  results.push(await measure('estimateTempo 3 min (analyses a 60 s excerpt)', () => estimateTempo(music), { runs: 3, target: 'target <= 500 ms' }));
  results.push(await measure('estimateKey 3 min', () => estimateKey(music), { runs: 3, target: 'target <= 500 ms' }));
  results.push(await measure('detectOnsets 3 min (full-rate SuperFlux + refinement)', () => detectOnsets(music), { runs: 3, target: 'target <= 2000 ms' }));
  results.push(await measure('waveformPeaks 3 min, 1000 buckets', () => waveformPeaks(music, 1000), { target: 'target <= 50 ms' }));
  return results;
}
