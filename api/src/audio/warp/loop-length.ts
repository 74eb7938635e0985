import type { Bpm, Hertz, Samples } from '../units';

/**
 * The tempo grid in frames. A bar at most tempos is not a whole number of frames (8 bars at 130 BPM
 * are 651 323.08 frames at 44.1 kHz), so every length here is derived from one rule that cannot
 * accumulate rounding: bar `n` of a grid whose origin is frame 0 starts at
 *
 *     barStartFrame(n) = round(n * beatsPerBar * 60 * sampleRate / bpm)     (halves round up)
 *
 * and anything spanning bars `a` to `b` is `barStartFrame(b) - barStartFrame(a)` frames long. A
 * section or a loop repetition is therefore within one frame of its exact length, and bar 96 of a
 * song starts where it should, whatever came before it. The product `n * beatsPerBar * 60 *
 * sampleRate` is an exact integer in a double for any whole bar count, and dividing once by `bpm`
 * rounds once, so the same inputs give the same frame on every machine.
 */

/** Exact, real-valued length of `bars` bars in frames (not rounded). */
export function exactBarFrames(bars: number, bpm: Bpm, sampleRate: Hertz, beatsPerBar = 4): number {
  if (!(bpm > 0)) throw new RangeError(`Tempo must be positive, got ${bpm}`);
  return (bars * beatsPerBar * 60 * sampleRate) / bpm;
}

/** First frame of bar `bar` (0-based) on a grid whose bar 0 starts at frame 0. */
export function barStartFrame(bar: number, bpm: Bpm, sampleRate: Hertz, beatsPerBar = 4): Samples {
  return Math.round(exactBarFrames(bar, bpm, sampleRate, beatsPerBar));
}

/**
 * Frames in a loop of `bars` bars at `bpm`: `barStartFrame(bars)`, i.e. the exact length rounded to
 * the nearest frame. Every warped loop is exactly this long. A loop that repeats back to back from a
 * grid origin should be read through {@link tiledLoopPosition}, which restarts each repetition on
 * its exact bar line, so N repetitions never drift against the grid (a plain modulo would drift by up
 * to half a frame per repetition: 6 frames, 0.15 ms, over a 3-minute song of 8-bar loops).
 */
export function loopFrames(bars: number, bpm: Bpm, sampleRate: Hertz, beatsPerBar = 4): Samples {
  return barStartFrame(bars, bpm, sampleRate, beatsPerBar);
}

/**
 * Where to read in a loop buffer of `loopFrames(bars, ...)` frames for the frame `offset` frames
 * after the loop first started on the grid. Repetition k starts exactly at
 * `barStartFrame(k * bars)`; a repetition one frame longer than the buffer repeats the buffer's last
 * frame, one frame shorter skips it (a sample-long hold, inaudible), so there is no drift at all.
 */
export function tiledLoopPosition(offset: Samples, bars: number, bpm: Bpm, sampleRate: Hertz, beatsPerBar = 4): Samples {
  const length = loopFrames(bars, bpm, sampleRate, beatsPerBar);
  if (offset < 0 || length <= 0) throw new RangeError(`Offset must be >= 0 and the loop non-empty (offset ${offset}, ${length} frames)`);
  let repetition = Math.floor(offset / exactBarFrames(bars, bpm, sampleRate, beatsPerBar));
  // The float quotient can land one repetition off right at a rounded boundary: settle it on the integer grid.
  while (repetition > 0 && barStartFrame(repetition * bars, bpm, sampleRate, beatsPerBar) > offset) repetition--;
  while (barStartFrame((repetition + 1) * bars, bpm, sampleRate, beatsPerBar) <= offset) repetition++;
  const position = offset - barStartFrame(repetition * bars, bpm, sampleRate, beatsPerBar);
  return position < length ? position : length - 1;
}
