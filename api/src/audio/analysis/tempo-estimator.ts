import type { AudioData } from '../audio-buffer';
import type { Bpm } from '../units';
import { autocorrelation } from '../dsp/autocorrelation';
import { mixToMono } from '../dsp/mono-mix';
import { spectralFlux } from './spectral-flux';

export interface TempoOptions {
  readonly minBpm?: Bpm;
  readonly maxBpm?: Bpm;
  /** Beats per bar for the loop-length hypotheses. Default 4. */
  readonly beatsPerBar?: number;
}

export interface TempoEstimate {
  /** Beats per minute, to two decimals; 0 when the audio has no measurable pulse. */
  readonly bpm: Bpm;
  /** Strength of the pulse at `bpm` (its normalised autocorrelation), 0..1. */
  readonly confidence: number;
  /** Bars in the audio when it is an exact loop of a whole number of bars at `bpm`; null otherwise. */
  readonly bars: number | null;
}

const HOP = 256;
const FFT_SIZE = 1024;
const LOOP_BAR_COUNTS = [1, 2, 4, 8, 16, 32];
/** Length of the excerpt that tracks longer than any loop are analysed on. */
const EXCERPT_SECONDS = 60;
/** Copies of a loop's onsets the loop hypotheses are tested on. */
const LOOP_TILES = 4;
/** Frames of the loop's end analysed before its start (0.19 s at 44.1 kHz). */
const WRAP_FRAMES = 32;
/** A loop-length tempo counts as confirmed when the onsets' own periodicity lands this close to it. */
const LOOP_AGREEMENT = 0.006;
/** Half-width of the neighbourhood a candidate tempo is refined in. */
const REFINE_SPAN = 0.03;
/** How far outside [minBpm, maxBpm] a refined tempo may land and still count as in range. */
const RANGE_TOLERANCE = 0.01;
/** Multiples of the beat the coarse comb sums: few enough for a broad peak a 1-frame scan cannot miss. */
const COARSE_MULTIPLES = 4;
/** A loop-length tempo must have at least this share of the strongest coarse comb in range. */
const LOOP_MIN_COMB = 0.5;
/** Grid positions match an onset within this many frames (11.6 ms at 44.1 kHz). */
const GRID_TOLERANCE = 2;
/**
 * Bands of the flux with a high floor (gamma 1): below 300 Hz kicks and bass, 300-3000 Hz snares and
 * claps, and the beat band is both together; hats, mostly above 3 kHz, subdivide the beat and are left out.
 */
const SNARE_BAND_LOW = 300;
const BEAT_BAND_TOP = 3000;
/**
 * The faster of two readings an octave apart wins only if the slower one's off-beats carry at least
 * this share of its beats' onset strength (they are not just empty, as between quarter-note chords:
 * there it is at most 0.05 on synthesised loops, and at least 0.14 where the faster reading is right)...
 */
const OFFBEAT_SHARE = 0.08;
/**
 * ...and the slower reading's backbeat is at most this share of the faster's: on synthesised 1- to
 * 8-bar loops it is at most 0.63 when the faster reading is right and at least 0.81 when the slower is.
 */
const BACKBEAT_SHARE = 0.72;

/**
 * Onset envelope with its slowly varying floor removed and only local peaks kept: a sparse train of
 * onset strengths, so that periodicity and grid measures count onsets, not the texture between.
 */
function onsetTrain(flux: Float32Array): Float64Array {
  const n = flux.length;
  const out = new Float64Array(n);
  const radius = 20; // frames, about 0.12 s each side
  let sum = 0;
  let count = 0;
  for (let t = 0; t < Math.min(n, radius); t++) { sum += flux[t]; count++; }
  for (let t = 0; t < n; t++) {
    if (t + radius < n) { sum += flux[t + radius]; count++; }
    if (t - radius - 1 >= 0) { sum -= flux[t - radius - 1]; count--; }
    const v = flux[t] - sum / count;
    const isPeak = v > 0 && (t === 0 || flux[t] >= flux[t - 1]) && (t === n - 1 || flux[t] > flux[t + 1]);
    out[t] = isPeak ? v : 0;
  }
  return out;
}

function tile(train: Float64Array, copies: number): Float64Array {
  const out = new Float64Array(train.length * copies);
  for (let c = 0; c < copies; c++) out.set(train, c * train.length);
  return out;
}

/**
 * What a grid point at each frame reads: the largest onset within GRID_TOLERANCE frames, weighted
 * down linearly with distance, so that a grid is credited for a near miss but fits best centred on
 * the onsets (a flat plateau would let the best phase sit at its edge, and drift off the next onset).
 */
function spread(train: Float64Array): Float64Array {
  const n = train.length;
  const out = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    let m = 0;
    for (let u = Math.max(0, t - GRID_TOLERANCE); u <= Math.min(n - 1, t + GRID_TOLERANCE); u++) {
      const v = train[u] * (1 - Math.abs(u - t) / (GRID_TOLERANCE + 1));
      if (v > m) m = v;
    }
    out[t] = m;
  }
  return out;
}

/**
 * Normalised autocorrelation of the onset train blurred by a 5-frame triangle: lag l is the mean
 * product per overlapping frame, divided by lag 0. The blur widens each peak to a few frames, so that
 * a period between two frames still reads the peaks of its first multiples.
 */
function normalisedAcf(train: Float64Array): Float64Array {
  const n = train.length;
  const blurred = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    let v = 3 * train[t];
    if (t > 0) v += 2 * train[t - 1];
    if (t + 1 < n) v += 2 * train[t + 1];
    if (t > 1) v += train[t - 2];
    if (t + 2 < n) v += train[t + 2];
    blurred[t] = v;
  }
  const raw = autocorrelation(blurred, n - 1);
  const acf = new Float64Array(raw.length);
  const energy = raw[0] / n;
  for (let l = 0; l < raw.length; l++) acf[l] = energy > 0 ? raw[l] / (n - l) / energy : 0;
  return acf;
}

/** Value of `r` at fractional index `x` by linear interpolation (0 beyond the ends). */
function at(r: Float64Array, x: number): number {
  const i = Math.floor(x);
  if (i < 0 || i + 1 >= r.length) return 0;
  const f = x - i;
  return r[i] + f * (r[i + 1] - r[i]);
}

/**
 * Mean autocorrelation at the first `multiples` multiples of `period` frames, never beyond half the
 * signal (a comb). Longer lags overlap too few frames to be trusted.
 */
export function combScore(acf: Float64Array, period: number, multiples = COARSE_MULTIPLES): number {
  const count = Math.min(multiples, Math.floor(acf.length / 2 / period));
  if (count < 1) return 0;
  let sum = 0;
  for (let k = 1; k <= count; k++) sum += at(acf, k * period);
  return sum / count;
}

/**
 * Refines `period` coarse to fine: the comb over more multiples has a narrower peak, so each round
 * doubles the multiples and searches a neighbourhood that shrinks in proportion, ending with every
 * multiple up to half the signal: precision of a small fraction of a frame over the whole duration.
 */
function refinePeriod(acf: Float64Array, period: number): number {
  let best = period;
  let span = period * REFINE_SPAN;
  for (let multiples = COARSE_MULTIPLES; ; multiples *= 2) {
    const step = span / 40;
    let bestScore = -Infinity;
    const centre = best;
    for (let p = centre - span; p <= centre + span; p += step) {
      const s = combScore(acf, p, multiples);
      if (s > bestScore) { bestScore = s; best = p; }
    }
    if (multiples * best > acf.length / 2) return best;
    span = Math.max(step * 2, (2 * span) / 3);
  }
}

/** Mean of `near` (interpolated between frames) at phase, phase + step, phase + 2 step, ... */
function gridMean(near: Float64Array, phase: number, step: number): number {
  const n = near.length;
  let sum = 0;
  let count = 0;
  for (let x = phase; x < n - 1; x += step) {
    const i = Math.floor(x);
    sum += near[i] + (x - i) * (near[i + 1] - near[i]);
    count++;
  }
  return count > 0 ? sum / count : 0;
}

/** The phase of a grid of `step` frames with the largest mean, and that mean. */
function bestPhase(near: Float64Array, step: number): { phase: number; mean: number } {
  let phase = 0;
  let mean = -1;
  for (let p = 0; p < step; p += 0.5) {
    const m = gridMean(near, p, step);
    if (m > mean) { mean = m; phase = p; }
  }
  return { phase, mean };
}

/**
 * Share of the slow reading's beat strength that its off-beats carry: for a slow beat of `period`
 * frames (at its strongest phase), the mean onset strength half a beat later over the mean on the
 * beat. Near 1 when the off-beats are beats too (the faster reading is right); low when they hold
 * only hats and ghost notes.
 */
function offbeatShare(beatNear: Float64Array, period: number): number {
  const { phase, mean } = bestPhase(beatNear, period);
  return mean > 0 ? gridMean(beatNear, phase + period / 2, period) / mean : 0;
}

/**
 * Backbeat strength of a beat of `period` frames in the snare band: how much more snare lands on
 * every other beat (at its best phase) than on the beats between. Snares on 2 and 4 make this large
 * at the true beat; at half the tempo the snares fall between its beats and it collapses.
 */
function backbeat(snareNear: Float64Array, period: number): number {
  const { phase, mean } = bestPhase(snareNear, 2 * period);
  return mean - gridMean(snareNear, phase + period, 2 * period);
}

interface Analysis {
  readonly acf: Float64Array;
  readonly beatNear: Float64Array;
  readonly snareNear: Float64Array;
}

/**
 * From tempo hypotheses an octave apart (periods doubling), the musical one: start from the slowest
 * and take the next faster only when the slow reading's off-beats carry beat-strength onsets and the
 * snare band puts its backbeat on them. A pulse of even quarter notes, or kicks and snares with hats
 * between, stays at the slower reading; kick-snare alternation on the slow reading's beats and
 * off-beats moves to the faster.
 */
function resolveOctave(periods: number[], analysis: Analysis): number {
  const sorted = [...periods].sort((a, b) => b - a); // slowest (longest period) first
  let choice = sorted[0];
  for (let i = 1; i < sorted.length; i++) {
    const faster = sorted[i];
    if (Math.abs(choice / faster - 2) > 0.05) break;
    const share = offbeatShare(analysis.beatNear, choice);
    const slowBackbeat = backbeat(analysis.snareNear, choice);
    const fastBackbeat = backbeat(analysis.snareNear, faster);
    if (share < OFFBEAT_SHARE || slowBackbeat > BACKBEAT_SHARE * fastBackbeat) break;
    choice = faster;
  }
  return choice;
}

/**
 * The onsets of a loop or track, as the tempo estimate reads them: `all` (the onset train of every
 * band) and its autocorrelation, and where beat-band and snare onsets lie.
 */
function onsetAnalysis(audio: AudioData, minBpm: Bpm, beatsPerBar: number): { all: Float64Array; analysis: Analysis } {
  const { sampleRate } = audio;
  const frames = audio.channels[0]?.length ?? 0;
  // Past the longest loop there can be (32 bars at minBpm), only the pulse matters, and a minute of
  // it is plenty: long tracks are analysed on a minute from their middle, away from intros and fades.
  const longestLoop = (LOOP_BAR_COUNTS[LOOP_BAR_COUNTS.length - 1] * beatsPerBar * 60) / minBpm;
  const full = mixToMono(audio);
  const excerpt = Math.round(EXCERPT_SECONDS * sampleRate);
  const mono = frames / sampleRate > longestLoop && frames > excerpt ? full.subarray(Math.round((frames - excerpt) / 2), Math.round((frames + excerpt) / 2)) : full;
  // A loop is heard after its own end: preceded by its last frames, its first onset rises from what
  // really comes before it instead of from silence. (For a track, the prefix is its ending, usually quiet.)
  const prefix = Math.min(WRAP_FRAMES * HOP, mono.length - (mono.length % HOP));
  const wrapped = new Float32Array(prefix + mono.length);
  wrapped.set(mono.subarray(mono.length - prefix));
  wrapped.set(mono, prefix);
  const skip = prefix / HOP;
  // Bands with gamma 1: the floor of log(1 + |X|) then sits about 40 dB under a full-scale sine, where
  // gamma 100 would lift the hats' leakage below 3 kHz to the level of the snares.
  const flux = spectralFlux(wrapped, sampleRate, { fftSize: FFT_SIZE, hop: HOP, bandEdges: [SNARE_BAND_LOW, BEAT_BAND_TOP], bandCompression: 1, halfRate: true });
  const all = onsetTrain(flux.total.subarray(skip));
  const low = flux.bands[0].subarray(skip);
  const snare = flux.bands[1].subarray(skip);
  const beatBand = new Float32Array(low.length);
  for (let t = 0; t < beatBand.length; t++) beatBand[t] = low[t] + snare[t];
  const analysis: Analysis = {
    acf: normalisedAcf(all),
    beatNear: spread(onsetTrain(beatBand)),
    snareNear: spread(onsetTrain(snare)),
  };
  return { all, analysis };
}

interface PeriodRange {
  readonly minBpm: Bpm;
  readonly maxBpm: Bpm;
  readonly beatsPerBar: number;
  readonly minPeriod: number;
  readonly maxPeriod: number;
  readonly toPeriod: (bpm: Bpm) => number;
  readonly toBpm: (period: number) => Bpm;
}

/**
 * The periods of every whole-bar count (LOOP_BAR_COUNTS) whose tempo, if the audio is a loop of
 * that many bars, the onsets' circular autocorrelation confirms; and that autocorrelation.
 */
function loopPeriodsOf(all: Float64Array, duration: number, range: PeriodRange): { loopPeriods: number[]; loopAcf?: Float64Array } {
  const { minBpm, maxBpm, beatsPerBar, minPeriod, maxPeriod, toPeriod, toBpm } = range;
  const loopPeriods: number[] = [];
  // If the audio is a loop, the onsets repeat: tiled, they give every lag the whole loop to compare
  // (a circular autocorrelation), which a loop of one or two bars needs to be measured at all.
  let loopAcf: Float64Array | undefined;
  let loopStrongest = 0;
  for (const bars of LOOP_BAR_COUNTS) {
    const bpm = (bars * beatsPerBar * 60) / duration;
    if (bpm < minBpm || bpm > maxBpm) continue;
    if (!loopAcf) {
      loopAcf = normalisedAcf(tile(all, LOOP_TILES));
      for (let p = minPeriod; p <= maxPeriod; p += 0.25) loopStrongest = Math.max(loopStrongest, combScore(loopAcf, p));
    }
    const period = toPeriod(bpm);
    if (combScore(loopAcf, period) < LOOP_MIN_COMB * loopStrongest) continue;
    if (Math.abs(toBpm(refinePeriod(loopAcf, period)) - bpm) / bpm <= LOOP_AGREEMENT) loopPeriods.push(period);
  }
  return { loopPeriods, loopAcf };
}

/**
 * Estimates the tempo of a loop or track in [minBpm, maxBpm] (default 70-200). A loop's length is the
 * strongest evidence there is: an 8-bar 4/4 loop lasting d seconds is at 32 * 60 / d BPM. Every
 * whole-bar count (1-32 bars) whose tempo the onsets' autocorrelation confirms is a hypothesis, and
 * the metrical structure of the onsets chooses among them (which settles half and double tempo), so
 * the tempo is then exact. Audio that is not an exact loop takes the strongest autocorrelation comb
 * in range instead, refined to a fraction of a frame over all its beats, and the same octave choice.
 *
 * Convention for the octave: the beat is where kicks and snares alternate (snare on 2 and 4). A
 * half-time groove (snare on 3, as in much trap) therefore reads at half the tempo its producer may
 * label it with.
 */
export function estimateTempo(audio: AudioData, options: TempoOptions = {}): TempoEstimate {
  const minBpm = options.minBpm ?? 70;
  const maxBpm = options.maxBpm ?? 200;
  const beatsPerBar = options.beatsPerBar ?? 4;
  const { sampleRate } = audio;
  const frames = audio.channels[0]?.length ?? 0;
  const framesPerSecond = sampleRate / HOP;
  const toPeriod = (bpm: Bpm): number => (60 / bpm) * framesPerSecond;
  const toBpm = (period: number): Bpm => (60 * framesPerSecond) / period;
  const minPeriod = toPeriod(maxBpm);
  const maxPeriod = toPeriod(minBpm);
  const none: TempoEstimate = { bpm: 0, confidence: 0, bars: null };
  // Two beats at the fastest tempo at least; slower tempos are only considered where two of their
  // beats fit (combScore reads 0 otherwise).
  if (frames / HOP < 2 * minPeriod) return none;

  const { all, analysis } = onsetAnalysis(audio, minBpm, beatsPerBar);
  const { acf } = analysis;

  // The coarse comb over the tempo range, scanned at quarter frames: its peak is the strongest pulse.
  let strongest = 0;
  let strongestScore = 0;
  for (let p = minPeriod; p <= maxPeriod; p += 0.25) {
    const score = combScore(acf, p);
    if (score > strongestScore) { strongestScore = score; strongest = p; }
  }
  if (strongestScore <= 0) return none;

  const duration = frames / sampleRate;
  const { loopPeriods, loopAcf } = loopPeriodsOf(all, duration, { minBpm, maxBpm, beatsPerBar, minPeriod, maxPeriod, toPeriod, toBpm });
  if (loopPeriods.length > 0) {
    const period = resolveOctave(loopPeriods, analysis);
    const bpm = toBpm(period);
    return { bpm: Math.round(bpm * 100) / 100, confidence: clamp01(combScore(loopAcf ?? acf, period)), bars: Math.round((bpm * duration) / 60 / beatsPerBar) };
  }

  // Not an exact loop: the strongest pulse, refined, then its octaves in range.
  const seed = refinePeriod(acf, strongest);
  const octaves = [seed / 4, seed / 2, seed, seed * 2, seed * 4]
    .filter((p) => p >= minPeriod * (1 - REFINE_SPAN) && p <= maxPeriod * (1 + REFINE_SPAN))
    .map((p) => refinePeriod(acf, p))
    // The range bounds the octave, not the precision: 200.02 BPM is still "up to 200".
    .filter((p) => p >= minPeriod * (1 - RANGE_TOLERANCE) && p <= maxPeriod * (1 + RANGE_TOLERANCE));
  if (octaves.length === 0) return none;
  const period = resolveOctave(octaves, analysis);
  return { bpm: Math.round(toBpm(period) * 100) / 100, confidence: clamp01(combScore(acf, period)), bars: null };
}

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
