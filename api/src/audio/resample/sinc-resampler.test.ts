import { resampleChannels, resampledLength } from './sinc-resampler';

function tone(frequency: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / rate);
  return out;
}

/**
 * Amplitude of the component at `frequency` over the middle half of `x`, Blackman-Harris windowed so
 * that a strong tone elsewhere does not leak into the reading (a plain projection leaks at -80 dB).
 */
function amplitudeAt(x: Float32Array, frequency: number, rate: number): number {
  const from = Math.floor(x.length / 4);
  const n = Math.floor(x.length / 2);
  let s = 0;
  let c = 0;
  let weights = 0;
  for (let j = 0; j < n; j++) {
    const a = (2 * Math.PI * j) / (n - 1);
    const w = 0.35875 - 0.48829 * Math.cos(a) + 0.14128 * Math.cos(2 * a) - 0.01168 * Math.cos(3 * a);
    const i = from + j;
    s += w * x[i] * Math.sin((2 * Math.PI * frequency * i) / rate);
    c += w * x[i] * Math.cos((2 * Math.PI * frequency * i) / rate);
    weights += w;
  }
  return (2 * Math.sqrt(s * s + c * c)) / weights;
}

const db = (ratio: number): number => 20 * Math.log10(ratio);

describe('resampleChannels (Kaiser-windowed sinc, polyphase)', () => {
  it('converts a 1 kHz sine from 48 kHz to 44.1 kHz with every sample within -90 dB of the ideal sine (away from the edges)', () => {
    const [out] = resampleChannels([tone(1000, 48_000, 1)], 48_000, 44_100);
    const ideal = tone(1000, 44_100, 1);
    expect(out.length).toBe(44_100);
    let worst = 0;
    for (let i = 200; i < out.length - 200; i++) worst = Math.max(worst, Math.abs(out[i] - ideal[i]));
    expect(db(worst / 0.5)).toBeLessThan(-90);
  });

  it('keeps the passband flat: tones from 100 Hz to 19 kHz keep their level within 0.01 dB (48 kHz -> 44.1 kHz)', () => {
    for (const frequency of [100, 5000, 12_000, 17_000, 19_000]) {
      const [out] = resampleChannels([tone(frequency, 48_000, 0.5)], 48_000, 44_100);
      expect(Math.abs(db(amplitudeAt(out, frequency, 44_100) / 0.5))).toBeLessThan(0.01);
    }
  });

  it('rejects what would alias into the audible band: a 25 kHz tone at 96 kHz leaves less than -90 dB at its 19.1 kHz alias', () => {
    const [out] = resampleChannels([tone(25_000, 96_000, 0.5)], 96_000, 44_100);
    expect(db(amplitudeAt(out, 44_100 - 25_000, 44_100) / 0.5)).toBeLessThan(-90);
    const [high] = resampleChannels([tone(35_000, 96_000, 0.5)], 96_000, 44_100);
    expect(db(amplitudeAt(high, 44_100 - 35_000, 44_100) / 0.5)).toBeLessThan(-90);
  });

  it('suppresses upsampling images: a 5 kHz tone at 22.05 kHz has no 17.05 kHz image above -90 dB at 44.1 kHz', () => {
    const [out] = resampleChannels([tone(5000, 22_050, 0.5)], 22_050, 44_100);
    expect(out.length).toBe(22_050);
    expect(Math.abs(db(amplitudeAt(out, 5000, 44_100) / 0.5))).toBeLessThan(0.01);
    expect(db(amplitudeAt(out, 17_050, 44_100) / 0.5)).toBeLessThan(-90);
  });

  it('keeps DC exactly and sits output samples at the right time (zero phase)', () => {
    const constant = new Float32Array(48_000).fill(0.25);
    const [out] = resampleChannels([constant], 48_000, 44_100);
    for (let i = 100; i < out.length - 100; i += 97) expect(Math.abs(out[i] - 0.25)).toBeLessThan(1e-6);
    // A slow sine: output n must equal the input's value at time n / 44100 (no group delay).
    const [slow] = resampleChannels([tone(50, 48_000, 1)], 48_000, 44_100);
    const ideal = tone(50, 44_100, 1);
    for (let i = 1000; i < 43_000; i += 1001) expect(Math.abs(slow[i] - ideal[i])).toBeLessThan(1e-5);
  });

  it('handles odd rates through interpolated kernel rows (44 056 Hz -> 44.1 kHz) within -80 dB', () => {
    const [out] = resampleChannels([tone(3000, 44_056, 1)], 44_056, 44_100);
    expect(out.length).toBe(resampledLength(44_056, 44_056, 44_100));
    expect(out.length).toBe(44_100);
    const ideal = tone(3000, 44_100, 1);
    let worst = 0;
    for (let i = 200; i < out.length - 200; i++) worst = Math.max(worst, Math.abs(out[i] - ideal[i]));
    expect(db(worst / 0.5)).toBeLessThan(-80);
  });

  it('resamples all channels with the same kernel and returns copies when the rates match', () => {
    const a = tone(440, 32_000, 0.2);
    const b = tone(880, 32_000, 0.2);
    const [both0, both1] = resampleChannels([a, b], 32_000, 44_100);
    const [alone1] = resampleChannels([b], 32_000, 44_100);
    expect(both1).toEqual(alone1);
    expect(both0.length).toBe(resampledLength(a.length, 32_000, 44_100));
    const [same] = resampleChannels([a], 44_100, 44_100);
    expect(same).toEqual(a);
    expect(same).not.toBe(a);
    expect(() => resampleChannels([a], 0, 44_100)).toThrow(RangeError);
  });
});
