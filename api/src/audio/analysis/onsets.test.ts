import type { AudioData } from '../audio-buffer';
import { drumLoop, type DrumPatternName } from '../testing/drum-loop-synth';
import { clickTrain, noise, sine } from '../testing/tone-synth';
import { detectOnsets, type Onset } from './onsets';

const MS = 44.1;

function mix(a: AudioData, b: AudioData): AudioData {
  const frames = Math.min(a.channels[0].length, b.channels[0].length);
  return { sampleRate: a.sampleRate, channels: [0, 1].map((c) => a.channels[c].slice(0, frames).map((v, i) => v + b.channels[c][i])) };
}

/** Signed distance from each expected position to the nearest onset, and the onsets near no expected position. */
function match(onsets: readonly Onset[], expected: readonly number[]): { errors: number[]; extra: Onset[] } {
  const errors = expected.map((p) => onsets.reduce((best, o) => (Math.abs(o.position - p) < Math.abs(best) ? o.position - p : best), Infinity));
  const extra = onsets.filter((o) => !expected.some((p) => Math.abs(o.position - p) <= 10 * MS));
  return { errors, extra };
}

describe('detectOnsets', () => {
  it('finds every click of a click train on its first sample (+-2 samples), and nothing else', () => {
    const { audio, positions } = clickTrain({ bpm: 133, beats: 12, subdivision: 4, offset: 0.237 });
    const onsets = detectOnsets(audio);
    expect(onsets).toHaveLength(positions.length);
    onsets.forEach((o, i) => expect(Math.abs(o.position - positions[i])).toBeLessThanOrEqual(2));
    expect(onsets[5].time).toBeCloseTo(positions[5] / 44_100, 9);
  });

  const cases: [DrumPatternName, number][] = [
    ['basic', 70], ['basic', 143], ['basic', 200], ['fourOnTheFloor', 97], ['fourOnTheFloor', 174],
    ['boomBap', 88], ['boomBap', 120], ['boomBap', 200],
  ];
  it.each(cases)('locates every hit of a %s drum loop at %d BPM within 1 ms, with no false onsets', (pattern, bpm) => {
    const { audio, hits } = drumLoop({ bpm, bars: 4, pattern, seed: bpm });
    const positions = [...new Set(hits.map((h) => h.position))];
    const { errors, extra } = match(detectOnsets(audio), positions);
    expect(Math.max(...errors.map(Math.abs))).toBeLessThanOrEqual(1 * MS);
    expect(extra).toEqual([]);
  });

  it('still locates the hits within 1 ms under a sustained chord and a noise floor at -40 dBFS', () => {
    const { audio, hits } = drumLoop({ bpm: 128, bars: 2, pattern: 'boomBap', seed: 3 });
    const seconds = audio.channels[0].length / 44_100;
    const pad = [220, 277.18, 329.63].map((frequency) => sine({ frequency, seconds: seconds + 1, peakDb: -18 }));
    const bed = mix(mix(mix(pad[0], pad[1]), pad[2]), noise({ seconds: seconds + 1, rmsDb: -40, seed: 9 }));
    const positions = [...new Set(hits.map((h) => h.position))];
    const { errors, extra } = match(detectOnsets(mix(audio, bed)), positions);
    expect(Math.max(...errors.map(Math.abs))).toBeLessThanOrEqual(1 * MS);
    expect(extra).toEqual([]);
  });

  it('is level-independent: the same loop 50 dB quieter gives the same onsets', () => {
    const { audio } = drumLoop({ bpm: 110, bars: 2, seed: 4 });
    const quiet: AudioData = { sampleRate: 44_100, channels: audio.channels.map((c) => c.map((v) => v * 0.00316)) };
    const loud = detectOnsets(audio).map((o) => o.position);
    const soft = detectOnsets(quiet).map((o) => o.position);
    expect(soft).toHaveLength(loud.length);
    soft.forEach((p, i) => expect(Math.abs(p - loud[i])).toBeLessThanOrEqual(2));
  });

  it('scores strengths in (0, 1], kicks and snares above hats on average', () => {
    const { audio, hits } = drumLoop({ bpm: 100, bars: 2, seed: 5 });
    const onsets = detectOnsets(audio);
    expect(Math.max(...onsets.map((o) => o.strength))).toBe(1);
    expect(Math.min(...onsets.map((o) => o.strength))).toBeGreaterThan(0);
    const hatOnly = new Set(hits.filter((h) => h.instrument === 'hat' && !hits.some((k) => k !== h && k.position === h.position)).map((h) => h.position));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const near = (o: Onset) => [...hatOnly].some((p) => Math.abs(p - o.position) < MS);
    expect(mean(onsets.filter(near).map((o) => o.strength))).toBeLessThan(mean(onsets.filter((o) => !near(o)).map((o) => o.strength)));
  });

  it('returns nothing for silence and a steady tone, and honours minInterval', () => {
    const silence: AudioData = { sampleRate: 44_100, channels: [new Float32Array(44_100), new Float32Array(44_100)] };
    expect(detectOnsets(silence)).toEqual([]);
    const tone = detectOnsets(sine({ frequency: 440, seconds: 2, peakDb: -6 }));
    expect(tone.length).toBeLessThanOrEqual(1);
    expect(tone[0]?.position ?? 0).toBeLessThan(MS);
    const { audio } = clickTrain({ bpm: 120, beats: 8, subdivision: 4 }); // 125 ms apart
    expect(detectOnsets(audio, { minInterval: 0.2 })).toHaveLength(16);
  });
});
