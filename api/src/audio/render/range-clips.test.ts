import { ENGINE_SAMPLE_RATE } from '../units';
import { parseArrangement, type Arrangement, type PartRange } from './arrangement';
import { mixArrangement } from './render-arrangement';
import type { PreparedLoop } from './loop-preparer';
import { loopKey } from './layer-timeline';
import { prepareLoop } from './loop-preparer';
import { drumLoop } from './synth-loops.testing';

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
  const peakOf = (x: Float32Array) => x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

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
    expect(Math.abs(fade[8 * BEAT - 700])).toBeLessThan(Math.abs(plain[8 * BEAT - 700]) * 0.02);
    const swept = mixOf([{ fromBeat: 0, toBeat: 8, op: 'filter', fromHz: 200, toHz: 12_000 }]);
    expect(peakOf(swept)).toBeLessThanOrEqual(peakOf(plain) * 1.0001);
  });

  it('joins a range without a step larger than the loop has', () => {
    const tone = (i: number) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / RATE);
    const toneLoop: PreparedLoop = { audio: { sampleRate: RATE, channels: [Float32Array.from({ length: 4 * BEAT }, (_, i) => tone(i)), Float32Array.from({ length: 4 * BEAT }, (_, i) => tone(i))] }, loudness: -20, peak: 0.5 };
    const mix = mixArrangement(arrangementWith([{ fromBeat: 3, toBeat: 5, op: 'reverse' }, { fromBeat: 6, toBeat: 7, op: 'repeat', sliceBeat: 0.3, sliceBeats: 0.25 }]), new Map([[loopKey(sample, transform, 'tonal'), toneLoop]])).mix.channels[0];
    let step = 0;
    for (let i = 1; i < mix.length; i++) step = Math.max(step, Math.abs(mix[i] - mix[i - 1]));
    let plainStep = 0;
    const plainMix = mixArrangement(arrangementWith(), new Map([[loopKey(sample, transform, 'tonal'), toneLoop]])).mix.channels[0];
    for (let i = 1; i < plainMix.length; i++) plainStep = Math.max(plainStep, Math.abs(plainMix[i] - plainMix[i - 1]));
    expect(step).toBeLessThanOrEqual(plainStep * 1.05);
  });

  it('repeat slices at the loop\'s own attack nearest the asked beat, not at the grid (its stored onsets)', () => {
    // One hit, late: at 1.6 beats. The grid's slice (beats 1 to 1.5) is silence; the hit's is not.
    const at = Math.round(1.6 * BEAT);
    const burst = new Float32Array(4 * BEAT);
    for (let i = 0; i < 2000; i++) burst[at + i] = 0.8 * Math.exp(-i / 300) * Math.sin(i * 0.7);
    const hitLoop = (hits?: number[]): PreparedLoop => ({ audio: { sampleRate: RATE, channels: [burst, burst] }, loudness: -20, peak: 0.8, hits });
    const roll = (loop: PreparedLoop) => Float32Array.from(mixArrangement(arrangementWith([{ fromBeat: 4, toBeat: 6, op: 'repeat', sliceBeat: 1, sliceBeats: 0.5 }]), new Map([[loopKey(sample, transform, 'tonal'), loop]])).mix.channels[0]);
    const energy = (x: Float32Array, from: number, to: number) => x.subarray(from, to).reduce((sum, v) => sum + v * v, 0);
    const onGrid = roll(hitLoop());
    const onHit = roll(hitLoop([at]));
    const slice = BEAT / 2;
    for (let k = 0; k < 4; k++) {
      const from = 4 * BEAT + k * slice;
      expect(energy(onGrid, from + 200, from + slice - 200)).toBe(0);
      expect(energy(onHit, from, from + slice)).toBeGreaterThan(1);
      // The attack is whole: the slice's first hundred frames after its fade-in hold the burst's start.
      expect(onHit.subarray(from + 60, from + 200).reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeGreaterThan(0.1);
    }
  });

  it('prepares a loop with its attacks where the warp puts them', () => {
    // Snares on 2 and 4 of a one-bar loop at 100 BPM, warped to 120 BPM: at beats 1 and 3 of the new tempo.
    const prepared = prepareLoop(drumLoop('snare', 100, 1), { kind: 'drums', fromBpm: 100, toBpm: 120, bars: 1 });
    const beat = (60 * RATE) / 120;
    expect(prepared.hits).toHaveLength(2);
    prepared.hits!.forEach((hit, i) => expect(Math.abs(hit - (1 + 2 * i) * beat)).toBeLessThan(0.01 * RATE));
  });

  it('reverse can open a low-pass as it swells', () => {
    const tone = Float32Array.from({ length: 4 * BEAT }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 5000 * i) / RATE));
    const toneLoop: PreparedLoop = { audio: { sampleRate: RATE, channels: [tone, tone] }, loudness: -20, peak: 0.5 };
    const rev = (range: PartRange) => Float32Array.from(mixArrangement(arrangementWith([range]), new Map([[loopKey(sample, transform, 'tonal'), toneLoop]])).mix.channels[0]);
    const open = rev({ fromBeat: 4, toBeat: 8, op: 'reverse', fromHz: 200, toHz: 12_000 });
    const plainRev = rev({ fromBeat: 4, toBeat: 8, op: 'reverse' });
    const level = (x: Float32Array, from: number) => Math.sqrt(x.subarray(from, from + 2000).reduce((sum, v) => sum + v * v, 0) / 2000);
    // Early in the range the 5 kHz tone is far under the plain reverse; at its end, the filter is open.
    expect(level(open, 4 * BEAT + 2000)).toBeLessThan(level(plainRev, 4 * BEAT + 2000) * 0.1);
    expect(level(open, 8 * BEAT - 3000)).toBeGreaterThan(level(plainRev, 8 * BEAT - 3000) * 0.7);
  });

  it('is refused when ranges overlap, run past the section or a repeat has no slice', () => {
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 0, toBeat: 4, op: 'mute' }, { fromBeat: 3, toBeat: 5, op: 'mute' }]))).toThrow(/overlap/);
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 6, toBeat: 9, op: 'mute' }]))).toThrow(/after the section/);
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 0, toBeat: 1, op: 'repeat' }]))).toThrow(/sliceBeats/);
    expect(() => parseArrangement(arrangementWith([{ fromBeat: 2, toBeat: 1, op: 'mute' }]))).toThrow(/end after/);
  });
});
