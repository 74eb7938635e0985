import type { AudioData } from '../audio-buffer';
import { concatAudio, noise, sine } from '../testing/tone-synth';
import { integratedLoudness, kWeightedBlockPowers, kWeightingFilters, loudnessOfBlockPowers } from './loudness';

/** Magnitude response in dB of both K-weighting stages at `frequency`. */
function kWeightingGainDb(frequency: number, sampleRate: number): number {
  const w = (2 * Math.PI * frequency) / sampleRate;
  let gain = 1;
  for (const f of Object.values(kWeightingFilters(sampleRate))) {
    const re = (b0: number, b1: number, b2: number) => [b0 + b1 * Math.cos(w) + b2 * Math.cos(2 * w), -b1 * Math.sin(w) - b2 * Math.sin(2 * w)];
    const [nr, ni] = re(f.b0, f.b1, f.b2);
    const [dr, di] = re(1, f.a1, f.a2);
    gain *= Math.sqrt((nr * nr + ni * ni) / (dr * dr + di * di));
  }
  return 20 * Math.log10(gain);
}

describe('integratedLoudness (ITU-R BS.1770-4)', () => {
  it('reads a full-scale 1 kHz sine on one channel of a stereo buffer at -3.01 LUFS (the ffmpeg ebur128 convention)', () => {
    const lufs = integratedLoudness(sine({ frequency: 1000, seconds: 5, channels: 'left' }));
    expect(Math.abs(lufs - -3.01)).toBeLessThan(0.1);
    const right = integratedLoudness(sine({ frequency: 1000, seconds: 5, channels: 'right' }));
    expect(Math.abs(right - -3.01)).toBeLessThan(0.1);
  });

  it('sums channel energies: the same sine on both channels reads 3.01 LU louder (0.00 LUFS)', () => {
    const lufs = integratedLoudness(sine({ frequency: 1000, seconds: 5 }));
    expect(Math.abs(lufs - 0)).toBeLessThan(0.1);
  });

  it('passes EBU Tech 3341 cases 1 and 2: stereo 1 kHz sines at -23 and -33 dBFS read -23 and -33 LUFS (+-0.1)', () => {
    expect(Math.abs(integratedLoudness(sine({ frequency: 1000, seconds: 20, peakDb: -23 })) - -23)).toBeLessThan(0.1);
    expect(Math.abs(integratedLoudness(sine({ frequency: 1000, seconds: 20, peakDb: -33 })) - -33)).toBeLessThan(0.1);
  });

  it('passes EBU Tech 3341 case 3 (relative gate): 10 s at -36, 60 s at -23, 10 s at -36 dBFS read -23 LUFS (+-0.1)', () => {
    const s = (peakDb: number, seconds: number) => sine({ frequency: 1000, seconds, peakDb });
    const lufs = integratedLoudness(concatAudio([s(-36, 10), s(-23, 60), s(-36, 10)]));
    expect(Math.abs(lufs - -23)).toBeLessThan(0.1);
  });

  it('passes EBU Tech 3341 case 4 (absolute and relative gates): -72/-36/-23/-36/-72 dBFS read -23 LUFS (+-0.1)', () => {
    const s = (peakDb: number, seconds: number) => sine({ frequency: 1000, seconds, peakDb });
    const lufs = integratedLoudness(concatAudio([s(-72, 10), s(-36, 10), s(-23, 60), s(-36, 10), s(-72, 10)]));
    expect(Math.abs(lufs - -23)).toBeLessThan(0.1);
  });

  it('passes EBU Tech 3341 case 5 (gated mean): 20 s at -26, 20.1 s at -20, 20 s at -26 dBFS read -23 LUFS (+-0.1)', () => {
    const s = (peakDb: number, seconds: number) => sine({ frequency: 1000, seconds, peakDb });
    const lufs = integratedLoudness(concatAudio([s(-26, 20), s(-20, 20.1), s(-26, 20)]));
    expect(Math.abs(lufs - -23)).toBeLessThan(0.1);
  });

  it('gates out digital silence, keeping only the partly filled blocks at its edges, and returns -Infinity for silence or audio shorter than a block', () => {
    const tone = sine({ frequency: 1000, seconds: 10, peakDb: -20 });
    const silence: AudioData = { sampleRate: 44_100, channels: [new Float32Array(441_000), new Float32Array(441_000)] };
    const withSilence = integratedLoudness(concatAudio([silence, tone, silence]));
    // 97 full blocks plus, at each edge, blocks 1/4, 2/4 and 3/4 full: all within 10 LU, so kept.
    expect(Math.abs(withSilence - (integratedLoudness(tone) + 10 * Math.log10(100 / 103)))).toBeLessThan(0.01);
    expect(integratedLoudness(silence)).toBe(-Infinity);
    expect(integratedLoudness(sine({ frequency: 1000, seconds: 0.39 }))).toBe(-Infinity);
  });

  it('applies the K-weighting curve: 100 Hz reads lower and 10 kHz higher than 1 kHz by the filter response (+-0.05 dB)', () => {
    const at = (frequency: number) => integratedLoudness(sine({ frequency, seconds: 5, peakDb: -20 }));
    const reference = at(1000) - kWeightingGainDb(1000, 44_100);
    for (const frequency of [60, 100, 10_000]) {
      expect(Math.abs(at(frequency) - kWeightingGainDb(frequency, 44_100) - reference)).toBeLessThan(0.05);
    }
    // The shelf lifts high frequencies by about 4 dB and the RLB high-pass cuts the lows.
    expect(kWeightingGainDb(10_000, 44_100) - kWeightingGainDb(1000, 44_100)).toBeGreaterThan(3);
    expect(kWeightingGainDb(40, 44_100) - kWeightingGainDb(1000, 44_100)).toBeLessThan(-2);
  });

  it('reproduces the BS.1770-4 48 kHz coefficient table', () => {
    const { shelf, highPass } = kWeightingFilters(48_000);
    expect(Math.abs(shelf.b0 - 1.53512485958697)).toBeLessThan(1e-6);
    expect(Math.abs(shelf.b1 - -2.69169618940638)).toBeLessThan(1e-6);
    expect(Math.abs(shelf.b2 - 1.19839281085285)).toBeLessThan(1e-6);
    expect(Math.abs(shelf.a1 - -1.69065929318241)).toBeLessThan(1e-6);
    expect(Math.abs(shelf.a2 - 0.73248077421585)).toBeLessThan(1e-6);
    expect(Math.abs(highPass.a1 - -1.99004745483398)).toBeLessThan(1e-6);
    expect(Math.abs(highPass.a2 - 0.99007225036621)).toBeLessThan(1e-6);
  });

  it('reads white noise at its energy plus the mean K-weighting power gain over a flat spectrum (+-0.1 LU)', () => {
    // Two decorrelated channels at -20 dBFS RMS sum to -16.99 dB; white noise's spectrum is flat, so
    // the filter adds the average of its power response over 0..fs/2.
    let meanPower = 0;
    const points = 20_000;
    for (let i = 0; i < points; i++) meanPower += 10 ** (kWeightingGainDb(((i + 0.5) / points) * 22_050, 44_100) / 10);
    const expected = -16.99 - 0.691 + 10 * Math.log10(meanPower / points);
    const lufs = integratedLoudness(noise({ seconds: 10, rmsDb: -20, seed: 3 }));
    expect(Math.abs(lufs - expected)).toBeLessThan(0.1);
  });
});

describe('loudness from K-weighted block powers', () => {
  const RATE = 44_100;
  const music = concatAudio([sine({ frequency: 1000, seconds: 3, peakDb: -10 }), noise({ seconds: 4, rmsDb: -20, seed: 5 }), sine({ frequency: 80, seconds: 2.5, peakDb: -4 })]);

  it('reads what the meter reads, whatever the block size', () => {
    const frames = music.channels[0].length;
    for (const block of [64, 63, 1000]) {
      expect(Math.abs(loudnessOfBlockPowers(kWeightedBlockPowers(music, block), block, frames, RATE) - integratedLoudness(music))).toBeLessThan(0.01);
    }
  });

  it('reads a signal scaled by a gain given per block as the meter reads that signal', () => {
    const frames = music.channels[0].length;
    const block = 64;
    const powers = kWeightedBlockPowers(music, block);
    // A gain that moves slowly (a fade from 1 to 0.25 over the middle 4 s), as a limiter's release does.
    const gainAt = (i: number) => 1 - 0.75 * Math.min(1, Math.max(0, (i / RATE - 2) / 4));
    const faded: AudioData = { sampleRate: RATE, channels: music.channels.map((channel) => channel.map((v, i) => v * gainAt(i))) };
    const squares = new Float64Array(powers.length);
    for (let b = 0; b < powers.length; b++) {
      let sum = 0;
      const end = Math.min(frames, (b + 1) * block);
      for (let i = b * block; i < end; i++) sum += gainAt(i) ** 2;
      squares[b] = sum / (end - b * block);
    }
    const estimated = loudnessOfBlockPowers(powers, block, frames, RATE, squares);
    expect(Math.abs(estimated - integratedLoudness(faded))).toBeLessThan(0.03);
    // And it is not the unscaled reading.
    expect(integratedLoudness(music) - estimated).toBeGreaterThan(1);
  });

  it('returns -Infinity for audio shorter than a gating block', () => {
    const short = sine({ frequency: 1000, seconds: 0.3 });
    expect(loudnessOfBlockPowers(kWeightedBlockPowers(short, 64), 64, short.channels[0].length, RATE)).toBe(-Infinity);
  });
});
