import { frameCount, type AudioData } from '../audio-buffer';
import { detectOnsets, type Onset } from '../analysis/onsets';
import type { Samples, Seconds } from '../units';

// Global `Math` is looked up through jest's sandbox on every use (over 100x slower there).
const { min, round } = Math;

/**
 * Onsets of a loop as a loop: the analysis module's detector run on the loop with its own end
 * wrapped in front and its start wrapped behind, so a hit on the downbeat is judged against the tail
 * that really precedes it when the loop repeats (not against silence, which would make every loop
 * start look like an attack) and a hit just before the seam sees what follows it.
 */

/** Context wrapped before the loop: more than the detector's look-back (12 hops + half an FFT, ~80 ms). */
const LEAD_SECONDS = 0.2;
/** Context wrapped after the loop: the detector's look-ahead (4 hops + half an FFT, ~35 ms) with room. */
const TRAIL_SECONDS = 0.1;

export interface LoopOnsetOptions {
  /** The detector's threshold (fraction of the strongest flux peak). Default 0.08, the detector's own. */
  readonly threshold?: number;
  /** Minimum time between onsets, also across the seam. Default 0.03 s. */
  readonly minInterval?: Seconds;
}

// Detection costs ~60 ms for 8 bars and a decoded loop is warped to several tempos over a session:
// remember the result per decoded buffer (weakly, so it goes when the buffer goes).
const memo = new WeakMap<Float32Array, Map<string, readonly Onset[]>>();

/**
 * Onsets of one loop period, positions in [0, frames), sorted, at least `minInterval` apart
 * including across the seam. Results are memoised per decoded buffer and options.
 */
export function loopOnsets(audio: AudioData, options: LoopOnsetOptions = {}): readonly Onset[] {
  const frames = frameCount(audio);
  const first = audio.channels[0];
  if (!first || frames === 0) return [];
  const key = `${options.threshold ?? ''}|${options.minInterval ?? ''}`;
  let byOptions = memo.get(first);
  const known = byOptions?.get(key);
  if (known) return known;
  const onsets = detectLoopOnsets(audio, frames, options);
  if (!byOptions) memo.set(first, (byOptions = new Map()));
  byOptions.set(key, onsets);
  return onsets;
}

function detectLoopOnsets(audio: AudioData, frames: Samples, options: LoopOnsetOptions): Onset[] {
  const { sampleRate } = audio;
  const lead = round(LEAD_SECONDS * sampleRate);
  const trail = round(TRAIL_SECONDS * sampleRate);
  const channels = audio.channels.map((x) => {
    const extended = new Float32Array(lead + frames + trail);
    for (let i = 0; i < lead; i++) extended[i] = x[(((frames - lead + i) % frames) + frames) % frames];
    extended.set(x.subarray(0, frames), lead);
    for (let i = 0; i < trail; i++) extended[lead + frames + i] = x[i % frames];
    return extended;
  });
  const found = detectOnsets({ sampleRate, channels }, { threshold: options.threshold, minInterval: options.minInterval });
  const minGap = round((options.minInterval ?? 0.03) * sampleRate);
  const onsets: Onset[] = [];
  for (const onset of found) {
    const position = onset.position - lead;
    if (position < 0 || position >= frames) continue;
    onsets.push({ position, time: position / sampleRate, strength: onset.strength });
  }
  // The seam: an onset just before the end and one just after the start are one attack seen twice
  // if they are closer than the minimum interval around the circle; keep the earlier (the end's).
  while (onsets.length > 1 && onsets[0].position + frames - onsets[onsets.length - 1].position < minGap) onsets.shift();
  return onsets.map((onset) => ({ ...onset, strength: min(1, onset.strength) }));
}
