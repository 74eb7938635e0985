import type { AudioData } from '../audio-buffer';
import { chordProgression, PROGRESSIONS, type ChordRhythm } from '../testing/chord-progression-synth';
import { drumLoop } from '../testing/drum-loop-synth';
import { noise } from '../testing/tone-synth';
import { estimateKey, pitchClassProfile } from './key-estimator';
import { PITCH_CLASS_NAMES, type KeyMode } from './pitch-class';

const RHYTHMS: ChordRhythm[] = ['sustained', 'stabs', 'arpeggio'];

/** Same key; the relative major/minor; or a key a fifth away in the same mode: the acceptable misses. */
function relation(expected: { tonic: number; mode: KeyMode }, got: { tonic: number; mode: KeyMode }): 'exact' | 'relative' | 'fifth' | 'wrong' {
  if (expected.tonic === got.tonic && expected.mode === got.mode) return 'exact';
  if (expected.mode !== got.mode && (expected.mode === 'Major' ? (expected.tonic + 9) % 12 : (expected.tonic + 3) % 12) === got.tonic) return 'relative';
  if (expected.mode === got.mode && [(expected.tonic + 7) % 12, (expected.tonic + 5) % 12].includes(got.tonic)) return 'fifth';
  return 'wrong';
}

function mixInto(target: AudioData, source: AudioData, gain: number): void {
  for (let c = 0; c < 2; c++) for (let i = 0; i < Math.min(target.channels[c].length, source.channels[c].length); i++) target.channels[c][i] += gain * source.channels[c][i];
}

function accuracy(cases: { tonic: number; mode: KeyMode; audio: () => AudioData }[]): { exact: number; outcomes: string[] } {
  const outcomes = cases.map(({ tonic, mode, audio }) => {
    const estimate = estimateKey(audio());
    return relation({ tonic, mode }, { tonic: PITCH_CLASS_NAMES.indexOf(estimate.key), mode: estimate.mode });
  });
  return { exact: outcomes.filter((o) => o === 'exact').length / outcomes.length, outcomes };
}

describe('estimateKey', () => {
  it('names the key of at least 90% of synthesised progressions (24 keys x 5 progressions, mixed rhythms), the rest relative or fifth-related', () => {
    const cases = (['Major', 'Minor'] as const).flatMap((mode) => PITCH_CLASS_NAMES.flatMap((key, tonic) => PROGRESSIONS[mode].map((progression, p) => ({
      tonic, mode,
      audio: () => chordProgression({ key, mode, progression, bpm: 90 + 7 * p, rhythm: RHYTHMS[(tonic + p) % 3], seed: tonic * 10 + p }).audio,
    }))));
    expect(cases).toHaveLength(120);
    const { exact, outcomes } = accuracy(cases);
    expect(exact).toBeGreaterThanOrEqual(0.9);
    expect(outcomes.filter((o) => o === 'wrong')).toEqual([]);
  });

  it('holds on unseen progressions, detuned by up to 35 cents, and under a drum loop (at least 90% exact, no unrelated key)', () => {
    const unseen: Record<KeyMode, string[][]> = {
      Major: [['I', 'IV', 'I', 'V'], ['I', 'V', 'IV', 'V'], ['I', 'ii', 'IV', 'V']],
      Minor: [['i', 'v', 'VI', 'VII'], ['i', 'III', 'VII', 'VI'], ['i', 'iv', 'VII', 'III']],
    };
    const cases = (['Major', 'Minor'] as const).flatMap((mode) => PITCH_CLASS_NAMES.flatMap((key, tonic) => unseen[mode].map((progression, p) => ({
      tonic, mode,
      audio: () => {
        const bpm = 80 + 11 * p + tonic;
        const detuneCents = p === 1 ? (tonic % 2 ? 35 : -28) : 0;
        const { audio } = chordProgression({ key, mode, progression, bpm, rhythm: RHYTHMS[(tonic + 2 * p) % 3], seed: 1000 + tonic * 10 + p, detuneCents });
        if (p === 2) mixInto(audio, drumLoop({ bpm, bars: 4, pattern: 'boomBap', seed: tonic }).audio, 0.7);
        return audio;
      },
    }))));
    const { exact, outcomes } = accuracy(cases);
    expect(exact).toBeGreaterThanOrEqual(0.9);
    expect(outcomes.filter((o) => o === 'wrong')).toEqual([]);
  });

  it('measures the tuning offset of a detuned recording (within 3 cents)', () => {
    const { audio } = chordProgression({ key: 'A', mode: 'Minor', detuneCents: 23, seed: 4 });
    expect(Math.abs(pitchClassProfile(audio).tuningCents - 23)).toBeLessThan(3);
    const { audio: flat } = chordProgression({ key: 'A', mode: 'Minor', detuneCents: -41, seed: 4 });
    expect(Math.abs(pitchClassProfile(flat).tuningCents - -41)).toBeLessThan(3);
  });

  it('reports confidence: high for a clear cadence, 0 for silence, low for noise', () => {
    const clear = estimateKey(chordProgression({ key: 'E', mode: 'Major', progression: ['I', 'IV', 'V', 'I'], seed: 2 }).audio);
    expect(clear).toMatchObject({ key: 'E', mode: 'Major' });
    expect(clear.confidence).toBeGreaterThan(0.5);
    const silence: AudioData = { sampleRate: 44_100, channels: [new Float32Array(44_100), new Float32Array(44_100)] };
    expect(estimateKey(silence)).toEqual({ key: 'C', mode: 'Major', confidence: 0 });
    expect(estimateKey(noise({ seconds: 5, seed: 8 })).confidence).toBeLessThan(clear.confidence);
  });
});
