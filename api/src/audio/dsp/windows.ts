/** Periodic Hann window of `size` points (the STFT form: overlap-adds to a constant at 50% and 75% hop). */
export function hannWindow(size: number): Float64Array {
  const window = new Float64Array(size);
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return window;
}

/** Zeroth-order modified Bessel function of the first kind, by its power series (converges fast for x < 50). */
export function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const half = x / 2;
  for (let k = 1; k < 200; k++) {
    term *= (half / k) * (half / k);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/**
 * Kaiser window value at `t` in -1..1 (0 at the centre) for shape `beta`; 0 outside. A function of a
 * continuous position rather than an array, because the resampler evaluates it at fractional taps.
 */
export function kaiser(t: number, beta: number, i0Beta = besselI0(beta)): number {
  if (t <= -1 || t >= 1) return 0;
  return besselI0(beta * Math.sqrt(1 - t * t)) / i0Beta;
}

const fadesByLength = new Map<number, Float32Array>();

/**
 * Raised-cosine fade-in of `length` frames, sampled at frame centres, cached by length (callers
 * share it: never write into it). Its mirror is the matching fade-out: the two sum to one, so a
 * crossfade of in-phase material keeps its level.
 */
export function raisedCosineFadeIn(length: number): Float32Array {
  let fade = fadesByLength.get(length);
  if (!fade) {
    fade = new Float32Array(length);
    for (let j = 0; j < length; j++) fade[j] = 0.5 - 0.5 * Math.cos((Math.PI * (j + 0.5)) / length);
    fadesByLength.set(length, fade);
  }
  return fade;
}
