import { ENGINE_SAMPLE_RATE } from '../units';
import { parseArrangement, type Arrangement, type PartRange } from './arrangement';
import { mixArrangement } from './render-arrangement';
import type { PreparedLoop } from './loop-preparer';
import { loopKey } from './layer-timeline';

const { abs, max, sin } = Math;
const RATE = ENGINE_SAMPLE_RATE;
const BPM = 120;
const BEAT = (60 * RATE) / BPM;

/** A one-bar loop whose every sample says where in the loop it is (a ramp), so a clip's mapping is visible. */
function rampLoop(): PreparedLoop {
  const frames = 4 * BEAT;
  const l = new Float32Array(frames);
  for (let i = 0; i < frames; i++) l[i] = 0.1 + 0.8 * (i / frames);
  return { audio: { sampleRate: RATE, channels: [l, l] }, loudness: -20, peak: 0.9 };
}

const sample = { sampleId: 's', sourceBpm: BPM, bars: 1 };
const transform = { toBpm: BPM, semitones: 0, gainDb: 0, muted: false };
const arrangementWith = (ranges?: PartRange[]): Arrangement => ({
  version: 1, bpm: BPM, key: 'C', mode: 'minor',
  layers: [{ id: 'keys', role: 'melody', name: 'Keys', gainDb: 0 }],
  sections: [{ label: 'V', bars: 2, parts: [{ layerId: 'keys', sample, transform, ranges }] }, { label: 'C', bars: 1, parts: [{ layerId: 'keys', sample, transform }] }],
});
const loops = () => new Map([[loopKey(sample, transform, 'tonal'), rampLoop()]]);
const mixOf = (ranges?: PartRange[]) => Float32Array.from(mixArrangement(arrangementWith(ranges), loops()).mix.channels[0]);

describe('ranges of a part', () => {
  const plain = mixOf();
  // Normalised to the melody's loudness: compare shapes through the ratio to the plain render.
  const gain = plain[1000] / rampLoop().audio.channels[0][1000];
  const peakOf = (x: Float32Array) => x.reduce((m, v) => max(m, abs(v)), 0);

  it('mute silences the range and leaves the loop in phase after it', () => {
    const muted = mixOf([{ fromBeat: 4, toBeat: 6, op: 'mute' }]);
    expect(peakOf(muted.subarray(4 * BEAT + 600, 6 * BEAT - 10))).toBe(0);
    for (const i of [2 * BEAT, 6 * BEAT + 1000, 9 * BEAT]) expect(muted[i]).toBeCloseTo(plain[i], 6);
  });

  it('repeat plays one slice of the loop over and over (a roll)', () => {
    const roll = mixOf([{ fromBeat: 4, toBeat: 8, op: 'repeat', sliceBeat: 1, sliceBeats: 0.5 }]);
    const slice = 0.5 * BEAT;
    for (const k of [0, 1, 5, 7]) {
      const i = 4 * BEAT + k * slice + Math.floor(slice / 2);
      expect(roll[i] / gain).toBeCloseTo(rampLoop().audio.channels[0][BEAT + Math.floor(slice / 2)], 4);
    }
  });

  it('reverse plays the loop backwards over the range', () => {
    const rev = mixOf([{ fromBeat: 4, toBeat: 8, op: 'reverse', sliceBeat: 0 }]);
    const loop = rampLoop().audio.channels[0];
    for (const k of [1000, 2000, 50_000]) expect(rev[4 * BEAT + k] / gain).toBeCloseTo(loop[loop.length - 1 - k], 4);
  });

  it('play with a gain envelope fades, and filter never exceeds the loop\'s peak', () => {
    const fade = mixOf([{ fromBeat: 4, toBeat: 8, op: 'play', fromDb: 0, toDb: -40 }]);
    expect(abs(fade[8 * BEAT - 700])).toBeLessThan(abs(plain[8 * BEAT - 700]) * 0.02);
    const swept = mixOf([{ fromBeat: 0, toBeat: 8, op: 'filter', fromHz: 200, toHz: 12_000 }]);
    expect(peakOf(swept)).toBeLessThanOrEqual(peakOf(plain) * 1.0001);
  });

  it('joins a range without a step larger than the loop has', () => {
    const tone = (i: number) => 0.5 * sin((2 * Math.PI * 220 * i) / RATE);
    const toneLoop: PreparedLoop = { audio: { sampleRate: RATE, channels: [Float32Array.from({ length: 4 * BEAT }, (_, i) => tone(i)), Float32Array.from({ length: 4 * BEAT }, (_, i) => tone(i))] }, loudness: -20, peak: 0.5 };
    const mix = mixArrangement(arrangementWith([{ fromBeat: 3, toBeat: 5, op: 'reverse' }, { fromBeat: 6, toBeat: 7, op: 'repeat', sliceBeat: 0.3, sliceBeats: 0.25 }]), new Map([[loopKey(sample, transform, 'tonal'), toneLoop]])).mix.channels[0];
    let step = 0;
    for (let i = 1; i < mix.length; i++) step = max(step, abs(mix[i] - mix[i - 1]));
    let plainStep = 0;
    const plainMix = mixArrangement(arrangementWith(), new Map([[loopKey(sample, transform, 'tonal'), toneLoop]])).mix.channels[0];
    for (let i = 1; i < plainMix.length; i++) plainStep = max(plainStep, abs(plainMix[i] - plainMix[i - 1]));
    expect(step).toBeLessThanOrEqual(plainStep * 1.05);
  });

  it('is refused when ranges overlap, run past the section or a repeat has no slice', () => {
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 0, toBeat: 4, op: 'mute' }, { fromBeat: 3, toBeat: 5, op: 'mute' }]))).toThrow(/overlap/);
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 6, toBeat: 9, op: 'mute' }]))).toThrow(/after the section/);
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 0, toBeat: 1, op: 'repeat' }]))).toThrow(/sliceBeats/);
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 2, toBeat: 1, op: 'mute' }]))).toThrow(/end after/);
  });
});
