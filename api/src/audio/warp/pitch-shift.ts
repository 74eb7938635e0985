import { frameCount, type AudioData } from '../audio-buffer';
import type { Samples, Semitones } from '../units';
import { stretchTonal } from './stretch-tonal';

/**
 * Shifts the pitch of one period of a tonal loop (mainly 808s) by `semitones` (within +-24;
 * measured to +-12) and keeps its length to the frame and its seam continuous. WSOLA first
 * stretches the loop at its own pitch (so the search sees the original waveform, not one an octave
 * down), attacks anchored, then a band-limited circular varispeed reads it back at the original
 * length. For a loop that also changes tempo, {@link stretchTonal} does both in one pass.
 */
export function pitchShift(audio: AudioData, semitones: Semitones, options: { anchors?: readonly Samples[] } = {}): AudioData {
  return stretchTonal(audio, frameCount(audio), { semitones, anchors: options.anchors });
}
