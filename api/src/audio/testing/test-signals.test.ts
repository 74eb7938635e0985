import { chordProgression } from './chord-progression-synth';
import { drumLoop } from './drum-loop-synth';
import { createRandom } from '../random/seeded-random';
import { clickTrain, concatAudio, noise, sine } from './tone-synth';

const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

describe('test signal helpers', () => {
  it('createRandom is deterministic per seed and uniform enough (mean 0.5 +- 0.01 over 10 000 draws)', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const draws = Array.from({ length: 10_000 }, () => a.next());
    expect(draws.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(Math.abs(draws.reduce((s, v) => s + v, 0) / draws.length - 0.5)).toBeLessThan(0.01);
    expect(draws.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(createRandom(43).next()).not.toBe(createRandom(42).next());
  });

  it('sine has the requested peak, placement and length; noise the requested RMS (+-0.2 dB)', () => {
    const s = sine({ frequency: 1000, seconds: 1, peakDb: -6, channels: 'right' });
    expect(s.channels[0].every((v) => v === 0)).toBe(true);
    expect(Math.abs(Math.max(...s.channels[1]) - 0.5012)).toBeLessThan(1e-3);
    expect(s.channels[1]).toHaveLength(44_100);
    const n = noise({ seconds: 2, rmsDb: -20, seed: 3 });
    expect(Math.abs(20 * Math.log10(rms(n.channels[0])) + 20)).toBeLessThan(0.2);
    expect(n.channels[0]).not.toEqual(n.channels[1]);
    expect(concatAudio([s, s]).channels[1]).toHaveLength(88_200);
  });

  it('clickTrain starts each click on its reported sample', () => {
    const { audio, positions } = clickTrain({ bpm: 120, beats: 4, subdivision: 2, offset: 0.1 });
    expect(positions).toEqual([4410, 15435, 26460, 37485, 48510, 59535, 70560, 81585]);
    for (const p of positions) {
      expect(audio.channels[0][p - 1]).toBe(0);
      expect(Math.abs(audio.channels[0][p])).toBeGreaterThan(0.4);
    }
  });

  it('drumLoop is exactly bars * 4 beats long, reproducible, and its hits start where reported', () => {
    const { audio, hits } = drumLoop({ bpm: 137, bars: 2, pattern: 'fourOnTheFloor', seed: 9 });
    expect(audio.channels[0]).toHaveLength(Math.round((2 * 4 * 60 * 44_100) / 137));
    expect(drumLoop({ bpm: 137, bars: 2, pattern: 'fourOnTheFloor', seed: 9 }).audio.channels[1]).toEqual(audio.channels[1]);
    expect(hits.filter((h) => h.instrument === 'kick')).toHaveLength(8);
    expect(hits.filter((h) => h.instrument === 'snare').map((h) => h.position)).toEqual([1 / 4, 3 / 4, 5 / 4, 7 / 4].map((beat) => Math.round(((beat * 4 * 60) / 137) * 44_100)));
    expect(audio.channels[0].reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeLessThan(2);
  });

  it('chordProgression places one chord per beatsPerChord beats with the right roots (C minor i-iv-V-i: C F G C)', () => {
    const { audio, chords } = chordProgression({ key: 'C', mode: 'Minor', progression: ['i', 'iv', 'V', 'i'], bpm: 120, beatsPerChord: 2 });
    expect(chords.map((c) => [c.root, c.minor, c.start])).toEqual([[0, true, 0], [5, true, 44_100], [7, false, 88_200], [0, true, 132_300]]);
    expect(audio.channels[0]).toHaveLength(176_400);
    expect(() => chordProgression({ key: 'C', mode: 'Major', progression: ['viii'] })).toThrow(RangeError);
  });
});
