import { detectOnsets } from '../analysis/onsets';
import { loopFrames } from './loop-length';
import { pitchShift } from './pitch-shift';
import { bassHitLoop, loopSine, median, seamStep, slidingRmsDb, tile, zeroCrossingFrequency } from './signal-measures.testing';

const RATE = 44_100;

const SHIFTS = [-12, -7, -3, 3, 7, 12];

describe('pitchShift', () => {
  describe.each([55, 110, 1000])('a sustained %i Hz sine', (hz) => {
    const frames = loopFrames(2, 140, RATE);
    const { signal, frequency } = loopSine(hz, frames, RATE);

    it.each(SHIFTS)('shifted %i semitones lands within 1% of the expected frequency (and within half a cycle per loop), same length, level flat across the seam', (semitones) => {
      const out = pitchShift({ sampleRate: RATE, channels: [signal, signal.slice()] }, semitones);
      expect(out.channels[0].length).toBe(frames);
      const expected = frequency * 2 ** (semitones / 12);
      // A sustained tone can only loop seamlessly with a whole number of cycles in the loop, so the
      // shift may move it by up to half a cycle over the loop's length (0.53% for 27.6 Hz over 3.4 s;
      // 0.02% at 1 kHz); a real 808 loop closes on a hit and is exact.
      const cycles = (expected * frames) / RATE;
      const error = Math.abs(zeroCrossingFrequency(out.channels[0], RATE) / expected - 1);
      expect(error).toBeLessThan(0.01);
      expect(error).toBeLessThan(1 / (2 * cycles) + 0.0005);
      const periods = Math.ceil(0.009 * expected);
      const envelope = slidingRmsDb(tile(out.channels[0], 2), Math.round((periods * RATE) / expected), 110);
      const middle = median(envelope);
      expect(middle - Math.min(...envelope)).toBeLessThan(0.3);
      expect(Math.max(...envelope) - middle).toBeLessThan(0.3);
      const seam = seamStep(out.channels[1]);
      expect(seam.seam).toBeLessThanOrEqual(seam.interiorMax);
    });
  });

  it('keeps an 808 loop\'s hits on their frames and moves its 49 Hz body by the interval, exactly', () => {
    const loop = bassHitLoop({ bpm: 140, bars: 2, sampleRate: RATE, hz: 49 });
    const audio = { sampleRate: RATE, channels: loop.channels };
    for (const semitones of [3, -7, 12, -12]) {
      const out = pitchShift(audio, semitones);
      expect(out.channels[0].length).toBe(loop.channels[0].length);
      const found = detectOnsets(out, { threshold: 0.3 }).map((onset) => onset.position);
      expect(found).toHaveLength(loop.starts.length);
      loop.starts.forEach((hit, i) => expect(Math.abs(found[i] - hit)).toBeLessThan(0.001 * RATE));
      // The body of the first hit, past its attack; the loop closes on a hit, so no closure varispeed.
      const body = zeroCrossingFrequency(out.channels[0], RATE, Math.round(0.02 * RATE), Math.round(0.9 * RATE));
      expect(Math.abs(body / (49 * 2 ** (semitones / 12)) - 1)).toBeLessThan(0.001);
      const seam = seamStep(out.channels[0]);
      expect(seam.seam).toBeLessThanOrEqual(seam.interiorMax);
    }
  });
});
