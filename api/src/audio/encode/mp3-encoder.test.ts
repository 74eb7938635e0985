import type { AudioData } from '../audio-buffer';
import { LAME_ENCODER_DELAY, MP3_DECODER_DELAY } from './lame-tag-writer';
import { encodeMp3Chunk, mp3ChunkCount, mp3ChunkKey, planMp3Chunks } from './mp3-chunk-encoder';
import { decodeMp3, type DecodedMp3 } from './mp3-decoder.testing';
import { assembleMp3, encodeMp3, mp3SourceInfo, type EncodedMp3 } from './mp3-encoder';
import { MP3_FRAME_SAMPLES, parseMp3Frames } from './mp3-frame-parser';

const RATE = 44_100;

/** A deterministic beat-like stereo signal: kick, off-beat noise hats, a chord pad and a bass line. */
function synthBeat(seconds: number): AudioData {
  const frames = Math.round(seconds * RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const beat = Math.round((60 / 140) * RATE);
  let seed = 12345;
  const noise = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const chords = [[220, 277.18, 329.63], [196, 246.94, 293.66], [174.61, 220, 261.63], [164.81, 207.65, 246.94]];
  for (let i = 0; i < frames; i++) {
    const inBeat = i % beat;
    const t = inBeat / RATE;
    const kick = 0.5 * Math.exp(-t * 18) * Math.sin(2 * Math.PI * (50 + 120 * Math.exp(-t * 30)) * t);
    const half = Math.floor(beat / 2);
    const hatT = ((i + half) % beat) / RATE;
    const hat = 0.12 * Math.exp(-hatT * 60) * noise();
    const chord = chords[Math.floor(i / (beat * 4)) % chords.length];
    const time = i / RATE;
    const pad = chord.reduce((sum, f) => sum + 0.06 * Math.sin(2 * Math.PI * f * time), 0);
    const bass = 0.15 * Math.sin(2 * Math.PI * (chord[0] / 4) * time);
    left[i] = kick + hat + pad + bass;
    right[i] = kick + 0.6 * hat + pad * 0.9 + bass;
  }
  return { sampleRate: RATE, channels: [left, right] };
}

function maxAbs(values: Float32Array, from: number, to: number): number {
  let largest = 0;
  for (let i = from; i < to; i++) largest = Math.max(largest, Math.abs(values[i]));
  return largest;
}

function rms(values: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i] * values[i];
  return Math.sqrt(sum / (to - from));
}

/** decoded - source, for the left channel. */
function errorSignal(source: AudioData, decoded: DecodedMp3): Float32Array {
  const a = source.channels[0];
  const b = decoded.channels[0];
  const out = new Float32Array(Math.min(a.length, b.length));
  for (let i = 0; i < out.length; i++) out[i] = b[i] - a[i];
  return out;
}

/** Lag (decoded relative to source) that maximises the cross-correlation, searched in [-range, range]. */
function bestLag(source: Float32Array, decoded: Float32Array, from: number, length: number, range: number): number {
  let best = -Infinity;
  let lag = 0;
  for (let d = -range; d <= range; d++) {
    let sum = 0;
    for (let i = from; i < from + length; i++) sum += source[i] * decoded[i + d];
    if (sum > best) {
      best = sum;
      lag = d;
    }
  }
  return lag;
}

describe('encodeMp3', () => {
  const source = synthBeat(30);
  let single: EncodedMp3;
  let chunked: EncodedMp3;
  let singleDecoded: DecodedMp3;
  let chunkedDecoded: DecodedMp3;

  beforeAll(async () => {
    single = await encodeMp3(source);
    chunked = await encodeMp3(source, { parts: 3 });
    [singleDecoded, chunkedDecoded] = await Promise.all([decodeMp3(single.bytes), decodeMp3(chunked.bytes)]);
  });

  it('writes a parseable CBR 192 kbps stream behind a LAME Info tag', () => {
    const frames = parseMp3Frames(chunked.bytes);
    expect(frames.length).toBe(chunked.frames + 1);
    expect(Buffer.from(chunked.bytes.subarray(36, 40)).toString('latin1')).toBe('Info');
    expect(Buffer.from(chunked.bytes.subarray(156, 165)).toString('latin1')).toBe('LAME3.100');
    expect(frames.every((f) => f.bitrateKbps === 192 && f.sampleRate === RATE)).toBe(true);
    expect(chunked.joins).toHaveLength(2);
  });

  it('decodes gaplessly to exactly the source length, aligned to the sample', () => {
    for (const decoded of [singleDecoded, chunkedDecoded]) {
      expect(decoded.errors).toBe(0);
      expect(decoded.channels[0].length).toBe(source.channels[0].length);
      expect(bestLag(source.channels[0], decoded.channels[0], RATE * 5, 4096, 64)).toBe(0);
    }
  });

  it('without the tag, shows the encoder and decoder delay the tag compensates (1105 samples)', async () => {
    // Noise has one sharp cross-correlation peak, unlike the periodic beat.
    let seed = 7;
    const noise = Float32Array.from({ length: RATE * 2 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32 - 0.5) * 0.5);
    const encoded = await encodeMp3({ sampleRate: RATE, channels: [noise, noise] });
    const raw = await decodeMp3(encoded.bytes.subarray(parseMp3Frames(encoded.bytes)[0].size), { gapless: false });
    const delay = LAME_ENCODER_DELAY + MP3_DECODER_DELAY;
    expect(bestLag(noise, raw.channels[0], RATE / 2, 4096, delay + 64)).toBe(delay);
    expect(raw.channels[0].length).toBe(encoded.frames * MP3_FRAME_SAMPLES);
  });

  it('joins chunks without a gap or click: the error around each join is no worse than elsewhere', () => {
    const singleError = errorSignal(source, singleDecoded);
    const chunkedError = errorSignal(source, chunkedDecoded);
    expect(chunked.joins.map((j) => j.widenedToKbps)).toEqual([undefined, undefined]);
    for (const join of chunked.joins) {
      // After the delay the tag removes, frame J starts at source sample J*1152 - 576, and its
      // overlap-add with frame J-1 spans a granule (576 samples) either side.
      const at = join.frame * MP3_FRAME_SAMPLES - LAME_ENCODER_DELAY;
      const [from, to] = [at - 2 * 576, at + 2 * 576];
      expect(rms(chunkedError, from, to)).toBeLessThan(1.25 * rms(singleError, from, to));
      expect(maxAbs(chunkedError, from, to)).toBeLessThan(1.5 * maxAbs(singleError, from, to));
    }
  });

  it('bridges a reservoir shortfall by widening the frame before the join', async () => {
    const specs = planMp3Chunks(source.channels[0].length, 2);
    const [first, second] = await Promise.all(specs.map((spec) => encodeMp3Chunk(source.channels, RATE, spec)));
    const a = parseMp3Frames(first.bytes);
    const b = parseMp3Frames(second.bytes);
    const window = specs[1].joinWindow!;
    // Force the join onto a frame that borrows more reservoir than the earlier chunk leaves free.
    let forced = -1;
    for (let j = window.from; j < window.to && forced < 0; j++) {
      const fa = a[j - first.firstFrame];
      const fb = b[j - second.firstFrame];
      if (fb.mainDataBegin > fa.mainDataBegin && fa.blockTypes.join() === fb.blockTypes.join()) forced = j;
    }
    expect(forced).toBeGreaterThan(0);
    const mp3 = assembleMp3(
      [first, { ...second, joinWindow: { from: forced, to: forced + 1 } }],
      mp3SourceInfo(source),
    );
    expect(mp3.joins[0].widenedToKbps).toBeGreaterThan(192);
    const decoded = await decodeMp3(mp3.bytes);
    expect(decoded.errors).toBe(0);
    expect(decoded.channels[0].length).toBe(source.channels[0].length);
    const error = errorSignal(source, decoded);
    const singleError = errorSignal(source, singleDecoded);
    const at = forced * MP3_FRAME_SAMPLES - LAME_ENCODER_DELAY;
    expect(rms(error, at - 1152, at + 1152)).toBeLessThan(1.25 * rms(singleError, at - 1152, at + 1152));
  });

  it('plans chunks on one frame grid with warm-up before each join window', () => {
    const specs = planMp3Chunks(RATE * 180, 2);
    expect(specs).toHaveLength(2);
    expect(specs[1].inputStart % MP3_FRAME_SAMPLES).toBe(0);
    expect(specs[1].joinWindow!.from).toBeGreaterThan(specs[1].firstFrame);
    expect(specs[0].inputEnd / MP3_FRAME_SAMPLES).toBeGreaterThan(specs[1].joinWindow!.to);
    expect(planMp3Chunks(RATE * 3, 2)).toHaveLength(1);
  });

  it('keys a chunk by its audio and plan: the same samples give the same key, one changed sample another', () => {
    const [, second] = planMp3Chunks(source.channels[0].length, 2);
    const key = mp3ChunkKey(source.channels, RATE, second, 192);
    const copy = source.channels.map((channel) => channel.slice());
    expect(mp3ChunkKey(copy, RATE, second, 192)).toBe(key);
    expect(mp3ChunkKey(copy, RATE, second, 128)).not.toBe(key);
    copy[1][second.inputEnd - 1] += 1e-6;
    expect(mp3ChunkKey(copy, RATE, second, 192)).not.toBe(key);
    // A change before the chunk's input does not reach it.
    const before = source.channels.map((channel) => channel.slice());
    before[0][second.inputStart - 1] += 0.5;
    expect(mp3ChunkKey(before, RATE, second, 192)).toBe(key);
  });

  it('splits songs in chunks of at most 512 frames, as many for every worker', () => {
    expect(mp3ChunkCount(MP3_FRAME_SAMPLES * 4096, 2)).toBe(8);
    expect(mp3ChunkCount(MP3_FRAME_SAMPLES * 4096, 16)).toBe(16);
    expect(mp3ChunkCount(MP3_FRAME_SAMPLES * 400, 2)).toBe(2);
    // 40 s is 1531 frames: 3 chunks of the grid, made 4 so that 2 workers finish together.
    expect(mp3ChunkCount(MP3_FRAME_SAMPLES * 1531, 2)).toBe(4);
    expect(mp3ChunkCount(MP3_FRAME_SAMPLES * 4096 + 1, 2)).toBe(10);
  });

  it('encodes the same audio to the same bytes', async () => {
    const again = await encodeMp3(source, { parts: 3 });
    expect(Buffer.from(again.bytes).equals(Buffer.from(chunked.bytes))).toBe(true);
  });
});
