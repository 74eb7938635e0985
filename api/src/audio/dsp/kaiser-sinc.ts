import { besselI0, kaiser } from './windows';

/** The normalised sinc, sin(pi x) / (pi x). */
export function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
}

export interface KaiserSincDesign {
  /** Zero crossings of the sinc on each side, counted at the cutoff. */
  readonly halfZeroCrossings: number;
  /** Kaiser shape: larger gives more stopband rejection and a wider transition band. */
  readonly beta: number;
  /** Cutoff as a fraction of the input's Nyquist (1 = full band; below 1 the kernel widens). */
  readonly cutoff: number;
  /** Rows per input sample (fractional read positions p / phases). */
  readonly phases: number;
}

/** A Kaiser-windowed sinc as a polyphase table. */
export interface KaiserSincKernel {
  readonly taps: number;
  /** Taps left of the read position, minus one: tap m of a row reads input floor(u) - half + 1 + m. */
  readonly half: number;
  /** `phases + 1` rows of `taps` coefficients (the last is phase 1.0, for rounding up or interpolating). */
  readonly rows: Float32Array;
}

/**
 * The Kaiser-windowed sinc low-pass kernel both resamplers read (the integer-rate converter and the
 * loops' circular varispeed): row p holds the taps for a read position p / phases past an input
 * sample, each row scaled to unity gain at DC so that a constant stays exactly constant whatever the
 * fraction.
 */
export function kaiserSincKernel({ halfZeroCrossings, beta, cutoff, phases }: KaiserSincDesign): KaiserSincKernel {
  const span = halfZeroCrossings / cutoff;
  const half = Math.ceil(span);
  const taps = 2 * half;
  const rows = new Float32Array((phases + 1) * taps);
  const i0Beta = besselI0(beta);
  for (let p = 0; p <= phases; p++) {
    const fraction = p / phases;
    let sum = 0;
    for (let m = 0; m < taps; m++) {
      // Tap m's distance from the read position.
      const tau = m - half + 1 - fraction;
      const window = kaiser(tau / span, beta, i0Beta);
      const value = window === 0 ? 0 : cutoff * sinc(cutoff * tau) * window;
      rows[p * taps + m] = value;
      sum += value;
    }
    for (let m = 0; m < taps; m++) rows[p * taps + m] /= sum;
  }
  return { taps, half, rows };
}
