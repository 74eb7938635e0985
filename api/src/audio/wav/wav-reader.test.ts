import { buildRiff, buildWav, fmtBody, sampleBytes, type SampleFormat } from '../testing/wav-builder';
import { decodeWav, probeWav } from './wav-reader';
import { WavFormatError, type WavErrorReason } from './wav-format-error';

function ramp(frames: number, frequency: number, amplitude = 0.8): Float32Array {
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / 44_100);
  return out;
}

/** The value the reader must produce for `x` stored as an integer of `bits` bits. */
const quantised = (x: number, bits: number): number => Math.round(x * 2 ** (bits - 1)) / 2 ** (bits - 1);

function expectReason(bytes: Uint8Array, reason: WavErrorReason, options = {}): WavFormatError {
  let caught: unknown;
  try {
    decodeWav(bytes, options);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WavFormatError);
  const error = caught as WavFormatError;
  expect(error.reason).toBe(reason);
  expect(error.message.length).toBeGreaterThan(10);
  return error;
}

describe('decodeWav: formats', () => {
  const left = ramp(1000, 440);
  const right = ramp(1000, 660, -0.5);
  it.each<[SampleFormat, number]>([['u8', 8], ['i16', 16], ['i24', 24], ['i32', 32], ['f32', 32], ['f64', 64]])(
    'decodes %s stereo at 44.1 kHz sample for sample', (format, bits) => {
      const { audio, info } = decodeWav(buildWav({ channels: [left, right], sampleRate: 44_100, format }));
      expect(info).toMatchObject({ sampleRate: 44_100, channels: 2, bitDepth: bits, frames: 1000, warnings: [] });
      expect(info.format).toBe(format.startsWith('f') ? 'float' : 'pcm');
      expect(audio.sampleRate).toBe(44_100);
      for (let i = 0; i < 1000; i++) {
        const l = format.startsWith('f') ? Math.fround(left[i]) : quantised(left[i], bits);
        const r = format.startsWith('f') ? Math.fround(right[i]) : quantised(right[i], bits);
        expect(Math.abs(audio.channels[0][i] - l)).toBeLessThan(1e-7);
        expect(Math.abs(audio.channels[1][i] - r)).toBeLessThan(1e-7);
      }
    });

  it('reads the extreme integer codes as -1 and just under +1', () => {
    const { audio } = decodeWav(buildWav({ channels: [[-1, 1], [1, -1]], sampleRate: 44_100, format: 'i16' }));
    expect(audio.channels[0][0]).toBe(-1);
    expect(audio.channels[0][1]).toBe(32767 / 32768);
  });

  it('duplicates mono to both channels', () => {
    const mono = ramp(500, 1000);
    const { audio, info } = decodeWav(buildWav({ channels: [mono], sampleRate: 44_100, format: 'i24' }));
    expect(info.channels).toBe(1);
    expect(audio.channels).toHaveLength(2);
    expect(audio.channels[0]).toEqual(audio.channels[1]);
    expect(audio.channels[0]).not.toBe(audio.channels[1]);
    expect(Math.abs(audio.channels[0][123] - quantised(mono[123], 24))).toBeLessThan(1e-7);
  });

  it('reads WAVE_FORMAT_EXTENSIBLE PCM and float', () => {
    const pcm = decodeWav(buildWav({ channels: [left, right], sampleRate: 44_100, format: 'i24', extensibleMask: 3 }));
    expect(pcm.info).toMatchObject({ formatTag: 0xfffe, format: 'pcm', bitDepth: 24 });
    expect(Math.abs(pcm.audio.channels[1][10] - quantised(right[10], 24))).toBeLessThan(1e-7);
    const float = decodeWav(buildWav({ channels: [left, right], sampleRate: 44_100, format: 'f32', extensibleMask: 3 }));
    expect(float.info).toMatchObject({ formatTag: 0xfffe, format: 'float', bitDepth: 32 });
    expect(float.audio.channels[0][10]).toBe(Math.fround(left[10]));
  });

  it('reports the valid bits of a 20-bit-in-24 extensible file and 24-bit samples in 32-bit slots', () => {
    const data = sampleBytes([left, right], 'i24');
    const fmt = fmtBody({ channels: 2, sampleRate: 44_100, bitsPerSample: 24, extensible: { validBits: 20, channelMask: 3, subFormat: 1 } });
    const { info, audio } = decodeWav(buildRiff([{ id: 'fmt ', body: fmt }, { id: 'data', body: data }]));
    expect(info.bitDepth).toBe(20);
    expect(Math.abs(audio.channels[0][5] - quantised(left[5], 24))).toBeLessThan(1e-7);
    // 24 significant bits left-justified in 4-byte slots, announced only by the block alignment.
    const slots = sampleBytes([left, right], 'i32');
    const fmt32 = fmtBody({ channels: 2, sampleRate: 44_100, bitsPerSample: 24, blockAlign: 8 });
    const wide = decodeWav(buildRiff([{ id: 'fmt ', body: fmt32 }, { id: 'data', body: slots }]));
    expect(wide.info.frames).toBe(1000);
    expect(Math.abs(wide.audio.channels[1][7] - right[7])).toBeLessThan(1e-6);
  });

  it('folds 5.1 to stereo by ITU-R BS.775 (centre and surrounds at -3 dB, LFE dropped)', () => {
    const levels = [0.1, 0.2, 0.3, 0.4, 0.05, 0.06]; // FL FR FC LFE BL BR
    const channels = levels.map((v) => new Float32Array(100).fill(v));
    const { audio, info } = decodeWav(buildWav({ channels, sampleRate: 44_100, format: 'f32', extensibleMask: 0x3f }));
    expect(info.channels).toBe(6);
    const g = Math.SQRT1_2;
    expect(Math.abs(audio.channels[0][50] - (0.1 + g * 0.3 + g * 0.05))).toBeLessThan(1e-6);
    expect(Math.abs(audio.channels[1][50] - (0.2 + g * 0.3 + g * 0.06))).toBeLessThan(1e-6);
  });

  it('assumes the usual layouts for 3 and 4 channels without a mask and spreads unplaced channels to both sides', () => {
    const quad = decodeWav(buildWav({ channels: [[0.1], [0.2], [0.3], [0.4]], sampleRate: 44_100, format: 'f32' }));
    expect(Math.abs(quad.audio.channels[0][0] - (0.1 + Math.SQRT1_2 * 0.3))).toBeLessThan(1e-6);
    expect(Math.abs(quad.audio.channels[1][0] - (0.2 + Math.SQRT1_2 * 0.4))).toBeLessThan(1e-6);
    const ten = decodeWav(buildWav({ channels: Array.from({ length: 10 }, () => [0.1]), sampleRate: 44_100, format: 'f32' }));
    expect(Math.abs(ten.audio.channels[0][0] - 10 * Math.SQRT1_2 * 0.1)).toBeLessThan(1e-5);
  });

  it('resamples 48 kHz to 44.1 kHz, keeping duration, level and pitch, and reports the source rate', () => {
    const frames = 48_000;
    const sine = new Float32Array(frames).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 48_000));
    const { audio, info } = decodeWav(buildWav({ channels: [sine, sine], sampleRate: 48_000, format: 'f32' }));
    expect(info.sampleRate).toBe(48_000);
    expect(info.duration).toBe(1);
    expect(audio.sampleRate).toBe(44_100);
    expect(audio.channels[0].length).toBe(44_100);
    let worst = 0;
    for (let i = 500; i < 43_600; i++) worst = Math.max(worst, Math.abs(audio.channels[0][i] - 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 44_100)));
    expect(worst).toBeLessThan(1e-4);
  });

  it('decodes bytes that sit at an odd offset inside a larger buffer', () => {
    const file = buildWav({ channels: [left, right], sampleRate: 44_100, format: 'f64' });
    const host = new Uint8Array(file.length + 3);
    host.set(file, 3);
    const { audio } = decodeWav(host.subarray(3));
    expect(audio.channels[0][99]).toBe(Math.fround(left[99]));
  });
});

describe('decodeWav: sloppy but recoverable files', () => {
  const pcm = sampleBytes([ramp(200, 500), ramp(200, 700)], 'i16');
  const fmt = fmtBody({ channels: 2, sampleRate: 44_100, bitsPerSample: 16 });

  it('skips unknown chunks, honours pad bytes, and finds data before fmt', () => {
    const odd = { id: 'LIST', body: new Uint8Array(7).fill(65) };
    const file = buildRiff([odd, { id: 'data', body: pcm }, { id: 'JUNK', body: new Uint8Array(3) }, { id: 'fmt ', body: fmt }]);
    const { info } = decodeWav(file);
    expect(info.frames).toBe(200);
    expect(info.warnings).toEqual([]);
  });

  it('repairs a missing pad byte after an odd-sized chunk', () => {
    const file = buildRiff([{ id: 'LIST', body: new Uint8Array(7).fill(65), pad: false }, { id: 'fmt ', body: fmt }, { id: 'data', body: pcm }]);
    expect(decodeWav(file).info.warnings).toContain('missing-pad-byte');
    expectReason(file, 'strict', { strict: true });
  });

  it('decodes what is there when the data size lies (streaming writers) or the file is cut short', () => {
    const streamed = buildRiff([{ id: 'fmt ', body: fmt }, { id: 'data', body: pcm, declaredSize: 0xffffffff }], { riffSize: 0xffffffff });
    const s = decodeWav(streamed);
    expect(s.info.frames).toBe(200);
    expect(s.info.warnings).toEqual(expect.arrayContaining(['data-truncated', 'riff-size-mismatch']));
    const full = buildRiff([{ id: 'fmt ', body: fmt }, { id: 'data', body: pcm }]);
    const cut = decodeWav(full.subarray(0, full.length - 401));
    expect(cut.info.frames).toBe(99);
    expect(cut.info.warnings).toEqual(expect.arrayContaining(['data-truncated', 'partial-frame']));
    expect(cut.audio.channels[0].subarray(0, 99)).toEqual(decodeWav(full).audio.channels[0].subarray(0, 99));
  });

  it('accepts a repeated identical fmt and ignores a second data chunk', () => {
    const file = buildRiff([{ id: 'fmt ', body: fmt }, { id: 'fmt ', body: fmt }, { id: 'data', body: pcm }, { id: 'data', body: new Uint8Array(40) }]);
    const { info } = decodeWav(file);
    expect(info.frames).toBe(200);
    expect(info.warnings).toEqual(expect.arrayContaining(['duplicate-fmt', 'multiple-data']));
  });

  it('corrects a wrong block alignment and ignores garbage after the last chunk', () => {
    const wrong = fmtBody({ channels: 2, sampleRate: 44_100, bitsPerSample: 16, blockAlign: 3 });
    const garbage = new Uint8Array(20).fill(0xff);
    const file = buildRiff([{ id: 'fmt ', body: wrong }, { id: 'data', body: pcm }]);
    const withGarbage = new Uint8Array(file.length + garbage.length);
    withGarbage.set(file);
    withGarbage.set(garbage, file.length);
    const { info } = decodeWav(withGarbage);
    expect(info.frames).toBe(200);
    expect(info.warnings).toEqual(expect.arrayContaining(['block-align-corrected', 'trailing-garbage']));
  });

  it('replaces NaN and infinite float samples by silence and clips absurd magnitudes', () => {
    const bad = [NaN, Infinity, -Infinity, 1e30, -1e30, 0.5];
    const { audio, info } = decodeWav(buildWav({ channels: [bad], sampleRate: 44_100, format: 'f32' }));
    expect(Array.from(audio.channels[0])).toEqual([0, 0, 0, 64, -64, 0.5]);
    expect(info.warnings).toEqual(expect.arrayContaining(['non-finite-samples', 'samples-clipped']));
    // probeWav does not read samples, so it cannot know.
    expect(probeWav(buildWav({ channels: [bad], sampleRate: 44_100, format: 'f32' })).warnings).toEqual([]);
  });
});

describe('decodeWav and probeWav: refusals', () => {
  const fmt = fmtBody({ channels: 2, sampleRate: 44_100, bitsPerSample: 16 });
  const data = { id: 'data', body: new Uint8Array(400) };
  const withFmt = (spec: Parameters<typeof fmtBody>[0]) => buildRiff([{ id: 'fmt ', body: fmtBody(spec) }, data]);

  it.each<[string, () => Uint8Array, WavErrorReason]>([
    ['an empty file', () => new Uint8Array(0), 'too-short'],
    ['an MP3 file', () => new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'not-riff'],
    ['a big-endian RIFX file', () => buildRiff([{ id: 'fmt ', body: fmt }, data], { riffId: 'RIFX' }), 'unsupported-container'],
    ['an RF64 file', () => buildRiff([{ id: 'fmt ', body: fmt }, data], { riffId: 'RF64' }), 'unsupported-container'],
    ['a RIFF AVI file', () => buildRiff([{ id: 'fmt ', body: fmt }, data], { formType: 'AVI ' }), 'not-wave'],
    ['no fmt chunk', () => buildRiff([data]), 'missing-fmt'],
    ['no data chunk', () => buildRiff([{ id: 'fmt ', body: fmt }]), 'missing-data'],
    ['an empty data chunk', () => buildRiff([{ id: 'fmt ', body: fmt }, { id: 'data', body: new Uint8Array(0) }]), 'no-audio'],
    ['a 14-byte fmt chunk', () => buildRiff([{ id: 'fmt ', body: fmt.subarray(0, 14) }, data]), 'bad-fmt'],
    ['a fmt chunk running past the end', () => buildRiff([{ id: 'fmt ', body: fmt, declaredSize: 1000 }]), 'bad-fmt'],
    ['an extensible fmt without its extension', () => withFmt({ formatTag: 0xfffe, channels: 2, sampleRate: 44_100, bitsPerSample: 16 }), 'bad-fmt'],
    ['two fmt chunks that disagree', () => buildRiff([{ id: 'fmt ', body: fmt }, { id: 'fmt ', body: fmtBody({ channels: 1, sampleRate: 44_100, bitsPerSample: 16 }) }, data]), 'conflicting-fmt'],
    ['MP3 inside WAV', () => withFmt({ formatTag: 0x55, channels: 2, sampleRate: 44_100, bitsPerSample: 0 }), 'unsupported-encoding'],
    ['IMA ADPCM', () => withFmt({ formatTag: 0x11, channels: 2, sampleRate: 44_100, bitsPerSample: 4 }), 'unsupported-encoding'],
    ['an unknown extensible sub-format', () => withFmt({ channels: 2, sampleRate: 44_100, bitsPerSample: 16, extensible: { subFormat: 0x92 } }), 'unsupported-encoding'],
    ['zero channels', () => withFmt({ channels: 0, sampleRate: 44_100, bitsPerSample: 16, blockAlign: 0 }), 'no-channels'],
    ['65535 channels', () => withFmt({ channels: 65_535, sampleRate: 44_100, bitsPerSample: 16, blockAlign: 0 }), 'too-many-channels'],
    ['a zero sample rate', () => withFmt({ channels: 2, sampleRate: 0, bitsPerSample: 16 }), 'bad-sample-rate'],
    ['a 4 GHz sample rate', () => withFmt({ channels: 2, sampleRate: 0xffffffff, bitsPerSample: 16 }), 'bad-sample-rate'],
    ['16-bit float', () => withFmt({ formatTag: 3, channels: 2, sampleRate: 44_100, bitsPerSample: 16 }), 'bad-bit-depth'],
    ['0-bit PCM', () => withFmt({ channels: 2, sampleRate: 44_100, bitsPerSample: 0, blockAlign: 4 }), 'bad-bit-depth'],
    ['64-bit PCM', () => withFmt({ channels: 2, sampleRate: 44_100, bitsPerSample: 64 }), 'bad-bit-depth'],
    ['a binary chunk header before the data', () => {
      const file = buildRiff([{ id: 'fmt ', body: fmt }, { id: 'JUNK', body: new Uint8Array(8) }, data]);
      file.set([0, 1, 2, 3], 12 + 8 + 16);
      return file;
    }, 'malformed-chunk'],
  ])('refuses %s', (_name, build, reason) => {
    expectReason(build(), reason);
    expect(() => probeWav(build())).toThrow(WavFormatError);
  });

  it('refuses a file longer than maxDuration before decoding it', () => {
    const file = buildRiff([{ id: 'fmt ', body: fmtBody({ channels: 1, sampleRate: 4000, bitsPerSample: 8 }) }, { id: 'data', body: new Uint8Array(40_000) }]);
    expect(probeWav(file).duration).toBe(10);
    expectReason(file, 'too-long', { maxDuration: 9 });
    expect(decodeWav(file, { maxDuration: 10 }).audio.channels[0].length).toBe(441_000);
  });
});

describe('probeWav', () => {
  it('returns the same info as decodeWav without decoding, for a 24-bit 96 kHz file', () => {
    const file = buildWav({ channels: [ramp(9600, 100), ramp(9600, 200)], sampleRate: 96_000, format: 'i24' });
    const info = probeWav(file);
    expect(info).toEqual({ sampleRate: 96_000, channels: 2, bitDepth: 24, format: 'pcm', formatTag: 1, frames: 9600, duration: 0.1, warnings: [] });
    expect(decodeWav(file).info).toEqual(info);
    expect(decodeWav(file).audio.channels[0].length).toBe(4410);
  });
});
