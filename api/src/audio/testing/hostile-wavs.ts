import type { WavErrorReason } from '../wav/wav-format-error';
import { buildRiff, buildWav, fmtBody, sampleBytes } from './wav-builder';

/** One hostile or malformed file, and what a correct reader does with it. */
export interface HostileWav {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** 'decodes': a sloppy but recoverable file; otherwise the WavFormatError reason it must raise. */
  readonly expected: 'decodes' | WavErrorReason;
}

function tone(frames: number): Float32Array {
  return new Float32Array(frames).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 44_100));
}

const text = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A corpus of hostile and malformed WAV files for upload tests: lying sizes, truncations, absurd
 * formats, non-WAV files with a .wav name, and chunk layouts built to waste time or memory. Every
 * file is small (the largest, a 15-minute file at 4 kHz 8-bit, is 3.6 MB) and deterministic.
 */
export function hostileWavCorpus(): HostileWav[] {
  const pcm = sampleBytes([tone(2000), tone(2000)], 'i16');
  const fmt = fmtBody({ channels: 2, sampleRate: 44_100, bitsPerSample: 16 });
  const fmtChunk = { id: 'fmt ', body: fmt };
  const dataChunk = { id: 'data', body: pcm };
  const withFmt = (spec: Parameters<typeof fmtBody>[0]) => buildRiff([{ id: 'fmt ', body: fmtBody(spec) }, dataChunk]);
  const valid = buildRiff([fmtChunk, dataChunk]);
  const manyChunks = Array.from({ length: 50_000 }, () => ({ id: 'JUNK', body: new Uint8Array(0) }));
  const longSilence = buildRiff([{ id: 'fmt ', body: fmtBody({ channels: 1, sampleRate: 4000, bitsPerSample: 8 }) }, { id: 'data', body: new Uint8Array(4000 * 901).fill(128) }]);
  const corpus: HostileWav[] = [
    { name: 'empty file', bytes: new Uint8Array(0), expected: 'too-short' },
    { name: 'just "RIFF"', bytes: text('RIFF'), expected: 'too-short' },
    { name: 'RIFF WAVE header and nothing else', bytes: buildRiff([]), expected: 'missing-fmt' },
    { name: 'MP3 named .wav (ID3 header)', bytes: concat(text('ID3'), new Uint8Array([4, 0, 0, 0, 0, 0x21]), new Uint8Array(400)), expected: 'not-riff' },
    { name: 'PNG named .wav', bytes: concat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(100)), expected: 'not-riff' },
    { name: 'text file named .wav', bytes: text('this is not audio, just a text file with a .wav name\n'), expected: 'not-riff' },
    { name: 'big-endian RIFX', bytes: buildRiff([fmtChunk, dataChunk], { riffId: 'RIFX' }), expected: 'unsupported-container' },
    { name: 'RF64 container', bytes: buildRiff([fmtChunk, dataChunk], { riffId: 'RF64' }), expected: 'unsupported-container' },
    { name: 'RIFF AVI, not WAVE', bytes: buildRiff([fmtChunk, dataChunk], { formType: 'AVI ' }), expected: 'not-wave' },
    { name: 'no fmt chunk', bytes: buildRiff([dataChunk]), expected: 'missing-fmt' },
    { name: 'no data chunk', bytes: buildRiff([fmtChunk, { id: 'LIST', body: text('INFOjunk') }]), expected: 'missing-data' },
    { name: 'empty data chunk', bytes: buildRiff([fmtChunk, { id: 'data', body: new Uint8Array(0) }]), expected: 'no-audio' },
    { name: 'fmt chunk of 14 bytes', bytes: buildRiff([{ id: 'fmt ', body: fmt.subarray(0, 14) }, dataChunk]), expected: 'bad-fmt' },
    { name: 'fmt size claims 4 GB', bytes: buildRiff([{ id: 'fmt ', body: fmt, declaredSize: 0xffffffff }, dataChunk]), expected: 'bad-fmt' },
    { name: 'extensible fmt without its extension', bytes: withFmt({ formatTag: 0xfffe, channels: 2, sampleRate: 44_100, bitsPerSample: 16 }), expected: 'bad-fmt' },
    { name: 'two conflicting fmt chunks', bytes: buildRiff([fmtChunk, { id: 'fmt ', body: fmtBody({ channels: 6, sampleRate: 8000, bitsPerSample: 8 }) }, dataChunk]), expected: 'conflicting-fmt' },
    { name: 'MP3 stream in a WAV container', bytes: withFmt({ formatTag: 0x55, channels: 2, sampleRate: 44_100, bitsPerSample: 0 }), expected: 'unsupported-encoding' },
    { name: 'IMA ADPCM', bytes: withFmt({ formatTag: 0x11, channels: 2, sampleRate: 44_100, bitsPerSample: 4 }), expected: 'unsupported-encoding' },
    { name: 'zero channels', bytes: withFmt({ channels: 0, sampleRate: 44_100, bitsPerSample: 16, blockAlign: 0 }), expected: 'no-channels' },
    { name: '65535 channels', bytes: withFmt({ channels: 65_535, sampleRate: 44_100, bitsPerSample: 16, blockAlign: 0 }), expected: 'too-many-channels' },
    { name: 'sample rate 0', bytes: withFmt({ channels: 2, sampleRate: 0, bitsPerSample: 16 }), expected: 'bad-sample-rate' },
    { name: 'sample rate 1 Hz (a day of audio per kilobyte)', bytes: withFmt({ channels: 2, sampleRate: 1, bitsPerSample: 16 }), expected: 'bad-sample-rate' },
    { name: 'sample rate 4 GHz', bytes: withFmt({ channels: 2, sampleRate: 0xffffffff, bitsPerSample: 16 }), expected: 'bad-sample-rate' },
    { name: '0-bit PCM', bytes: withFmt({ channels: 2, sampleRate: 44_100, bitsPerSample: 0, blockAlign: 4 }), expected: 'bad-bit-depth' },
    { name: '16-bit float', bytes: withFmt({ formatTag: 3, channels: 2, sampleRate: 44_100, bitsPerSample: 16 }), expected: 'bad-bit-depth' },
    { name: 'binary garbage where a chunk header should be', bytes: concat(valid.subarray(0, 12), new Uint8Array(64).fill(0xfe), valid.subarray(12)), expected: 'malformed-chunk' },
    { name: 'LIST chunk claiming 4 GB hides the data', bytes: buildRiff([fmtChunk, { id: 'LIST', body: new Uint8Array(16), declaredSize: 0xfffffff0 }, dataChunk]), expected: 'missing-data' },
    { name: '15 minutes of 4 kHz silence (over the duration limit)', bytes: longSilence, expected: 'too-long' },
    { name: 'data size claims 4 GB (a streaming writer)', bytes: buildRiff([fmtChunk, { id: 'data', body: pcm, declaredSize: 0xffffffff }], { riffSize: 0xffffffff }), expected: 'decodes' },
    { name: 'file cut mid-frame', bytes: valid.subarray(0, valid.length - 333), expected: 'decodes' },
    { name: 'RIFF size 0', bytes: buildRiff([fmtChunk, dataChunk], { riffSize: 0 }), expected: 'decodes' },
    { name: 'odd-sized chunk without its pad byte', bytes: buildRiff([{ id: 'LIST', body: text('INFOabc'), pad: false }, fmtChunk, dataChunk]), expected: 'decodes' },
    { name: 'data before fmt', bytes: buildRiff([dataChunk, fmtChunk]), expected: 'decodes' },
    { name: 'fmt repeated identically, data repeated', bytes: buildRiff([fmtChunk, fmtChunk, dataChunk, dataChunk]), expected: 'decodes' },
    { name: '50 000 empty chunks before fmt (a chunk-walk time sink)', bytes: buildRiff([...manyChunks, fmtChunk, dataChunk]), expected: 'decodes' },
    { name: 'NaN and infinite float samples', bytes: buildWav({ channels: [[NaN, Infinity, -Infinity, 1e38, 0.5]], sampleRate: 44_100, format: 'f32' }), expected: 'decodes' },
    { name: 'block alignment 0', bytes: withFmt({ channels: 2, sampleRate: 44_100, bitsPerSample: 16, blockAlign: 0 }), expected: 'decodes' },
    { name: 'trailing garbage after the last chunk', bytes: concat(valid, new Uint8Array(37).fill(0x00)), expected: 'decodes' },
  ];
  return corpus;
}
