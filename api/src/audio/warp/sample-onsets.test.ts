import type { AudioData } from '../audio-buffer';
import { drumLoop, padLoop } from '../render/synth-loops.testing';
import { decodeWav } from '../wav/wav-reader';
import { encodeWav } from '../wav/wav-writer';
import { loopOnsets } from './loop-onsets';
import { parseSampleOnsets, sampleOnsets, serialiseSampleOnsets } from './sample-onsets';
import { DRUM_ONSET_THRESHOLD } from './stretch-drums';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a stored value broken field by field
type Json = Record<string, any>;

/** A sample as the catalogue stores it and the render worker decodes it: a 16-bit WAV, decoded. */
const stored = (audio: AudioData): AudioData => decodeWav(encodeWav(audio, { bitDepth: 16, ditherSeed: 1 })).audio;

describe('sampleOnsets', () => {
  const snares = stored(drumLoop('snare', 140, 2, 3));
  const bass = stored(drumLoop('808', 140, 2, 4));
  /** Snares over quiet hats: some hats pass the tonal threshold and not the drums' higher one. */
  const snaresAndHats = (() => {
    const hats = drumLoop('hat', 140, 2, 5);
    const mix = drumLoop('snare', 140, 2, 3);
    mix.channels.forEach((channel, c) => channel.forEach((x, i) => (channel[i] = x + 0.07 * hats.channels[c][i])));
    return stored(mix);
  })();

  it('gives each warp kind exactly the onsets that kind detects', () => {
    for (const audio of [snares, bass, snaresAndHats, stored(padLoop(90, 2))]) {
      const both = sampleOnsets(audio);
      expect(both.drums).toEqual(loopOnsets(audio, { threshold: DRUM_ONSET_THRESHOLD }));
      expect(both.tonal).toEqual(loopOnsets(audio));
    }
    // The kinds differ (the drums' threshold is higher): a mix-up of the two would show.
    const mixed = sampleOnsets(snaresAndHats);
    expect(mixed.drums.length).toBeGreaterThanOrEqual(12);
    expect(mixed.tonal.length).toBeGreaterThan(mixed.drums.length);
  });

  it('round-trips through its stored form (as JSON) exactly, positions whole and figures at full precision', () => {
    for (const audio of [snares, bass, snaresAndHats]) {
      const onsets = sampleOnsets(audio);
      const value: unknown = JSON.parse(JSON.stringify(serialiseSampleOnsets(onsets, audio.sampleRate)));
      const parsed = parseSampleOnsets(value);
      expect(parsed).toEqual({ drums: onsets.drums, tonal: onsets.tonal });
      // toEqual compares numbers with Object.is: every strength, rise and time is the same double.
      for (const onset of [...parsed!.drums, ...parsed!.tonal]) expect(Number.isInteger(onset.position)).toBe(true);
    }
    const stored = serialiseSampleOnsets(sampleOnsets(snares), snares.sampleRate);
    expect(Object.keys(stored.drums).sort()).toEqual(['position', 'rise', 'strength']);
  });

  it('ignores a malformed stored value instead of failing', () => {
    const good = JSON.parse(JSON.stringify(serialiseSampleOnsets(sampleOnsets(snares), snares.sampleRate))) as Json;
    const broken = (change: (value: Json) => void) => {
      const copy = JSON.parse(JSON.stringify(good)) as Json;
      change(copy);
      return parseSampleOnsets(copy);
    };
    expect(parseSampleOnsets(good)).toBeDefined();
    expect(parseSampleOnsets(null)).toBeUndefined();
    expect(parseSampleOnsets('onsets')).toBeUndefined();
    expect(broken((v) => (v.v = 2))).toBeUndefined();
    expect(broken((v) => delete v.sampleRate)).toBeUndefined();
    expect(broken((v) => delete v.tonal)).toBeUndefined();
    expect(broken((v) => v.drums.rise.pop())).toBeUndefined();
    expect(broken((v) => (v.drums.position[1] += 0.5))).toBeUndefined();
    expect(broken((v) => (v.drums.position[1] = v.drums.position[0]))).toBeUndefined();
    expect(broken((v) => (v.tonal.strength[0] = String(v.tonal.strength[0])))).toBeUndefined();
    expect(broken((v) => (v.tonal.position = {}))).toBeUndefined();
  });
});
