import type { AudioData } from '../audio-buffer';
import { chordProgression, drumLoop, noise } from '../testing';
import { LANDMARK_FRAME_SECONDS, LandmarkExtractor, landmarksOf, type Landmarks } from './landmarks';

const RATE = 44_100;

function mix(a: AudioData, b: AudioData, gainB = 1): AudioData {
  const frames = Math.min(a.channels[0].length, b.channels[0].length);
  return {
    sampleRate: a.sampleRate,
    channels: a.channels.map((channel, c) => {
      const out = new Float32Array(frames);
      const other = b.channels[c] ?? b.channels[0];
      for (let i = 0; i < frames; i++) out[i] = channel[i] + gainB * other[i];
      return out;
    }),
  };
}

function slice(audio: AudioData, fromSeconds: number, seconds: number): AudioData {
  const from = Math.round(fromSeconds * audio.sampleRate);
  return { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.slice(from, from + Math.round(seconds * audio.sampleRate))) };
}

function scaled(audio: AudioData, gain: number): AudioData {
  return { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.map((x) => x * gain)) };
}

/** The most common (frame in `stored` - frame in `query`) over shared hashes, and how many share it. */
function bestAlignment(stored: Landmarks, query: Landmarks): { delta: number; count: number } {
  const byHash = new Map<number, number[]>();
  stored.hashes.forEach((hash, i) => byHash.set(hash, [...(byHash.get(hash) ?? []), stored.frames[i]]));
  const votes = new Map<number, number>();
  query.hashes.forEach((hash, i) => {
    for (const frame of byHash.get(hash) ?? []) votes.set(frame - query.frames[i], (votes.get(frame - query.frames[i]) ?? 0) + 1);
  });
  let best = { delta: 0, count: 0 };
  for (const [delta, count] of votes) if (count > best.count) best = { delta, count };
  return best;
}

const music = (seed: number): AudioData =>
  mix(
    chordProgression({ key: (['C', 'D', 'E', 'F', 'G', 'A'] as const)[seed % 6], mode: 'Minor', bpm: 120, repeats: 2, rhythm: 'arpeggio', seed, sampleRate: RATE }).audio,
    drumLoop({ bpm: 120, bars: 8, pattern: (['basic', 'fourOnTheFloor', 'boomBap'] as const)[seed % 3], seed, sampleRate: RATE }).audio,
    0.7,
  );

describe('landmarks', () => {
  const song = music(3);
  const stored = landmarksOf(song);

  it('finds a few hundred hashes a second of music, none in silence', () => {
    const seconds = song.channels[0].length / RATE;
    expect(stored.hashes.length / seconds).toBeGreaterThan(50);
    expect(stored.hashes.length / seconds).toBeLessThan(400);
    const silence = landmarksOf({ sampleRate: RATE, channels: [new Float32Array(RATE * 5)] });
    expect(silence.hashes.length).toBe(0);
  });

  it('aligns an excerpt with where it was taken from', () => {
    const excerpt = landmarksOf(slice(song, 4.3, 6));
    const { delta, count } = bestAlignment(stored, excerpt);
    expect(count).toBeGreaterThan(excerpt.hashes.length * 0.3);
    expect(Math.abs(delta * LANDMARK_FRAME_SECONDS - 4.3)).toBeLessThan(2 * LANDMARK_FRAME_SECONDS);
  });

  it('survives a level change and noise mixed in', () => {
    const excerpt = slice(song, 2, 6);
    const louder = landmarksOf(scaled(excerpt, 2));
    expect(bestAlignment(stored, louder).count).toBeGreaterThan(louder.hashes.length * 0.3);
    const noisy = landmarksOf(mix(excerpt, noise({ seconds: 6, rmsDb: -30, seed: 9, sampleRate: RATE })));
    expect(bestAlignment(stored, noisy).count).toBeGreaterThan(20);
  });

  it('shares few aligned hashes with other music', () => {
    const other = landmarksOf(slice(music(10), 2, 6));
    const own = landmarksOf(slice(song, 2, 6));
    expect(bestAlignment(stored, other).count).toBeLessThan(bestAlignment(stored, own).count / 5);
  });

  it('gives the same landmarks for audio pushed in pieces as for the whole', () => {
    const extractor = new LandmarkExtractor(RATE);
    for (let from = 0; from < song.channels[0].length; from += 7919) extractor.push(song.channels.map((c) => c.subarray(from, from + 7919)));
    const pieces = extractor.finish();
    expect(Array.from(pieces.hashes)).toEqual(Array.from(stored.hashes));
    expect(Array.from(pieces.frames)).toEqual(Array.from(stored.frames));
  });

  it('reads other sample rates and refuses impossible ones', () => {
    const at48k = landmarksOf({ sampleRate: 48_000, channels: [new Float32Array(48_000).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / 48_000) * (i % 12_000 < 6000 ? 1 : 0))] });
    expect(at48k.hashes.length).toBeGreaterThan(0);
    expect(() => new LandmarkExtractor(0)).toThrow(RangeError);
    expect(() => new LandmarkExtractor(Number.NaN)).toThrow(RangeError);
  });
});
