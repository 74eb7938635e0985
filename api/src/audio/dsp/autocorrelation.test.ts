import { createRandom } from '../random/seeded-random';
import { autocorrelation } from './autocorrelation';

describe('autocorrelation', () => {
  it('equals the direct sum for every lag (random input, 1e-9 relative)', () => {
    const random = createRandom(11);
    const x = Array.from({ length: 777 }, () => random.range(-1, 1));
    const r = autocorrelation(x, 400);
    expect(r).toHaveLength(401);
    for (const lag of [0, 1, 2, 100, 399, 400]) {
      let direct = 0;
      for (let n = 0; n + lag < x.length; n++) direct += x[n] * x[n + lag];
      expect(Math.abs(r[lag] - direct)).toBeLessThan(1e-9 * Math.abs(r[0]));
    }
  });

  it('peaks at the period of a pulse train and clamps maxLag to the input', () => {
    const x = new Float64Array(1000);
    for (let i = 0; i < 1000; i += 37) x[i] = 1;
    const r = autocorrelation(x, 5000);
    expect(r).toHaveLength(1000);
    let best = 1;
    for (let l = 1; l < 60; l++) if (r[l] > r[best]) best = l;
    expect(best).toBe(37);
  });
});
