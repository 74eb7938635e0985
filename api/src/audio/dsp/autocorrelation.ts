import FFT from 'fft.js';

/**
 * Linear (non-circular) autocorrelation r[l] = sum_n x[n] x[n + l] for l = 0..maxLag, by FFT with
 * zero padding: O(N log N) where the direct sum is O(N * maxLag), which for a 3-minute onset
 * envelope (31 000 frames) is the difference between 2 ms and half a second.
 */
export function autocorrelation(x: ArrayLike<number>, maxLag: number): Float64Array {
  const n = x.length;
  const lags = Math.max(0, Math.min(maxLag, n - 1)) + 1;
  let size = 4;
  while (size < 2 * n) size *= 2;
  const fft = new FFT(size);
  const input = new Float64Array(size);
  for (let i = 0; i < n; i++) input[i] = x[i];
  const spectrum = new Float64Array(2 * size);
  fft.realTransform(spectrum, input);
  fft.completeSpectrum(spectrum);
  // |X|^2, then back: the Wiener-Khinchin theorem.
  for (let k = 0; k < size; k++) {
    const re = spectrum[2 * k];
    const im = spectrum[2 * k + 1];
    spectrum[2 * k] = re * re + im * im;
    spectrum[2 * k + 1] = 0;
  }
  const back = new Float64Array(2 * size);
  fft.inverseTransform(back, spectrum);
  const r = new Float64Array(lags);
  for (let l = 0; l < lags; l++) r[l] = back[2 * l];
  return r;
}
