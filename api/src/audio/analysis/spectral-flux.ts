import type { Hertz, Samples } from '../units';
import { halveRate } from '../dsp/half-rate';
import { createRealFft } from '../dsp/real-fft';
import { hannWindow } from '../dsp/windows';

export interface SpectralFluxOptions {
  /** STFT frame length in samples of the input (power of two). Default 1024 (23 ms at 44.1 kHz). */
  readonly fftSize?: number;
  /** Input samples between frames (even). Default 256 (5.8 ms at 44.1 kHz). */
  readonly hop?: Samples;
  /** Upper edges of extra bands to report separately (e.g. [300, 3000] for kick and snare regions). */
  readonly bandEdges?: readonly Hertz[];
  /** gamma in log(1 + gamma |X|) for the total: larger weighs quiet partials more against loud ones. Default 100. */
  readonly compression?: number;
  /** gamma for the bands, when they should be compressed differently from the total. Default: `compression`. */
  readonly bandCompression?: number;
  /**
   * Analyse at half the input rate (see halveRate): half the cost, same time resolution, but the
   * content above a quarter of the input rate (hats above 11 kHz) is lost. Default false.
   */
  readonly halfRate?: boolean;
}

export interface SpectralFlux {
  readonly hop: Samples;
  readonly fftSize: number;
  readonly sampleRate: Hertz;
  /** Flux over the whole spectrum, one value per frame; frame t is centred on input sample t * hop. */
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
 * t is the summed increase of log(1 + 100 |X_t[k]|) over the 3-bin maximum of frame t - 2, optionally
 * computed at half the input rate with the same time resolution. Frames are centred (frame t
 * spans input samples t*hop - fftSize/2 .. t*hop + fftSize/2). The signal is silent before its start
 * (so a sound at sample 0 is an onset) and fades out over its last half frame (so its end is not).
 * One pass computes the total and any number of band-limited fluxes.
 */
export function spectralFlux(mono: Float32Array, sampleRate: Hertz, options: SpectralFluxOptions = {}): SpectralFlux {
  const inputFftSize = options.fftSize ?? 1024;
  const inputHop = options.hop ?? 256;
  const edges = options.bandEdges ?? [];
  const gamma = options.compression ?? GAMMA;
  const bandGamma = options.bandCompression ?? gamma;
  const separateBands = bandGamma !== gamma && edges.length > 0;
  const factor = options.halfRate ? 2 : 1;
  const x = options.halfRate ? halveRate(mono) : mono;
  const rate = sampleRate / factor;
  const fftSize = inputFftSize / factor;
  const hop = inputHop / factor;
  const fft = createRealFft(fftSize);
  const window = hannWindow(fftSize);
  const bins = fft.bins;
  const frames = Math.floor(mono.length / inputHop) + 1;
  const total = new Float32Array(frames);
  const bands = edges.map(() => new Float32Array(frames));
  const bandCount = edges.length;
  const bandSums = new Float64Array(bandCount);
  const bandOf = new Int32Array(bins);
  for (let k = 0; k < bins; k++) {
    const frequency = (k * rate) / fftSize;
    let band = 0;
    while (band < edges.length && frequency >= edges[band]) band++;
    bandOf[k] = band < edges.length ? band : -1;
  }
  const frame = new Float64Array(fftSize);
  const power = new Float64Array(bins);
  // Rings of the last LAG + 1 compressed spectra; the reference is the oldest, max-filtered.
  const ring = Array.from({ length: LAG + 1 }, () => new Float64Array(bins));
  const bandRing = separateBands ? Array.from({ length: LAG + 1 }, () => new Float64Array(bins)) : ring;
  const reference = new Float64Array(bins);
  const bandReference = separateBands ? new Float64Array(bins) : reference;
  const half = fftSize / 2;
  const length = x.length;
  // The last half frame is faded out: a signal that stops while still sounding would otherwise
  // splatter across the spectrum of the final frames and read as an onset.
  const fadeStart = length - half;
  for (let t = 0; t < frames; t++) {
    const start = Math.round(t * hop) - half;
    if (start >= 0 && start + fftSize <= fadeStart) {
      for (let i = 0; i < fftSize; i++) frame[i] = x[start + i] * window[i];
    } else {
      for (let i = 0; i < fftSize; i++) {
        const at = start + i;
        const fade = at < fadeStart ? 1 : 0.5 + 0.5 * Math.cos((Math.PI * (at - fadeStart)) / half);
        frame[i] = at >= 0 && at < length ? x[at] * window[i] * fade : 0;
      }
    }
    fft.power(frame, power);
    const slot = t % (LAG + 1);
    const oldest = (t + 1) % (LAG + 1);
    const current = ring[slot];
    const bandCurrent = bandRing[slot];
    for (let k = 0; k < bins; k++) {
      const magnitude = Math.sqrt(power[k]);
      current[k] = Math.log(1 + gamma * magnitude);
      if (separateBands) bandCurrent[k] = Math.log(1 + bandGamma * magnitude);
    }
    maxFilter3(ring[oldest], reference);
    if (separateBands) maxFilter3(bandRing[oldest], bandReference);
    let sum = 0;
    for (let k = 0; k < bins; k++) {
      const rise = current[k] - reference[k];
      if (rise > 0) sum += rise;
    }
    total[t] = sum;
    if (bandCount === 0) continue;
    bandSums.fill(0);
    for (let k = 0; k < bins; k++) {
      const band = bandOf[k];
      if (band < 0) continue;
      const rise = bandCurrent[k] - bandReference[k];
      if (rise > 0) bandSums[band] += rise;
    }
    for (let b = 0; b < bandCount; b++) bands[b][t] = bandSums[b];
  }
  return { hop: inputHop, fftSize: inputFftSize, sampleRate, total, bands };
}

/** out[k] = max(previous[k - 1], previous[k], previous[k + 1]). */
function maxFilter3(previous: Float64Array, out: Float64Array): void {
  const bins = previous.length;
  for (let k = 0; k < bins; k++) {
    const a = k > 0 ? previous[k - 1] : 0;
    const b = previous[k];
    const c = k + 1 < bins ? previous[k + 1] : 0;
    out[k] = a > b ? (a > c ? a : c) : b > c ? b : c;
  }
}
