import { halveRate } from './half-rate';

function levelDb(frequency: number): number {
  const x = new Float32Array(44_100).map((_, i) => Math.sin((2 * Math.PI * frequency * i) / 44_100));
  const y = halveRate(x);
  let peak = 0;
  for (let i = 1000; i < y.length - 1000; i++) peak = Math.max(peak, Math.abs(y[i]));
  return 20 * Math.log10(peak);
}

describe('halveRate', () => {
  it('halves the length and keeps low frequencies (100 Hz within 0.01 dB, 5 kHz within 2 dB)', () => {
    expect(halveRate(new Float32Array(1001))).toHaveLength(500);
    expect(Math.abs(levelDb(100))).toBeLessThan(0.01);
    expect(Math.abs(levelDb(5000))).toBeLessThan(2);
  });

  it('attenuates what would fold back: 20 kHz by more than 45 dB', () => {
    expect(levelDb(20_000)).toBeLessThan(-45);
  });
});
