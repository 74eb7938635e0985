import FFT from 'fft.js';

/**
 * A real-input FFT of a fixed power-of-two size with its work buffers allocated once, so that
 * frame loops (onsets, chroma) allocate nothing per frame.
 */
export interface RealFft {
  readonly size: number;
  /** Number of non-negative frequency bins: size / 2 + 1. */
  readonly bins: number;
  /** Writes |X[k]|^2 for k = 0..size/2 of the real frame `input` (length `size`) into `out`. */
  power(input: ArrayLike<number>, out: Float64Array): void;
  /** Writes |X[k]| for k = 0..size/2 into `out`. */
  magnitude(input: ArrayLike<number>, out: Float64Array): void;
}

/** Builds a {@link RealFft} of `size` points (a power of two, at least 4). */
export function createRealFft(size: number): RealFft {
  if (size < 4 || (size & (size - 1)) !== 0) throw new RangeError(`FFT size must be a power of two >= 4, got ${size}`);
  const fft = new FFT(size);
  const spectrum = new Float64Array(size * 2);
  const bins = size / 2 + 1;
  const power = (input: ArrayLike<number>, out: Float64Array): void => {
    fft.realTransform(spectrum, input);
    for (let k = 0; k < bins; k++) {
      const re = spectrum[2 * k];
      const im = spectrum[2 * k + 1];
      out[k] = re * re + im * im;
    }
  };
  return {
    size,
    bins,
    power,
    magnitude(input, out) {
      power(input, out);
      for (let k = 0; k < bins; k++) out[k] = Math.sqrt(out[k]);
    },
  };
}
