import { hostileWavCorpus } from '../testing/hostile-wavs';
import { createRandom, type SeededRandom } from '../random/seeded-random';
import { buildRiff, buildWav, fmtBody, sampleBytes } from '../testing/wav-builder';
import { WavFormatError } from './wav-format-error';
import { decodeWav, probeWav, DEFAULT_MAX_WAV_DURATION, type DecodedWav } from './wav-reader';

const CASES = 10_000;
/** Per-file wall-clock limit: generous, since the slowest legitimate case here decodes in milliseconds. */
const MAX_MS_PER_FILE = 1000;
/** Worst legitimate expansion: 8-bit mono at 4 kHz becomes 2 x 4-byte samples at 44.1 kHz, 88.2 bytes per input byte. */
const MAX_EXPANSION = 89;

const tone = (frames: number, f: number) => new Float32Array(frames).map((_, i) => 0.6 * Math.sin((2 * Math.PI * f * i) / 44_100));

/** Small valid files covering every decoder path: the seeds that the mutations start from. */
function seeds(): Uint8Array[] {
  return [
    buildRiff([
      { id: 'LIST', body: Uint8Array.from('INFOISFT\x05\x00\x00\x00ysm!', (c) => c.charCodeAt(0)) },
      { id: 'fmt ', body: fmtBody({ channels: 2, sampleRate: 44_100, bitsPerSample: 16 }) },
      { id: 'data', body: sampleBytes([tone(1500, 440), tone(1500, 550)], 'i16') },
    ]),
    buildWav({ channels: [tone(1200, 300)], sampleRate: 48_000, format: 'i24', extensibleMask: 4 }),
    buildWav({ channels: Array.from({ length: 6 }, (_, c) => tone(300, 200 + 100 * c)), sampleRate: 44_100, format: 'f32', extensibleMask: 0x3f }),
    buildWav({ channels: [tone(800, 700)], sampleRate: 8000, format: 'u8' }),
    buildWav({ channels: [tone(500, 100), tone(500, 900)], sampleRate: 22_050, format: 'f64', after: [{ id: 'id3 ', body: new Uint8Array(9) }] }),
    buildWav({ channels: [tone(1000, 1000), tone(1000, 80)], sampleRate: 96_000, format: 'i32' }),
  ];
}

/** Offsets of every chunk header of a well-formed file (plus the RIFF header at 0). */
function chunkOffsets(file: Uint8Array): number[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const offsets = [0];
  for (let at = 12; at + 8 <= file.length; at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) & 1)) offsets.push(at);
  return offsets;
}

const LIES = [0, 1, 2, 7, 8, 15, 16, 17, 39, 40, 0x7fffffff, 0x80000000, 0xfffffff0, 0xffffffff];

function mutate(file: Uint8Array, random: SeededRandom): Uint8Array {
  let bytes = file.slice();
  const offsets = chunkOffsets(file);
  const fmtAt = offsets.find((o) => o > 0 && String.fromCharCode(...file.subarray(o, o + 4)) === 'fmt ');
  const operations = 1 + random.int(3);
  for (let k = 0; k < operations; k++) {
    const view = new DataView(bytes.buffer);
    const op = random.int(7);
    if (op === 0) {
      // Bit flips, mostly in the headers where they matter.
      for (let n = 1 + random.int(8); n > 0 && bytes.length > 0; n--) {
        const at = random.next() < 0.75 ? random.int(Math.min(96, bytes.length)) : random.int(bytes.length);
        bytes[at] ^= 1 << random.int(8);
      }
    } else if (op === 1) {
      bytes = bytes.slice(0, random.int(bytes.length + 1));
    } else if (op === 2) {
      // A size field that lies: the RIFF size or a chunk's.
      const at = random.pick(offsets) + 4;
      if (at + 4 <= bytes.length) view.setUint32(at, random.next() < 0.7 ? random.pick(LIES) : random.int(2 ** 32), true);
    } else if (op === 3) {
      // A chunk duplicated at another chunk boundary.
      const from = random.pick(offsets.filter((o) => o > 0));
      const to = offsets[offsets.indexOf(from) + 1] ?? file.length;
      const chunk = file.slice(from, to);
      const at = random.pick(offsets.filter((o) => o > 0));
      const out = new Uint8Array(bytes.length + chunk.length);
      out.set(bytes.subarray(0, Math.min(at, bytes.length)));
      out.set(chunk, Math.min(at, bytes.length));
      out.set(bytes.subarray(Math.min(at, bytes.length)), Math.min(at, bytes.length) + chunk.length);
      bytes = out;
    } else if (op === 4 && fmtAt !== undefined && fmtAt + 24 <= bytes.length) {
      // A fmt field set to an extreme: format tag, channels, rate, byte rate, block align, bits.
      const field = random.pick([[0, 2], [2, 2], [4, 4], [8, 4], [12, 2], [14, 2], [18, 2], [24, 2]] as const);
      const at = fmtAt + 8 + field[0];
      if (at + field[1] > bytes.length) continue;
      const value = random.pick([0, 1, 3, 8, 24, 33, 64, 255, 4000, 3999, 768_001, 0xfffe, 0xffff, 0x7fffffff, 0xffffffff, random.int(2 ** 32)]);
      if (field[1] === 2) view.setUint16(at, value & 0xffff, true);
      else view.setUint32(at, value >>> 0, true);
    } else if (op === 5) {
      // Bytes inserted or removed at random, shifting everything after.
      const at = random.int(bytes.length + 1);
      const n = 1 + random.int(5);
      if (random.next() < 0.5) {
        const out = new Uint8Array(bytes.length + n);
        out.set(bytes.subarray(0, at));
        for (let i = 0; i < n; i++) out[at + i] = random.int(256);
        out.set(bytes.subarray(at), at + n);
        bytes = out;
      } else {
        bytes = Uint8Array.from([...bytes.subarray(0, at), ...bytes.subarray(at + n)]);
      }
    } else {
      // A chunk id swapped for another meaningful one.
      const at = random.pick(offsets);
      const id = random.pick(['fmt ', 'data', 'RIFF', 'RIFX', 'LIST', 'JUNK', 'WAVE', '\0\0\0\0']);
      for (let i = 0; i < 4 && at + i < bytes.length; i++) bytes[at + i] = id.charCodeAt(i);
    }
  }
  return bytes;
}

function expectSane(decoded: DecodedWav, input: Uint8Array): void {
  const { audio, info } = decoded;
  expect(audio.sampleRate).toBe(44_100);
  expect(audio.channels).toHaveLength(2);
  const frames = audio.channels[0].length;
  expect(audio.channels[1].length).toBe(frames);
  expect(frames).toBeGreaterThan(0);
  expect(frames * 8).toBeLessThanOrEqual(MAX_EXPANSION * input.length);
  expect(info.duration).toBeLessThanOrEqual(DEFAULT_MAX_WAV_DURATION);
  expect(info.frames * info.channels).toBeLessThanOrEqual(input.length);
  for (const channel of audio.channels) {
    for (let i = 0; i < channel.length; i++) {
      const v = channel[i];
      // Finite and bounded: float samples are clipped at +-64, downmixes add at most 32 channels.
      if (!(v >= -64 * 32 && v <= 64 * 32)) throw new Error(`insane sample ${v} at ${i}`);
    }
  }
}

describe('decodeWav under fuzzing', () => {
  it(`turns ${CASES} mutated files (bit flips, truncation, lying sizes, duplicated chunks, extreme fields) into sane audio or a WavFormatError, quickly`, () => {
    const random = createRandom(20_261_122);
    const files = seeds();
    const outcomes = { decoded: 0, refused: new Map<string, number>() };
    let slowest = 0;
    for (let n = 0; n < CASES; n++) {
      const input = mutate(random.pick(files), random);
      const started = performance.now();
      let probeReason: string | undefined;
      try {
        probeWav(input);
      } catch (error) {
        expect(error).toBeInstanceOf(WavFormatError);
        probeReason = (error as WavFormatError).reason;
      }
      try {
        const decoded = decodeWav(input);
        expect(probeReason).toBeUndefined();
        expectSane(decoded, input);
        outcomes.decoded++;
      } catch (error) {
        if (!(error instanceof WavFormatError)) throw new Error(`case ${n}: ${String(error)}`, { cause: error });
        expect(error.reason).toBe(probeReason);
        expect(error.message).toMatch(/\w+.*\./);
        outcomes.refused.set(error.reason, (outcomes.refused.get(error.reason) ?? 0) + 1);
      }
      slowest = Math.max(slowest, performance.now() - started);
    }
    expect(slowest).toBeLessThan(MAX_MS_PER_FILE);
    // The mutations must exercise both outcomes and many distinct refusals, or the fuzzer is too gentle.
    expect(outcomes.decoded).toBeGreaterThan(CASES * 0.2);
    expect(CASES - outcomes.decoded).toBeGreaterThan(CASES * 0.2);
    expect(outcomes.refused.size).toBeGreaterThanOrEqual(10);
  });
});

describe('hostileWavCorpus', () => {
  it.each(hostileWavCorpus().map((h) => [h.name, h] as const))('%s: handled as expected', (_name, hostile) => {
    if (hostile.expected === 'decodes') {
      expectSane(decodeWav(hostile.bytes), hostile.bytes);
      return;
    }
    expect(() => decodeWav(hostile.bytes)).toThrow(WavFormatError);
    try {
      decodeWav(hostile.bytes);
    } catch (error) {
      expect((error as WavFormatError).reason).toBe(hostile.expected);
    }
  });
});
