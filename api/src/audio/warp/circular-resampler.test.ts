import { resampleCircular } from './circular-resampler';
import { loopSine, rmsEnvelopeDb, seamStep, zeroCrossingFrequency } from './signal-measures.testing';

const RATE = 44_100;

const rmsDb = (x: Float32Array): number => rmsEnvelopeDb(x, x.length)[0];

describe('resampleCircular', () => {
  it('is the identity at 1:1 with no offset', () => {
    const { signal } = loopSine(997, 20_000, RATE);
    const out = new Float32Array(20_000);
    resampleCircular([signal], 20_000, [out]);
    let worst = 0;
    for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - signal[i]));
    expect(worst).toBeLessThan(1e-6);
  });

  it('keeps a constant exactly constant at any fraction', () => {
    const ones = new Float32Array(10_000).fill(0.25);
    const out = new Float32Array(7_777);
    resampleCircular([ones], ones.length, [out], 0.37);
    for (const v of [out[0], out[1234], out[7776]]) expect(v).toBeCloseTo(0.25, 6);
  });

  it('reads a loop 1.5x faster: frequency x1.5 within 0.01%, level within 0.05 dB, seam no step', () => {
    const frames = 90_000;
    const { signal, frequency } = loopSine(1000, frames, RATE);
    const out = [new Float32Array(60_000), new Float32Array(60_000)];
    resampleCircular([signal, signal], frames, out, 123.4);
    const measured = zeroCrossingFrequency(out[0], RATE);
    expect(Math.abs(measured / (1.5 * frequency) - 1)).toBeLessThan(1e-4);
    expect(Math.abs(rmsDb(out[0]) - rmsDb(signal))).toBeLessThan(0.05);
    const seam = seamStep(out[1]);
    expect(seam.seam).toBeLessThanOrEqual(seam.interiorMax);
  });

  it('keeps a 16 kHz tone through a near-1:1 varispeed (the stretch closure) within 0.5 dB', () => {
    const frames = 44_100;
    const { signal } = loopSine(16_000, frames, RATE);
    const out = new Float32Array(frames - 25);
    resampleCircular([signal], frames, [out], 0.5);
    expect(Math.abs(rmsDb(out) - rmsDb(signal))).toBeLessThan(0.5);
  });

  it('removes what would alias when reading faster: a 15 kHz tone read 2x is gone (< -50 dB)', () => {
    const frames = 44_100;
    const { signal } = loopSine(15_000, frames, RATE);
    const out = new Float32Array(frames / 2);
    resampleCircular([signal], frames, [out]);
    expect(rmsDb(out) - rmsDb(signal)).toBeLessThan(-50);
  });
});
