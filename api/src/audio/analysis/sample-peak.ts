import type { AudioData } from '../audio-buffer';
import type { Decibels, Gain } from '../units';
import { gainToDb } from '../units';

/** Largest absolute sample value over all channels. */
export function samplePeakLinear(audio: AudioData): Gain {
  let peak = 0;
  for (const x of audio.channels) {
    for (let i = 0; i < x.length; i++) {
      const v = x[i] < 0 ? -x[i] : x[i];
      if (v > peak) peak = v;
    }
  }
  return peak;
}

/** Sample peak in dBFS (-Infinity for digital silence). */
export function samplePeakDb(audio: AudioData): Decibels {
  return gainToDb(samplePeakLinear(audio));
}
