import type { AudioData } from '../audio-buffer';
import { buildWav } from '../testing/wav-builder';
import { createRandom } from '../random/seeded-random';
import { decodeWav, probeWav } from './wav-reader';
import { code24, encodePcm24, encodeWav, wavHeader } from './wav-writer';

function randomAudio(frames: number, seed: number, bits: number): AudioData {
  // Every value on the integer grid of `bits`, full range included, as a decoded file's are.
  const random = createRandom(seed);
  const scale = 2 ** (bits - 1);
  const channel = () => new Float32Array(frames).map(() => (random.int(2 * scale) - scale) / scale);
  return { sampleRate: 44_100, channels: [channel(), channel()] };
}

describe('encodeWav', () => {
  it.each([16, 24] as const)('round-trips a %d-bit file byte for byte (decode, encode)', (bitDepth) => {
    const original = buildWav({ channels: randomAudio(5000, bitDepth, bitDepth).channels, sampleRate: 44_100, format: bitDepth === 16 ? 'i16' : 'i24' });
    const encoded = encodeWav(decodeWav(original).audio, { bitDepth });
    expect(encoded).toEqual(original);
  });

  it('writes a canonical header the reader accepts without warnings, including an odd-sized data chunk', () => {
    const mono: AudioData = { sampleRate: 44_100, channels: [new Float32Array(3).fill(0.25)] };
    const bytes = encodeWav(mono, { bitDepth: 24 });
    expect(bytes.length).toBe(44 + 9 + 1);
    expect(probeWav(bytes)).toMatchObject({ channels: 1, bitDepth: 24, frames: 3, sampleRate: 44_100, warnings: [] });
  });

  it('writes the same file as a header and 24-bit pieces written apart (as the render pool does on several threads)', () => {
    const audio = randomAudio(10_001, 7, 24);
    const whole = encodeWav(audio, { bitDepth: 24 });
    // Pieces of odd and even lengths (the stereo writer packs two frames at a time).
    const pieces = [[0, 3000], [3000, 3001], [3001, 10_001]].map(([from, to]) => encodePcm24(audio.channels, from, to));
    const joined = Buffer.concat([wavHeader(10_001, 2, 44_100, 24), ...pieces]);
    expect(joined.equals(Buffer.from(whole))).toBe(true);
    expect(() => wavHeader(10, 0, 44_100, 24)).toThrow('Cannot write 0 channels');
  });

  it('clips beyond full scale', () => {
    const hot: AudioData = { sampleRate: 44_100, channels: [Float32Array.from([1.5, -1.5, 1]), Float32Array.from([0, 0, -1])] };
    const { audio } = decodeWav(encodeWav(hot, { bitDepth: 16 }));
    expect(Array.from(audio.channels[0])).toEqual([32767 / 32768, -1, 32767 / 32768]);
    expect(audio.channels[1][2]).toBe(-1);
  });

  it('dithers 16-bit output with TPDF: error mean ~0, error RMS 0.5 LSB (+-0.03), independent of the signal', () => {
    const frames = 200_000;
    const x = new Float32Array(frames).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 997 * i) / 44_100) + 1e-7);
    const { audio } = decodeWav(encodeWav({ sampleRate: 44_100, channels: [x, x] }, { bitDepth: 16 }));
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < frames; i++) {
      const e = (audio.channels[0][i] - x[i]) * 32768;
      sum += e;
      squares += e * e;
    }
    expect(Math.abs(sum / frames)).toBeLessThan(0.01);
    // Rounding alone gives 1/sqrt(12) = 0.289 LSB; TPDF adds two uniform LSB/sqrt(12) terms: sqrt(3/12) = 0.5.
    expect(Math.abs(Math.sqrt(squares / frames) - 0.5)).toBeLessThan(0.03);
  });

  it('keeps a sine of 0.4 LSB alive through dither, where plain rounding would erase it', () => {
    const frames = 441_000;
    const amplitude = 0.4 / 32768;
    const x = new Float32Array(frames).map((_, i) => amplitude * Math.sin((2 * Math.PI * 1000 * i) / 44_100 + 0.3));
    const decoded = decodeWav(encodeWav({ sampleRate: 44_100, channels: [x] }, { bitDepth: 16 })).audio.channels[0];
    const undithered = decodeWav(encodeWav({ sampleRate: 44_100, channels: [x] }, { bitDepth: 16, dither: false })).audio.channels[0];
    const gain = (y: Float32Array) => {
      let dot = 0;
      let energy = 0;
      for (let i = 0; i < frames; i++) {
        dot += y[i] * x[i];
        energy += x[i] * x[i];
      }
      return dot / energy;
    };
    expect(Math.abs(gain(decoded) - 1)).toBeLessThan(0.1);
    expect(gain(undithered)).toBe(0);
  });

  it('leaves digital silence silent and is reproducible for a given seed', () => {
    const silence: AudioData = { sampleRate: 44_100, channels: [new Float32Array(1000), new Float32Array(1000)] };
    expect(encodeWav(silence, { bitDepth: 16 }).subarray(44).every((b) => b === 0)).toBe(true);
    const x: AudioData = { sampleRate: 44_100, channels: [new Float32Array(1000).map((_, i) => Math.round(i * 0.37) * 1.3e-6)] };
    expect(encodeWav(x, { bitDepth: 16, ditherSeed: 5 })).toEqual(encodeWav(x, { bitDepth: 16, ditherSeed: 5 }));
    expect(encodeWav(x, { bitDepth: 16, ditherSeed: 5 })).not.toEqual(encodeWav(x, { bitDepth: 16, ditherSeed: 6 }));
  });

  it('quantises 24-bit output to the nearest code (error within half an LSB)', () => {
    const x = new Float32Array(10_000).map((_, i) => 0.7 * Math.sin(i * 0.01));
    const { audio } = decodeWav(encodeWav({ sampleRate: 48_000, channels: [x, x] }, { bitDepth: 24 }), {});
    expect(audio.sampleRate).toBe(44_100);
    const same = decodeWav(encodeWav({ sampleRate: 44_100, channels: [x, x] }, { bitDepth: 24 })).audio.channels[0];
    for (let i = 0; i < x.length; i++) expect(Math.abs(same[i] - x[i]) * 8_388_608).toBeLessThanOrEqual(0.5 + 1e-6);
  });

  it('codes every float32 sample as Math.round would (the 24-bit writer rounds by floor(v + 0.5))', () => {
    const reference = (x: number) => {
      const v = Math.round(x * 8_388_608);
      return v > 8_388_607 ? 8_388_607 : v < -8_388_608 ? -8_388_608 : v;
    };
    const f32 = new Float32Array(1);
    const bits = new Uint32Array(f32.buffer);
    const random = createRandom(23);
    const cases: number[] = [0, -0, 1, -1, 0.5, -0.5, 1.5, -1.5, Infinity, -Infinity, NaN, 8_388_607.5 / 8_388_608, -8_388_608.5 / 8_388_608];
    // Halfway points and their float32 neighbours, where rounding ties are decided.
    for (let k = -8_388_610; k <= 8_388_610; k += 4099) {
      for (const v of [(k + 0.5) / 8_388_608, k / 8_388_608]) {
        f32[0] = v;
        cases.push(f32[0]);
        bits[0] += 1;
        cases.push(f32[0]);
        bits[0] -= 2;
        cases.push(f32[0]);
      }
    }
    // Random float32 bit patterns (every exponent, denormals, out of range), and small values near zero.
    for (let i = 0; i < 200_000; i++) {
      bits[0] = random.next() * 4_294_967_296;
      cases.push(f32[0]);
      cases.push(f32[0] * 1e-30);
    }
    const wrong = cases.filter((x) => (code24(x) & 0xffffff) !== (reference(x) & 0xffffff));
    expect(wrong).toEqual([]);
  });
});
