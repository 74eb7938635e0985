import type { AudioData } from '../audio-buffer';
import { sine } from '../testing/tone-synth';
import { waveformPeaks } from './waveform-peaks';

describe('waveformPeaks', () => {
  it('gives one value per bucket: the peak of a -6 dBFS sine is 0.501 in every bucket', () => {
    const peaks = waveformPeaks(sine({ frequency: 440, seconds: 2, peakDb: -6 }), 800);
    expect(peaks).toHaveLength(800);
    for (const p of peaks) expect(Math.abs(p - 0.501)).toBeLessThanOrEqual(0.002);
  });

  it('puts a click in its bucket only, takes the louder channel, and clips at 1', () => {
    const left = new Float32Array(10_000);
    const right = new Float32Array(10_000);
    left[2500] = 0.3;
    right[2500] = -0.7;
    right[9999] = 1.8;
    const peaks = waveformPeaks({ sampleRate: 44_100, channels: [left, right] }, 100);
    expect(peaks[25]).toBe(0.7);
    expect(peaks[99]).toBe(1);
    expect(peaks.filter((p) => p > 0)).toHaveLength(2);
  });

  it('normalises on request, handles more buckets than samples, silence, and rejects bad bucket counts', () => {
    const quiet = sine({ frequency: 100, seconds: 0.1, peakDb: -20 });
    expect(Math.max(...waveformPeaks(quiet, 50, { normalize: true }))).toBe(1);
    const tiny: AudioData = { sampleRate: 44_100, channels: [Float32Array.from([0.5, -0.25]), Float32Array.from([0, 0])] };
    expect(waveformPeaks(tiny, 4)).toEqual([0.5, 0.5, 0.25, 0.25]);
    const silence: AudioData = { sampleRate: 44_100, channels: [new Float32Array(100), new Float32Array(100)] };
    expect(waveformPeaks(silence, 10, { normalize: true })).toEqual(new Array(10).fill(0));
    expect(() => waveformPeaks(silence, 0)).toThrow(RangeError);
    expect(() => waveformPeaks(silence, 2.5)).toThrow(RangeError);
  });
});
