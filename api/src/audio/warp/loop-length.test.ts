import { barStartFrame, exactBarFrames, loopFrames, tiledLoopPosition } from './loop-length';

const RATE = 44_100;

describe('loopFrames', () => {
  it('is the exact length when a bar is a whole number of frames, and the rounded one otherwise', () => {
    expect(loopFrames(8, 140, RATE)).toBe(604_800);
    expect(loopFrames(8, 150, RATE)).toBe(564_480);
    expect(loopFrames(1, 150, 48_000)).toBe(76_800);
    expect(exactBarFrames(8, 130, RATE)).toBeCloseTo(651_323.077, 3);
    expect(loopFrames(8, 130, RATE)).toBe(651_323);
    expect(loopFrames(2, 120, RATE, 3)).toBe(132_300);
  });

  it('puts every bar of a 3-minute song within half a frame of its exact time, at any tempo', () => {
    let worstStart = 0;
    let worstBar = 0;
    for (let bpm = 60; bpm <= 200; bpm += 0.5) {
      const bars = Math.floor((180 * bpm) / 240);
      const barFrames = exactBarFrames(1, bpm, RATE);
      let previousStart = 0;
      for (let bar = 1; bar <= bars; bar++) {
        const start = barStartFrame(bar, bpm, RATE);
        worstStart = Math.max(worstStart, Math.abs(start - exactBarFrames(bar, bpm, RATE)));
        // Bars (and sections) built from bar starts stay within one frame of their exact length: nothing accumulates.
        worstBar = Math.max(worstBar, Math.abs(start - previousStart - barFrames));
        previousStart = start;
      }
    }
    expect(worstStart).toBeLessThanOrEqual(0.5);
    expect(worstBar).toBeLessThan(1);
  });

  it('refuses a tempo that is not positive', () => {
    expect(() => loopFrames(8, 0, RATE)).toThrow(RangeError);
    expect(() => loopFrames(8, -140, RATE)).toThrow(RangeError);
  });
});

describe('tiledLoopPosition', () => {
  it('starts every repetition of an 8-bar loop exactly on its bar line over 3 minutes, where a plain modulo drifts', () => {
    const bpm = 130; // 8 bars are 651 323.08 frames: the buffer is 0.08 frame short of the grid
    const length = loopFrames(8, bpm, RATE);
    const repetitions = 12; // 96 bars, 177 s
    let moduloDrift = 0;
    for (let k = 1; k <= repetitions; k++) {
      const barLine = barStartFrame(8 * k, bpm, RATE);
      expect(tiledLoopPosition(barLine, 8, bpm, RATE)).toBe(0);
      expect(tiledLoopPosition(barLine + 1234, 8, bpm, RATE)).toBe(1234);
      // The frame before the bar line plays the end of the previous repetition.
      expect(tiledLoopPosition(barLine - 1, 8, bpm, RATE)).toBeGreaterThanOrEqual(length - 2);
      // Where a modulo would restart the loop instead: k * length, off the bar line by the accumulated rounding.
      moduloDrift = Math.abs(k * length - barLine);
    }
    expect(moduloDrift).toBeGreaterThanOrEqual(1);
  });

  it('never reads past the buffer and never goes backwards inside a repetition', () => {
    const bpm = 137.3;
    const length = loopFrames(2, bpm, RATE);
    let previous = -1;
    let outside = 0;
    let backwards = 0;
    for (let offset = 0; offset < 10 * length; offset += 97) {
      const position = tiledLoopPosition(offset, 2, bpm, RATE);
      if (position < 0 || position >= length) outside++;
      // Going back is only allowed as the wrap to the next repetition.
      if (position < previous && previous - position < length - 200) backwards++;
      previous = position;
    }
    expect(outside).toBe(0);
    expect(backwards).toBe(0);
  });
});
