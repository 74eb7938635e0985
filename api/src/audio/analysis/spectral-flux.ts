import type { Hertz, Samples } from '../units';
import { createRealFft } from '../dsp/real-fft';
import { hannWindow } from '../dsp/windows';

// Global `Math` is looked up through jest's sandbox on every use (over 100x slower there), so
// per-sample loops use module-level bindings.
const { PI, cos, floor, log, sqrt } = Math;

export interface SpectralFluxOptions {
  /** STFT frame length (power of two). Default 1024 (23 ms at 44.1 kHz). */
  readonly fftSize?: number;
  /** Samples between frames. Default 256 (5.8 ms at 44.1 kHz). */
  readonly hop?: Samples;
  /** Upper edges of extra bands to report separately (e.g. [200, 3000] for kick and snare regions). */
  readonly bandEdges?: readonly Hertz[];
}

export interface SpectralFlux {
  readonly hop: Samples;
  readonly fftSize: number;
  readonly sampleRate: Hertz;
  /** Flux over the whole spectrum, one value per frame; frame t is centred on sample t * hop. */
  readonly total: Float32Array;
  /** Flux restricted to [0, bandEdges[0]), [bandEdges[0], bandEdges[1]), ..., one array per band. */
  readonly bands: Float32Array[];
}

/** Compression of magnitudes before differencing: log(1 + GAMMA |X|) weighs quiet hats near loud kicks. */
const GAMMA = 100;
/**
 * Frames back to compare with, and the previous spectrum max-filtered over 3 bins (SuperFlux, Boeck
 * and Widmer 2013): the random frame-to-frame wobble of noisy hats and snare tails then cancels, while
 * a real attack still rises above everything before it.
 */
const LAG = 2;

/**
 * Onset strength as half-wave rectified spectral flux of log-compressed magnitudes (SuperFlux): frame
 * t is the summed increase of log(1 + 100 |X_t[k]|) over the 3-bin maximum of frame t - 2.
 * Frames are centred (frame t spans samples t*hop - fftSize/2 .. t*hop + fftSize/2), the signal is
 * zero outside its ends. One pass computes the total and any number of band-limited fluxes.
 */
export function spectralFlux(mono: Float32Array, sampleRate: Hertz, options: SpectralFluxOptions = {}): SpectralFlux {
  const fftSize = options.fftSize ?? 1024;
  const hop = options.hop ?? 256;
  const edges = options.bandEdges ?? [];
  const fft = createRealFft(fftSize);
  const window = hannWindow(fftSize);
  const bins = fft.bins;
  const frames = floor(mono.length / hop) + 1;
  const total = new Float32Array(frames);
  const bands = edges.map(() => new Float32Array(frames));
  const bandOf = new Int32Array(bins);
  for (let k = 0; k < bins; k++) {
    const frequency = (k * sampleRate) / fftSize;
    let band = 0;
    while (band < edges.length && frequency >= edges[band]) band++;
    bandOf[k] = band < edges.length ? band : -1;
  }
  const frame = new Float64Array(fftSize);
  const power = new Float64Array(bins);
  // Ring of the last LAG + 1 compressed spectra; the reference is the older one, max-filtered.
  const ring = Array.from({ length: LAG + 1 }, () => new Float64Array(bins));
  const reference = new Float64Array(bins);
  const half = fftSize / 2;
  const length = mono.length;
  // The last half frame is faded out: a signal that stops while still sounding would otherwise
  // splatter across the spectrum of the final frames and read as an onset.
  const fadeStart = length - half;
  for (let t = 0; t < frames; t++) {
    const start = t * hop - half;
    if (start >= 0 && start + fftSize <= fadeStart) {
      for (let i = 0; i < fftSize; i++) frame[i] = mono[start + i] * window[i];
    } else {
      for (let i = 0; i < fftSize; i++) {
        const at = start + i;
        const fade = at < fadeStart ? 1 : 0.5 + 0.5 * cos((PI * (at - fadeStart)) / half);
        frame[i] = at >= 0 && at < length ? mono[at] * window[i] * fade : 0;
      }
    }
    fft.power(frame, power);
    const current = ring[t % (LAG + 1)];
    const previous = ring[(t + 1) % (LAG + 1)];
    for (let k = 0; k < bins; k++) current[k] = log(1 + GAMMA * sqrt(power[k]));
    for (let k = 0; k < bins; k++) {
      const a = k > 0 ? previous[k - 1] : 0;
      const b = previous[k];
      const c = k + 1 < bins ? previous[k + 1] : 0;
      reference[k] = a > b ? (a > c ? a : c) : b > c ? b : c;
    }
    let sum = 0;
    for (let k = 0; k < bins; k++) {
      const rise = current[k] - reference[k];
      if (rise > 0) {
        sum += rise;
        const band = bandOf[k];
        if (band >= 0) bands[band][t] += rise;
      }
    }
    // Frame 0 rises from the silence before the signal: a sound starting at sample 0 is an onset.
    total[t] = sum;
  }
  return { hop, fftSize, sampleRate, total, bands };
}
