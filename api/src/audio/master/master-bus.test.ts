import type { AudioData } from '../audio-buffer';
import { dbToGain, gainToDb } from '../units';
import { findPeaksAbove, interSamplePeak } from './inter-sample-peak-detector';
import { integratedLoudness } from '../analysis/loudness';
import { masterBus } from './master-bus';
import { bs1770TruePeakDb } from './true-peak-oracle.testing';
import { limiterGainSquares, limitTruePeak, trimToCeiling, type LimiterMemo } from './true-peak-limiter';

const RATE = 44_100;

/**
 * A finer meter than BS.1770 asks for: 16x oversampling with a 64-tap-per-phase Blackman-windowed
 * sinc, only around frames within 6 dB of the sample peak.
 */
function fineTruePeakDb(channels: readonly Float32Array[]): number {
  const factor = 16;
  const half = 32;
  const kernel: Float64Array[] = [];
  for (let p = 1; p < factor; p++) {
    const taps = new Float64Array(2 * half);
    for (let k = 0; k < 2 * half; k++) {
      const x = k - half + 1 - p / factor;
      const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / half) + 0.08 * Math.cos((2 * Math.PI * x) / half);
      taps[k] = (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x)) * w;
    }
    kernel.push(taps);
  }
  let samplePeak = 0;
  for (const c of channels) for (const v of c) samplePeak = Math.max(samplePeak, Math.abs(v));
  let peak = samplePeak;
  for (const c of channels) {
    for (let n = half; n < c.length - half; n++) {
      if (Math.abs(c[n]) < samplePeak / 2 && Math.abs(c[n + 1]) < samplePeak / 2) continue;
      for (const taps of kernel) {
        let sum = 0;
        for (let k = 0; k < 2 * half; k++) sum += taps[k] * c[n - half + 1 + k];
        peak = Math.max(peak, Math.abs(sum));
      }
    }
  }
  return gainToDb(peak);
}

/**
 * Kicks and snares over a bass and a quarter-rate sine whose samples miss its crests by 3 dB. The
 * snare's noise is low-passed (two one-pole stages at about 9 kHz) as real drums are: the peaks of
 * white noise up to 22 kHz depend on how long an interpolation filter any meter uses.
 */
function loudBeat(seconds: number, level: number): AudioData {
  const frames = Math.round(seconds * RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const beat = Math.round(RATE * 60 / 140);
  let seed = 99;
  let lp1 = 0;
  let lp2 = 0;
  const noise = () => {
    const white = ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    lp1 += 0.72 * (white - lp1);
    lp2 += 0.72 * (lp1 - lp2);
    return 2 * lp2;
  };
  for (let i = 0; i < frames; i++) {
    const t = (i % beat) / RATE;
    const kick = 2.5 * Math.exp(-t * 12) * Math.sin(2 * Math.PI * (45 + 100 * Math.exp(-t * 25)) * t);
    const snareT = ((i + beat) % (2 * beat)) / RATE;
    const snare = 0.5 * Math.exp(-snareT * 25) * noise();
    const crest = 0.4 * Math.sin((Math.PI / 2) * i + Math.PI / 4);
    const bass = 0.3 * Math.sin(2 * Math.PI * 55 * i / RATE);
    left[i] = level * (kick + snare + crest + bass);
    right[i] = level * (kick - snare * 0.5 + bass + crest * 0.5);
  }
  return { sampleRate: RATE, channels: [left, right] };
}

describe('masterBus', () => {
  it.each([
    ['a hot mix', 1.2],
    ['a quiet mix', 0.05],
  ])('normalises %s to -14 LUFS with true peaks under -1 dBTP', (_name, level) => {
    const mix = loudBeat(8, level);
    const before = bs1770TruePeakDb(mix.channels);
    const { audio, report } = masterBus(mix);
    const lufs = integratedLoudness(audio);
    expect(Math.abs(lufs + 14)).toBeLessThanOrEqual(0.2);
    expect(report.integratedLufs).toBeCloseTo(lufs, 6);
    expect(bs1770TruePeakDb(audio.channels)).toBeLessThanOrEqual(-1);
    // A 16x meter still finds nothing over -1 dBTP by more than a tenth of a dB, for drums
    // whose noise rolls off as real ones do (white noise to 22 kHz reads higher the longer the filter).
    expect(fineTruePeakDb(audio.channels)).toBeLessThanOrEqual(-0.9);
    // The input really had inter-sample peaks the limiter had to catch.
    expect(before + report.gainDb).toBeGreaterThan(0);
    expect(report.limiter.maxReductionDb).toBeGreaterThan(1);
  });

  it('finds the gain on estimates, so that one limiting round lands even where the limiter takes several LU', () => {
    // A quiet pad under short loud clicks: the gain that brings the pad up drives the clicks deep into the limiter.
    const frames = 8 * RATE;
    const beat = Math.round(RATE * 60 / 140);
    const left = new Float32Array(frames);
    for (let i = 0; i < frames; i++) {
      const t = (i % beat) / RATE;
      left[i] = 0.05 * Math.sin(2 * Math.PI * 220 * i / RATE) + 0.9 * Math.exp(-t * 80) * Math.sin(2 * Math.PI * 1500 * t);
    }
    const mix: AudioData = { sampleRate: RATE, channels: [left, left.slice()] };
    const { report } = masterBus(mix);
    // Gain, input and output loudness tell what the limiter took away.
    expect(report.gainDb + report.inputLufs - report.integratedLufs).toBeGreaterThan(2);
    expect(report.rounds).toBe(1);
    expect(report.estimates).toBeGreaterThan(1);
    expect(Math.abs(report.integratedLufs + 14)).toBeLessThanOrEqual(0.2);
  });

  it('tells, as the first limiter run proceeds, how many frames of the output are written as they will stay', () => {
    const mix = loudBeat(8, 0.6);
    const frames = mix.channels[0].length;
    const snapshots: { frames: number; left: Float32Array }[] = [];
    const output = [new Float32Array(frames), new Float32Array(frames)];
    const { audio, report } = masterBus(mix, { output, onWritten: (written) => snapshots.push({ frames: written, left: output[0].slice(0, written) }) });
    expect(report.limiterRuns).toBe(1);
    expect(report.limiter.trimDb).toBe(0);
    // Several reports, rising, the last the whole song; what each said was written is the final master.
    expect(snapshots.length).toBeGreaterThan(2);
    expect(snapshots.map((s) => s.frames)).toEqual([...snapshots.map((s) => s.frames)].sort((a, b) => a - b));
    expect(snapshots[snapshots.length - 1].frames).toBe(frames);
    for (const snapshot of snapshots) expect(Buffer.from(snapshot.left.buffer).equals(Buffer.from(audio.channels[0].buffer, 0, snapshot.frames * 4))).toBe(true);
    // A second round (a start gain far off) reports only the first run's writing, and says it ran again.
    const far: number[] = [];
    const again = masterBus(mix, { startGainDb: report.gainDb - 6, onWritten: (written) => far.push(written) });
    expect(again.report.limiterRuns).toBeGreaterThan(1);
    expect(far[far.length - 1]).toBe(frames);
    expect(far.filter((f) => f === frames)).toHaveLength(1);
  });

  it('computes the gain a limiter run applies without running it: the same gain, block by block', () => {
    const mix = loudBeat(4, 1);
    const output = [new Float32Array(mix.channels[0].length), new Float32Array(mix.channels[0].length)];
    const memo: LimiterMemo = {};
    limitTruePeak(mix, output, dbToGain(3), {}, memo);
    const dry = limiterGainSquares(mix, dbToGain(3), {}, {});
    expect(dry).toEqual(memo.gainSquares);
    expect(Math.min(...dry)).toBeLessThan(0.5);
  });

  it('starts from a given gain, and in one round renders what that gain renders when it lands in tolerance', () => {
    const mix = loudBeat(8, 0.6);
    const first = masterBus(mix);
    const again = masterBus(mix, { startGainDb: first.report.gainDb });
    expect(again.report.rounds).toBe(1);
    expect(again.report.gainDb).toBe(first.report.gainDb);
    again.audio.channels.forEach((channel, c) => expect(Buffer.from(channel.buffer).equals(Buffer.from(first.audio.channels[c].buffer))).toBe(true));
    // A start far off still converges to the target.
    const far = masterBus(mix, { startGainDb: first.report.gainDb - 6 });
    expect(far.report.rounds).toBeGreaterThan(1);
    expect(Math.abs(far.report.integratedLufs + 14)).toBeLessThanOrEqual(0.2);
  });

  it('holds the ceiling under very deep reduction, even for a peak in the song\'s first frames (no room for the attack: it used to throw)', () => {
    // loudBeat starts on a hit at frame 0.
    const mix = loudBeat(8, 1.2);
    const out = mix.channels.map((c) => new Float32Array(c.length));
    for (const gainDb of [6, 12, 18, 24]) {
      const report = limitTruePeak(mix, out, dbToGain(gainDb));
      expect(report.maxReductionDb).toBeGreaterThan(gainDb);
      // Not squashed: the deepest reduction is what the loudest peak needs, no more.
      expect(report.maxReductionDb).toBeLessThan(gainDb + gainToDb(interSamplePeak(mix.channels)) + 1.2);
      expect(report.trimDb).toBe(0);
      expect(gainToDb(interSamplePeak(out))).toBeLessThanOrEqual(-1);
      expect(Math.abs(out[0][0])).toBeLessThan(dbToGain(-1));
    }
  });

  it('trims a signal over the ceiling by exactly its excess, and leaves one under it alone', () => {
    const n = 4410;
    // A tone at 0.99 of full scale whose crests fall between samples: true peak above its samples.
    const tone = [new Float32Array(n).map((_, i) => 0.99 * Math.sin(2 * Math.PI * (i / 4 + 0.125)))];
    const ceiling = dbToGain(-1);
    const before = interSamplePeak(tone);
    const trim = trimToCeiling(tone, ceiling);
    expect(trim).toBeCloseTo(ceiling / before, 4);
    expect(interSamplePeak(tone)).toBeLessThanOrEqual(ceiling);
    expect(interSamplePeak(tone)).toBeGreaterThan(ceiling * 0.9999);
    expect(trimToCeiling(tone, ceiling)).toBe(1);
  });

  it('leaves a mix that needs no limiting untouched apart from the gain', () => {
    const mix = loudBeat(6, 0.02);
    const out = [new Float32Array(mix.channels[0].length), new Float32Array(mix.channels[0].length)];
    const report = limitTruePeak(mix, out, dbToGain(6));
    expect(report.limitedFrames).toBe(0);
    const g = dbToGain(6);
    for (let i = 0; i < out[0].length; i += 97) expect(out[0][i]).toBe(Math.fround(mix.channels[0][i] * g));
  });

  it('limits with a smooth gain: no gain step larger than a look-ahead ramp allows', () => {
    // A steady 1 kHz tone that jumps 12 dB over the ceiling: the limiter must ramp, not switch.
    const frames = RATE;
    const tone = new Float32Array(frames);
    for (let i = 0; i < frames; i++) tone[i] = (i < frames / 2 ? 0.2 : 0.8) * Math.sin(2 * Math.PI * 1000 * i / RATE);
    const mix = { sampleRate: RATE, channels: [tone, tone] };
    const out = [new Float32Array(frames), new Float32Array(frames)];
    limitTruePeak(mix, out, dbToGain(6));
    expect(gainToDb(interSamplePeak(out))).toBeLessThanOrEqual(-1);
    expect(bs1770TruePeakDb(out)).toBeLessThanOrEqual(-1);
    expect(fineTruePeakDb(out)).toBeLessThanOrEqual(-1);
    // Output sample steps stay within what the tone itself does at the ceiling's level (2*pi*f/fs*peak)
    // plus the ramp: a hard switch of gain would add a step of about 0.8 at the jump.
    let maxStep = 0;
    for (let i = 1; i < frames; i++) maxStep = Math.max(maxStep, Math.abs(out[0][i] - out[0][i - 1]));
    expect(maxStep).toBeLessThan(2 * Math.PI * 1000 / RATE * 1.0 + 0.02);
  });

  it('finds exactly the peaks an exhaustive search finds: the skip bound hides none', () => {
    const mix = loudBeat(3, 0.6);
    let seed = 3;
    const hiss = mix.channels.map((c) => c.map((v) => v + 0.05 * (((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1)));
    for (const threshold of [0.5, 0.8, 1.0]) {
      const found = findPeaksAbove(hiss, 1, threshold);
      // A threshold of zero makes every block a candidate: the exhaustive answer, filtered.
      const all = findPeaksAbove(hiss, 1, 1e-9);
      const expected = all.frames.filter((_, e) => all.peaks[e] > threshold);
      expect(found.frames).toEqual(expected);
      expect(found.frames.length).toBeGreaterThan(0);
    }
  });

  it('passes silence through', () => {
    const silence = { sampleRate: RATE, channels: [new Float32Array(RATE), new Float32Array(RATE)] };
    const { audio, report } = masterBus(silence);
    expect(report.inputLufs).toBe(-Infinity);
    expect(audio.channels[0].every((v) => v === 0)).toBe(true);
  });
});
