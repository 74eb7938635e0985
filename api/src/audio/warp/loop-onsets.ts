import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { frameCount, type AudioData } from '../audio-buffer';
import { detectOnsets, type Onset } from '../analysis/onsets';
import type { Decibels, Samples, Seconds } from '../units';

/**
 * Onsets of a loop as a loop: the analysis module's detector run on the loop with its own end
 * wrapped in front and its start wrapped behind, so a hit on the downbeat is judged against the tail
 * that really precedes it when the loop repeats (not against silence, which would make every loop
 * start look like an attack) and a hit just before the seam sees what follows it.
 */

/** Context wrapped before the loop: more than the detector's look-back (12 hops + half an FFT, ~80 ms). */
const LEAD_SECONDS = 0.2;
/**
 * The start of that context fades in: the detector sees silence before its input, and a loud loop
 * tail rising out of silence in one frame would be the strongest "onset" of all and scale every real
 * one down (an 808 loop's hits read 0.2 instead of 0.9). Faded over 0.1 s it is no onset.
 */
const LEAD_FADE_SECONDS = 0.1;
/** Context wrapped after the loop: the detector's look-ahead (4 hops + half an FFT, ~35 ms) with room. */
const TRAIL_SECONDS = 0.1;

/** An onset of a loop, with how sharply the level rises there. */
export interface LoopOnset extends Onset {
  /**
   * Level rise at the onset in dB: the energy of the RISE_WINDOW after it over that of the window
   * ending RISE_GAP before it, the larger of the plain signal's and its first difference's (which
   * favours the click of a hat over a kick's tail). A real attack rises 10-130 dB; the detector's
   * relative threshold also reports ripples of a held tone, which rise under 3 dB.
   */
  readonly rise: Decibels;
}

const RISE_WINDOW_SECONDS = 0.003;
const RISE_GAP_SECONDS = 0.001;

export interface LoopOnsetOptions {
  /** The detector's threshold (fraction of the strongest flux peak). Default 0.08, the detector's own. */
  readonly threshold?: number;
  /** Minimum time between onsets, also across the seam. Default 0.03 s. */
  readonly minInterval?: Seconds;
}

// Detection costs ~60 ms for 8 bars and a decoded loop is warped to several tempos over a session:
// remember the result per decoded buffer (weakly, so it goes when the buffer goes).
const memo = new WeakMap<Float32Array, Map<string, readonly LoopOnset[]>>();
/**
 * And per content: a render worker gets each sample as new views of shared memory every time, so
 * the per-buffer memo never sees it twice; the SHA-1 of the samples (~2 ms for 8 bars) does.
 */
const byContent = new LRUCache<string, readonly LoopOnset[]>({ max: 2048 });

function contentKey(audio: AudioData, frames: Samples, optionsKey: string): string {
  const hash = createHash('sha1').update(`${audio.sampleRate}|${frames}|${audio.channels.length}|${optionsKey}`);
  for (const channel of audio.channels) hash.update(new Uint8Array(channel.buffer, channel.byteOffset, frames * Float32Array.BYTES_PER_ELEMENT));
  return hash.digest('base64');
}

/**
 * Onsets of one loop period, positions in [0, frames), sorted, at least `minInterval` apart
 * including across the seam. Results are memoised per decoded buffer (and per content) and options.
 */
export function loopOnsets(audio: AudioData, options: LoopOnsetOptions = {}): readonly LoopOnset[] {
  const frames = frameCount(audio);
  const first = audio.channels[0];
  if (!first || frames === 0) return [];
  const key = `${options.threshold ?? ''}|${options.minInterval ?? ''}`;
  let byOptions = memo.get(first);
  const known = byOptions?.get(key);
  if (known) return known;
  const content = contentKey(audio, frames, key);
  let onsets = byContent.get(content);
  if (!onsets) {
    onsets = detectLoopOnsets(audio, frames, options);
    byContent.set(content, onsets);
  }
  if (!byOptions) memo.set(first, (byOptions = new Map<string, readonly LoopOnset[]>()));
  byOptions.set(key, onsets);
  return onsets;
}

function detectLoopOnsets(audio: AudioData, frames: Samples, options: LoopOnsetOptions): LoopOnset[] {
  const { sampleRate } = audio;
  const lead = Math.round(LEAD_SECONDS * sampleRate);
  const fade = Math.round(LEAD_FADE_SECONDS * sampleRate);
  const trail = Math.round(TRAIL_SECONDS * sampleRate);
  const channels = audio.channels.map((x) => {
    const extended = new Float32Array(lead + frames + trail);
    for (let i = 0; i < lead; i++) {
      const gain = i < fade ? 0.5 - 0.5 * Math.cos((Math.PI * i) / fade) : 1;
      extended[i] = gain * x[(((frames - lead + i) % frames) + frames) % frames];
    }
    extended.set(x.subarray(0, frames), lead);
    for (let i = 0; i < trail; i++) extended[lead + frames + i] = x[i % frames];
    return extended;
  });
  const found = detectOnsets({ sampleRate, channels }, { threshold: options.threshold, minInterval: options.minInterval });
  const minGap = Math.round((options.minInterval ?? 0.03) * sampleRate);
  const onsets: LoopOnset[] = [];
  const window = Math.round(RISE_WINDOW_SECONDS * sampleRate);
  const gap = Math.round(RISE_GAP_SECONDS * sampleRate);
  for (const onset of found) {
    const position = onset.position - lead;
    if (position < 0 || position >= frames) continue;
    const rise = riseAt(channels, onset.position, window, gap);
    onsets.push({ position, time: position / sampleRate, strength: onset.strength, rise });
  }
  // The seam: an onset just before the end and one just after the start are one attack seen twice
  // if they are closer than the minimum interval around the circle; keep the earlier (the end's).
  while (onsets.length > 1 && onsets[0].position + frames - onsets[onsets.length - 1].position < minGap) onsets.shift();
  // Strengths stay relative to the detector's strongest flux peak, not rescaled to the loop's
  // strongest onset: a loop with no real attack (a held sine) must keep its few flux ripples weak.
  return onsets;
}

/** {@link LoopOnset.rise} at `at` in the extended channels (which have context on both sides). */
function riseAt(channels: readonly Float32Array[], at: number, window: number, gap: number): Decibels {
  let before = 0;
  let after = 0;
  let beforeSlope = 0;
  let afterSlope = 0;
  for (const x of channels) {
    for (let i = 0; i < window; i++) {
      const b = at - gap - window + i;
      const a = at + i;
      before += x[b] * x[b];
      after += x[a] * x[a];
      const db = x[b] - x[b - 1];
      const da = x[a] - x[a - 1];
      beforeSlope += db * db;
      afterSlope += da * da;
    }
  }
  const tiny = 1e-12;
  return 10 * Math.max(Math.log10((after + tiny) / (before + tiny)), Math.log10((afterSlope + tiny) / (beforeSlope + tiny)));
}
