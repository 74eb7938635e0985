import { detectOnsets } from '../analysis/onsets';
import { drumLoop as synthDrumLoop } from '../render/synth-loops.testing';
import { drumLoop } from '../testing/drum-loop-synth';
import { loopFrames } from './loop-length';
import { loopOnsets } from './loop-onsets';
import { bassHitLoop, pluckLoop, quantile, seamStep, zeroCrossingFrequency } from './signal-measures.testing';
import { warpLoop } from './warp-loop';

const RATE = 44_100;

/**
 * The join of a tiled loop compared with the loop's own steps: the step across the seam over the
 * 99.9th percentile of the steps inside it. Below 1 the join is like any ordinary pair of frames.
 */
function joinRatio(x: Float32Array): number {
  const steps = new Float64Array(x.length - 1);
  for (let i = 1; i < x.length; i++) steps[i - 1] = Math.abs(x[i] - x[i - 1]);
  return seamStep(x).seam / quantile(steps, 0.999);
}

describe('warpLoop', () => {
  const drums = drumLoop({ bpm: 140, bars: 2, pattern: 'basic', seed: 11 }).audio;
  const bass = { sampleRate: RATE, channels: bassHitLoop({ bpm: 140, bars: 2, sampleRate: RATE, hz: 46.25 }).channels };
  const keys = { sampleRate: RATE, channels: pluckLoop({ bpm: 140, bars: 2, sampleRate: RATE, frames: loopFrames(2, 140, RATE), noteBeats: 1 }).channels };

  it.each([
    ['drums', 150, 0],
    ['drums', 90, 0],
    ['tonal', 150, 0],
    ['tonal', 90, 5],
    ['tonal', 200, -7],
  ] as const)('gives exactly loopFrames(bars, toBpm) frames and a join no worse than the loop\'s own steps (%s, 140 -> %i BPM, %i st)', (kind, toBpm, semitones) => {
    for (const audio of kind === 'drums' ? [drums] : [bass, keys]) {
      const out = warpLoop(audio, { kind, fromBpm: 140, toBpm, bars: 2, semitones });
      expect(out.channels.map((c) => c.length)).toEqual([loopFrames(2, toBpm, RATE), loopFrames(2, toBpm, RATE)]);
      // Measured 0.00-0.25: the seam is an ordinary join.
      for (const channel of out.channels) expect(joinRatio(channel)).toBeLessThan(1);
    }
  });

  it('transposes an 808 to the key and keeps its hits on the beat', () => {
    const out = warpLoop(bass, { kind: 'tonal', fromBpm: 140, toBpm: 150, bars: 2, semitones: 3 });
    const beat = (60 / 150) * RATE;
    const found = detectOnsets(out, { threshold: 0.3 }).map((onset) => onset.position);
    expect(found.map((p) => Math.round((p / beat) * 2) / 2)).toEqual([0, 2.5, 4, 6.5]);
    found.forEach((p) => expect(Math.abs(p - Math.round((p / beat) * 2) / 2 * beat)).toBeLessThan(0.001 * RATE));
    const body = zeroCrossingFrequency(out.channels[0], RATE, Math.round(0.02 * RATE), Math.round(0.9 * RATE));
    expect(Math.abs(body / (46.25 * 2 ** (3 / 12)) - 1)).toBeLessThan(0.001);
  });

  it('transposes drums as a sampler does (each hit replayed faster) and still slices them onto the grid', () => {
    const percs = synthDrumLoop('perc', 140, 2);
    const out = warpLoop(percs, { kind: 'drums', fromBpm: 140, toBpm: 120, bars: 2, semitones: 12 });
    expect(out.channels[0].length).toBe(loopFrames(2, 120, RATE));
    // The perc's 620 Hz body an octave up, inside the first hit (0.75 beats in at 120 BPM).
    const hit = Math.round(0.75 * (60 / 120) * RATE);
    const body = zeroCrossingFrequency(out.channels[0], RATE, hit + 20, hit + Math.round(0.04 * RATE));
    expect(Math.abs(body / 1240 - 1)).toBeLessThan(0.02);
    const found = detectOnsets(out, { threshold: 0.3 }).map((onset) => onset.position);
    const beat = (60 / 120) * RATE;
    const expected = [0.75, 2.25, 3.5, 4.75, 6.25, 7.5].map((b) => b * beat);
    expect(found).toHaveLength(expected.length);
    found.forEach((p, i) => expect(Math.abs(p - expected[i])).toBeLessThan(0.001 * RATE));
  });

  it('uses onsets handed in (as the catalogue would store them) and gives the same audio', () => {
    const onsets = loopOnsets(drums);
    const detected = warpLoop(drums, { kind: 'drums', fromBpm: 140, toBpm: 130, bars: 2 });
    const given = warpLoop(drums, { kind: 'drums', fromBpm: 140, toBpm: 130, bars: 2, onsets: JSON.parse(JSON.stringify(onsets)) });
    let differing = 0;
    for (let i = 0; i < given.channels[0].length; i++) if (given.channels[0][i] !== detected.channels[0][i]) differing++;
    expect(differing).toBe(0);
  });

  it('refuses a loop whose length does not match its bars and tempo', () => {
    // 2 bars at 140 BPM given as 2 bars at 130: 7.7% off, it would play out of time.
    expect(() => warpLoop(drums, { kind: 'drums', fromBpm: 130, toBpm: 140, bars: 2 })).toThrow(RangeError);
    expect(() => warpLoop(drums, { kind: 'drums', fromBpm: 140, toBpm: 140, bars: 4 })).toThrow(/bars at 140 BPM/);
  });

  it('returns a copy of the loop when nothing changes', () => {
    const out = warpLoop(keys, { kind: 'tonal', fromBpm: 140, toBpm: 140, bars: 2 });
    expect(out.channels[0]).not.toBe(keys.channels[0]);
    let differing = 0;
    for (let i = 0; i < out.channels[0].length; i++) if (out.channels[0][i] !== keys.channels[0][i]) differing++;
    expect(differing).toBe(0);
  });
});
