import type { AudioData } from '../audio-buffer';
import { createRealFft } from '../dsp/real-fft';
import { hannWindow } from '../dsp/windows';

// Global `Math` is looked up through jest's sandbox on every use (over 100x slower there).
const { PI, abs, floor, max, min, round, sin } = Math;

/**
 * Landmark audio fingerprints in the manner of Wang (2003, "An industrial-strength audio search
 * algorithm"): the loudest points of a spectrogram (peaks that are the maximum of their
 * neighbourhood in time and frequency) paired with a few later peaks; each pair is one hash of
 * (anchor frequency, target frequency, time between them), stamped with the anchor's time. A pair
 * survives what leaves its two peaks the loudest around them: lossy re-encoding, a level change, and
 * much of a voice mixed over the music. A recording matches a stored one when many of its hashes
 * occur there at one constant time difference.
 *
 * Mono at 11,025 Hz (the spectrum up to 5.5 kHz carries the melody, drums and bass), 1,024-point Hann
 * frames every 256 samples (43 a second).
 */

/** The sample rate the spectrogram is taken at. */
export const LANDMARK_SAMPLE_RATE = 11_025;
const FFT_SIZE = 1024;
/** Samples between frames. */
export const LANDMARK_HOP = 256;
/** Seconds between two landmark frames. */
export const LANDMARK_FRAME_SECONDS = LANDMARK_HOP / LANDMARK_SAMPLE_RATE;
/** Lowest and highest bins a peak may sit in (32 Hz to 5.5 kHz). */
const BIN_MIN = 3;
const BIN_MAX = 511;
/** A peak is the largest value within this many bins either side ... */
const PEAK_BINS = 12;
/** ... and this many frames either side. */
const PEAK_FRAMES = 6;
/** At most this many peaks in one frame (the strongest). */
const PEAKS_PER_FRAME = 5;
/** Peaks quieter than -70 dB relative to a full-scale sine are ignored (silence, dither). */
const PEAK_FLOOR = (FFT_SIZE / 4) ** 2 * 1e-7;
/** Each anchor pairs with at most this many later peaks ... */
const FAN_OUT = 5;
/** ... within this many frames (1.46 s) ... */
const PAIR_FRAMES = 63;
/** ... and this many bins (1.1 kHz) of it. */
const PAIR_BINS = 100;
/** Taps either side of the anti-aliasing filter's centre. */
const FILTER_HALF = 24;

/** Landmark hashes and the frame (LANDMARK_FRAME_SECONDS each) of their anchors, in frame order. */
export interface Landmarks {
  readonly hashes: Int32Array;
  readonly frames: Int32Array;
}

/** The hash of a peak pair: anchor bin (9 bits), target bin (9 bits), frames between them (6 bits). */
export function landmarkHash(anchorBin: number, targetBin: number, frames: number): number {
  return (anchorBin << 15) | (targetBin << 6) | frames;
}

/** A growable Int32Array pair. */
class LandmarkList {
  hashes = new Int32Array(1024);
  frames = new Int32Array(1024);
  length = 0;

  push(hash: number, frame: number): void {
    if (this.length === this.hashes.length) {
      const hashes = new Int32Array(this.length * 2);
      hashes.set(this.hashes);
      const frames = new Int32Array(this.length * 2);
      frames.set(this.frames);
      this.hashes = hashes;
      this.frames = frames;
    }
    this.hashes[this.length] = hash;
    this.frames[this.length] = frame;
    this.length++;
  }

  result(): Landmarks {
    return { hashes: this.hashes.slice(0, this.length), frames: this.frames.slice(0, this.length) };
  }
}

/** Windowed-sinc low-pass at `cutoff` (a fraction of the input rate) with 2 * FILTER_HALF + 1 taps, unity gain. */
function lowPassKernel(cutoff: number): Float64Array {
  const kernel = new Float64Array(2 * FILTER_HALF + 1);
  const window = hannWindow(2 * FILTER_HALF + 2);
  let sum = 0;
  for (let i = 0; i < kernel.length; i++) {
    const x = i - FILTER_HALF;
    const sinc = x === 0 ? 2 * cutoff : sin(2 * PI * cutoff * x) / (PI * x);
    kernel[i] = sinc * window[i + 1];
    sum += kernel[i];
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] /= sum;
  return kernel;
}

/**
 * Landmarks of audio that arrives in pieces (a decoder's output): `push` each piece (any channel
 * count, the rate given at construction), then `finish`. It keeps only the last few seconds of
 * spectrogram and audio, so a recording of any length is fingerprinted in constant memory.
 */
export class LandmarkExtractor {
  private readonly step: number;
  private readonly kernel: Float64Array;
  /** Mono input not yet consumed (with the filter's history before `inputStart`). */
  private input = new Float32Array(0);
  private inputLength = 0;
  /** Absolute index (in input samples) of input[0]. */
  private inputStart = 0;
  /** Next output sample's position in input samples. */
  private position = 0;
  /** Resampled audio of the frame being filled. */
  private readonly frame = new Float32Array(FFT_SIZE);
  private frameFill = 0;
  private readonly window = hannWindow(FFT_SIZE);
  private readonly fft = createRealFft(FFT_SIZE);
  private readonly windowed = new Float64Array(FFT_SIZE);
  /** The last 2 * PEAK_FRAMES + 1 frames' power spectra, and each one's maximum over PEAK_BINS either side. */
  private readonly spectra: Float64Array[] = [];
  private readonly spread: Float64Array[] = [];
  private framesSeen = 0;
  /** Anchors that may still pair: frame, bin, pairs made. */
  private open: { frame: number; bin: number; pairs: number }[] = [];
  private readonly out = new LandmarkList();
  private peakCount = 0;

  constructor(readonly sampleRate: number) {
    if (!(sampleRate >= 8000 && sampleRate <= 384_000)) throw new RangeError(`Unsupported sample rate ${sampleRate}`);
    this.step = sampleRate / LANDMARK_SAMPLE_RATE;
    // Cut off a little below the new Nyquist frequency (5.5 kHz); at 11,025 Hz input, nothing to filter.
    this.kernel = lowPassKernel(min(0.5, (0.45 * LANDMARK_SAMPLE_RATE) / sampleRate));
  }

  /** Peaks found so far (for measuring density). */
  get peaks(): number {
    return this.peakCount;
  }

  /** Adds the next piece of audio: planar channels of equal length. */
  push(channels: readonly Float32Array[]): void {
    const frames = channels[0]?.length ?? 0;
    if (frames === 0) return;
    this.reserve(frames);
    const scale = 1 / channels.length;
    const at = this.inputLength;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (let c = 0; c < channels.length; c++) sum += channels[c][i];
      this.input[at + i] = sum * scale;
    }
    this.inputLength += frames;
    this.resample();
  }

  /** The landmarks of everything pushed (the audio's end is padded with silence so its last peaks pair). */
  finish(): Landmarks {
    this.reserve(FILTER_HALF + 1);
    this.inputLength += FILTER_HALF + 1;
    this.resample();
    // Flush the spectrogram: silent frames after the end let the last peaks be judged.
    for (let i = 0; i < PEAK_FRAMES; i++) this.addSpectrum(new Float64Array(this.fft.bins));
    this.open = [];
    return this.out.result();
  }

  private reserve(frames: number): void {
    // Drop input no output needs any more (keep the filter's history).
    const keepFrom = max(0, floor(this.position) - FILTER_HALF - 1 - this.inputStart);
    if (keepFrom > 0) {
      this.input.copyWithin(0, keepFrom, this.inputLength);
      this.inputLength -= keepFrom;
      this.inputStart += keepFrom;
    }
    if (this.inputLength + frames > this.input.length) {
      const grown = new Float32Array(max(this.inputLength + frames, this.input.length * 2, 4096));
      grown.set(this.input.subarray(0, this.inputLength));
      this.input = grown;
    }
    this.input.fill(0, this.inputLength, this.inputLength + frames);
  }

  private resample(): void {
    const { input, kernel, step } = this;
    const end = this.inputStart + this.inputLength;
    for (;;) {
      const centre = round(this.position);
      if (centre + FILTER_HALF >= end) break;
      let sum = 0;
      const base = centre - FILTER_HALF - this.inputStart;
      for (let k = 0; k < kernel.length; k++) {
        const index = base + k;
        if (index >= 0) sum += kernel[k] * input[index];
      }
      this.addSample(sum);
      this.position += step;
    }
  }

  private addSample(value: number): void {
    this.frame[this.frameFill++] = value;
    if (this.frameFill < FFT_SIZE) return;
    const { window, windowed, frame } = this;
    for (let i = 0; i < FFT_SIZE; i++) windowed[i] = frame[i] * window[i];
    const spectrum = new Float64Array(this.fft.bins);
    this.fft.power(windowed, spectrum);
    this.addSpectrum(spectrum);
    frame.copyWithin(0, LANDMARK_HOP, FFT_SIZE);
    this.frameFill = FFT_SIZE - LANDMARK_HOP;
  }

  private addSpectrum(spectrum: Float64Array): void {
    const spread = new Float64Array(spectrum.length);
    for (let k = BIN_MIN; k <= BIN_MAX; k++) {
      let top = 0;
      const to = min(BIN_MAX, k + PEAK_BINS);
      for (let j = max(BIN_MIN, k - PEAK_BINS); j <= to; j++) if (spectrum[j] > top) top = spectrum[j];
      spread[k] = top;
    }
    this.spectra.push(spectrum);
    this.spread.push(spread);
    this.framesSeen++;
    if (this.spectra.length > 2 * PEAK_FRAMES + 1) {
      this.spectra.shift();
      this.spread.shift();
    }
    // The frame in the middle of the kept ones has all its neighbours (frames before the first count as silence).
    const centreFrame = this.framesSeen - 1 - PEAK_FRAMES;
    if (centreFrame < 0) return;
    const centreIndex = this.spectra.length - 1 - PEAK_FRAMES;
    this.pickPeaks(centreFrame, this.spectra[centreIndex]);
  }

  private pickPeaks(frame: number, spectrum: Float64Array): void {
    const found: { bin: number; power: number }[] = [];
    for (let k = BIN_MIN; k <= BIN_MAX; k++) {
      const power = spectrum[k];
      if (power < PEAK_FLOOR) continue;
      let isPeak = true;
      for (const spread of this.spread) {
        if (spread[k] > power) {
          isPeak = false;
          break;
        }
      }
      // A flat top (equal neighbours) counts once: the lowest bin of the plateau.
      if (isPeak && spectrum[k - 1] !== power) found.push({ bin: k, power });
    }
    found.sort((a, b) => b.power - a.power);
    const peaks = found.slice(0, PEAKS_PER_FRAME);
    this.peakCount += peaks.length;
    this.pair(frame, peaks.map((p) => p.bin));
  }

  private pair(frame: number, bins: readonly number[]): void {
    const { open } = this;
    for (const bin of bins) {
      for (const anchor of open) {
        if (anchor.pairs >= FAN_OUT || frame - anchor.frame > PAIR_FRAMES || frame === anchor.frame) continue;
        if (abs(bin - anchor.bin) > PAIR_BINS) continue;
        this.out.push(landmarkHash(anchor.bin, bin, frame - anchor.frame), anchor.frame);
        anchor.pairs++;
      }
    }
    this.open = open.filter((a) => a.pairs < FAN_OUT && frame - a.frame < PAIR_FRAMES);
    for (const bin of bins) this.open.push({ frame, bin, pairs: 0 });
  }
}

/** The landmarks of a whole buffer (see LandmarkExtractor). */
export function landmarksOf(audio: AudioData): Landmarks {
  const extractor = new LandmarkExtractor(audio.sampleRate);
  extractor.push(audio.channels);
  return extractor.finish();
}
