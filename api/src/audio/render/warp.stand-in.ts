import type { AudioData } from '../audio-buffer';
import type { Bpm, Hertz, Samples, Semitones } from '../units';

// Global `Math` is looked up through jest's sandbox on every use (over 100x slower there), so
// per-sample loops use module-level bindings.
const { floor, round } = Math;

/**
 * TEMPORARY stand-ins for the warp module (engineer B), so the renderer can be built and tested
 * before it lands. Same names and shapes as agreed; delete when `warp/` provides them.
 */

/** Exact length in frames of `bars` bars of 4 beats at `bpm`. */
export function loopFramesStandIn(bars: number, bpm: Bpm, sampleRate: Hertz): Samples {
  return round((bars * 4 * 60 * sampleRate) / bpm);
}

export interface WarpOptionsStandIn {
  readonly kind: 'drums' | 'tonal';
  readonly fromBpm: Bpm;
  readonly toBpm: Bpm;
  readonly bars: number;
  readonly semitones?: Semitones;
}

/** Resamples the loop to the exact target length (varispeed: pitch moves with tempo). */
export function warpLoopStandIn(audio: AudioData, options: WarpOptionsStandIn): AudioData {
  const frames = loopFramesStandIn(options.bars, options.toBpm, audio.sampleRate);
  const sourceFrames = audio.channels[0].length;
  const step = sourceFrames / frames;
  const channels = audio.channels.map((source) => {
    const out = new Float32Array(frames);
    for (let i = 0; i < frames; i++) {
      const x = i * step;
      const j = floor(x);
      const f = x - j;
      out[i] = source[j % sourceFrames] * (1 - f) + source[(j + 1) % sourceFrames] * f;
    }
    return out;
  });
  return { sampleRate: audio.sampleRate, channels };
}
