import type { AudioData } from '../audio-buffer';
import type { Hertz } from '../units';
import { halveRate } from '../dsp/half-rate';
import { mixToMono } from '../dsp/mono-mix';
import { createRealFft } from '../dsp/real-fft';
import { hannWindow } from '../dsp/windows';
import { PITCH_CLASS_NAMES, type KeyMode, type PitchClassName } from './pitch-class';

export interface KeyEstimate {
  readonly key: PitchClassName;
  readonly mode: KeyMode;
  /** Softmax weight of the winning key among all 24 (temperature 0.05 on their scores), 0..1. */
  readonly confidence: number;
}

/** Pitch-class content of a signal: what the key is read from. */
export interface PitchClassProfile {
  /** Energy per pitch class (0 = C) above BASS_TOP. */
  readonly treble: Float64Array;
  /** Energy per pitch class below BASS_TOP: the bass line, which names chord roots. */
  readonly bass: Float64Array;
  /** Bass energy per pitch class in the opening eighth of the audio, where loops state their tonic. */
  readonly openingBass: Float64Array;
  /** The opening's share of the whole duration (1/8, less for audio longer than 64 s). */
  readonly openingShare: number;
  /** How far the recording's tuning sits from A4 = 440 Hz, in cents (-50..50). */
  readonly tuningCents: number;
}

const FFT_SIZE = 4096;
const HOP = 2048;
const LOWEST: Hertz = 50;
const HIGHEST: Hertz = 2000;
const BASS_TOP: Hertz = 220;
/** Peaks more than this far below the frame's loudest are noise, not notes. */
const PEAK_FLOOR_DB = -50;
/** How much the bass chroma counts next to the treble chroma (both normalised to sum 1). */
const BASS_WEIGHT = 0.5;
const SOFTMAX_TEMPERATURE = 0.05;
/**
 * Added to a key's correlation in proportion to its tonic's share of the opening bass. Loops state
 * their tonic first, and the pitch content alone cannot tell an Aeolian loop (i-VI-III-VII) from its
 * relative major. On the synthesised progressions 0.40 still reads i-III-VII-VI as the relative major
 * in 2 of 12 keys, 0.50 reads a loop opening on ii as ii; 0.45 gets all of them.
 */
const OPENING_TONIC_BONUS = 0.45;
/** The opening is the first eighth of the audio, at most this many seconds. */
const MAX_OPENING = 8;

/** Albrecht and Shanahan (2013) key profiles, from a corpus of 490 pieces: index 0 is the tonic. */
const PROFILES: Record<KeyMode, readonly number[]> = {
  Major: [0.238, 0.006, 0.111, 0.006, 0.137, 0.094, 0.016, 0.214, 0.009, 0.08, 0.008, 0.081],
  Minor: [0.22, 0.006, 0.104, 0.123, 0.019, 0.103, 0.012, 0.214, 0.062, 0.022, 0.061, 0.052],
};

interface SpectralPeak {
  /** Fractional MIDI note number. */
  readonly pitch: number;
  readonly weight: number;
  /** Start of its frame in seconds. */
  readonly time: number;
}

/**
 * Spectral peaks between LOWEST and HIGHEST of the signal at a quarter of its rate (where 50 Hz to
 * 2 kHz is all the harmony there is, for a sixteenth of the FFT work), each at its parabolically
 * interpolated frequency and weighted by its magnitude relative to its frame's loudest.
 */
function spectralPeaks(mono: Float32Array, sampleRate: Hertz): SpectralPeak[] {
  const x = halveRate(halveRate(mono));
  const rate = sampleRate / 4;
  const fft = createRealFft(FFT_SIZE);
  const window = hannWindow(FFT_SIZE);
  const frame = new Float64Array(FFT_SIZE);
  const power = new Float64Array(fft.bins);
  const lo = Math.max(2, Math.floor((LOWEST * FFT_SIZE) / rate));
  const hi = Math.min(fft.bins - 2, Math.floor((HIGHEST * FFT_SIZE) / rate) + 1);
  const peaks: SpectralPeak[] = [];
  const floorRatio = 10 ** (PEAK_FLOOR_DB / 10);
  for (let start = 0; start + FFT_SIZE <= x.length || (start === 0 && x.length > 0); start += HOP) {
    for (let i = 0; i < FFT_SIZE; i++) frame[i] = start + i < x.length ? x[start + i] * window[i] : 0;
    fft.power(frame, power);
    let loudest = 0;
    for (let k = lo; k <= hi; k++) if (power[k] > loudest) loudest = power[k];
    if (loudest <= 1e-12) continue;
    const threshold = loudest * floorRatio;
    for (let k = lo; k <= hi; k++) {
      const p = power[k];
      if (p <= threshold || p <= power[k - 1] || p < power[k + 1]) continue;
      // Parabola through the log powers of the peak bin and its neighbours: the true frequency.
      const a = Math.log(power[k - 1] + 1e-30);
      const b = Math.log(p);
      const c = Math.log(power[k + 1] + 1e-30);
      const denominator = a - 2 * b + c;
      const offset = denominator < 0 ? (0.5 * (a - c)) / denominator : 0;
      const frequency = ((k + offset) * rate) / FFT_SIZE;
      peaks.push({ pitch: 69 + 12 * Math.log2(frequency / 440), weight: Math.sqrt(p / loudest), time: start / rate });
    }
    if (start + FFT_SIZE > x.length) break;
  }
  return peaks;
}

/**
 * The pitch-class profile of a signal: spectral peaks folded onto 12 pitch classes after correcting
 * for the recording's global tuning (loops are often pitched off A440), each peak counted by how
 * close it lies to a semitone so that inharmonic and drum partials weigh little.
 */
export function pitchClassProfile(audio: AudioData): PitchClassProfile {
  const peaks = spectralPeaks(mixToMono(audio), audio.sampleRate);
  // Tuning: the weighted circular mean of every peak's deviation from the equal-tempered grid.
  let c = 0;
  let s = 0;
  for (const peak of peaks) {
    const angle = 2 * Math.PI * (peak.pitch - Math.round(peak.pitch));
    c += peak.weight * Math.cos(angle);
    s += peak.weight * Math.sin(angle);
  }
  const tuning = peaks.length > 0 ? Math.atan2(s, c) / (2 * Math.PI) : 0;
  const treble = new Float64Array(12);
  const bass = new Float64Array(12);
  const openingBass = new Float64Array(12);
  const duration = (audio.channels[0]?.length ?? 0) / audio.sampleRate;
  const opening = Math.min(MAX_OPENING, duration / 8);
  const bassTop = 69 + 12 * Math.log2(BASS_TOP / 440);
  for (const peak of peaks) {
    const pitch = peak.pitch - tuning;
    const nearest = Math.round(pitch);
    const distance = pitch - nearest; // -0.5..0.5 semitone
    const closeness = Math.cos(Math.PI * distance) ** 2;
    const pc = ((nearest % 12) + 12) % 12;
    if (pitch < bassTop) {
      bass[pc] += peak.weight * closeness;
      if (peak.time < opening) openingBass[pc] += peak.weight * closeness;
    } else {
      treble[pc] += peak.weight * closeness;
    }
  }
  return { treble, bass, openingBass, openingShare: duration > 0 ? opening / duration : 0, tuningCents: Math.round(tuning * 1000) / 10 };
}

function pearson(chroma: Float64Array, profile: readonly number[], tonic: number): number {
  let mx = 0;
  let my = 0;
  for (let i = 0; i < 12; i++) {
    mx += chroma[(tonic + i) % 12];
    my += profile[i];
  }
  mx /= 12;
  my /= 12;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < 12; i++) {
    const dx = chroma[(tonic + i) % 12] - mx;
    const dy = profile[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/**
 * Every key's score for a pitch-class profile, best first: the Pearson correlation of the combined
 * chroma (treble + half-weighted bass) with the key's profile, plus the opening-tonic bonus.
 */
export function keyScores(profile: PitchClassProfile): { key: PitchClassName; mode: KeyMode; score: number }[] {
  const sum = (v: Float64Array) => v.reduce((a, b) => a + b, 0);
  const trebleSum = sum(profile.treble);
  const bassSum = sum(profile.bass);
  const chroma = new Float64Array(12);
  for (let i = 0; i < 12; i++) {
    chroma[i] = (trebleSum > 0 ? profile.treble[i] / trebleSum : 0) + (bassSum > 0 ? (BASS_WEIGHT * profile.bass[i]) / bassSum : 0);
  }
  const results: { key: PitchClassName; mode: KeyMode; score: number }[] = [];
  let openingMax = 0;
  for (let i = 0; i < 12; i++) openingMax = Math.max(openingMax, profile.openingBass[i]);
  // An opening without bass (a drum intro) says nothing about the tonic: scale the bonus by how much
  // bass the opening has compared with its share of the whole.
  const openingSum = sum(profile.openingBass);
  const expected = bassSum * profile.openingShare;
  const openingWeight = expected > 0 ? Math.min(1, openingSum / expected) : 0;
  for (const mode of ['Major', 'Minor'] as const) {
    for (let tonic = 0; tonic < 12; tonic++) {
      const bonus = openingMax > 0 ? OPENING_TONIC_BONUS * openingWeight * (profile.openingBass[tonic] / openingMax) : 0;
      results.push({ key: PITCH_CLASS_NAMES[tonic], mode, score: pearson(chroma, PROFILES[mode], tonic) + bonus });
    }
  }
  return results.sort((a, b) => b.score - a.score);
}

/**
 * Estimates key and mode (Krumhansl-Schmuckler method): the pitch-class profile of the audio, bass
 * and treble together, correlated with the Albrecht-Shanahan major and minor profiles in all 12
 * transpositions, plus a bonus for the key whose tonic the opening bass plays (loops start on their
 * tonic; a loop that opens on another chord may read as that chord's key). Silence gives C Major
 * with confidence 0.
 */
export function estimateKey(audio: AudioData): KeyEstimate {
  const ranked = keyScores(pitchClassProfile(audio));
  const best = ranked[0];
  if (best.score === 0) return { key: 'C', mode: 'Major', confidence: 0 };
  let total = 0;
  for (const r of ranked) total += Math.exp((r.score - best.score) / SOFTMAX_TEMPERATURE);
  return { key: best.key, mode: best.mode, confidence: 1 / total };
}
