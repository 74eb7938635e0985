import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { zipEntries } from '../../../test/licence-files/zip-entries';
import { stemEntryNames, zipStems } from './stems-zip';

const DATE = new Date('2026-11-25T12:34:56Z');
const bytes = (length: number, seed: number) => new Uint8Array(length).map((_, i) => (i * 31 + seed) % 251);

/** Whether Info-ZIP's unzip is installed: a second, independent reader where it is. */
const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the stems zip', () => {
  it('names each stem after its layer, numbered in arrangement order', () => {
    expect(stemEntryNames(['Keys', 'Keys', '808s', 'Open Hats'])).toEqual(['01 Keys.wav', '02 Keys.wav', '03 808s.wav', '04 Open Hats.wav']);
  });

  it('keeps names safe for any file system', () => {
    expect(stemEntryNames(['../../etc/passwd', 'a/b\\c', '', '...', 'Café <b>x</b>'])).toEqual([
      '01 etc passwd.wav', '02 a b c.wav', '03 Layer.wav', '04 Layer.wav', '05 Café b x b.wav',
    ]);
    expect(stemEntryNames(Array.from({ length: 120 }, () => 'FX'))[119]).toBe('120 FX.wav');
  });

  it('stores every entry uncompressed (method 0) with its bytes, CRC and date intact', async () => {
    const a = bytes(10_000, 1);
    const b = new Uint8Array(5_000).fill(7);
    const zip = await buffer(zipStems([{ name: '01 Keys.wav', wav: a }, { name: '02 Café.wav', wav: b }], DATE));
    const entries = await zipEntries(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([['01 Keys.wav', 0], ['02 Café.wav', 0]]);
    expect(entries[0].bytes.equals(Buffer.from(a))).toBe(true);
    expect(entries[1].bytes.equals(Buffer.from(b))).toBe(true);
    expect(entries.map((e) => e.crc32)).toEqual([crc32(a), crc32(b)]);
    // DOS times have two-second steps.
    expect(entries.map((e) => e.lastModified.toISOString())).toEqual(['2026-11-25T12:34:56.000Z', '2026-11-25T12:34:56.000Z']);
    // Stored, not deflated: local headers (30 bytes + name), the data, the directory (46 + name) and its end (22).
    const names = Buffer.byteLength('01 Keys.wav') + Buffer.byteLength('02 Café.wav');
    expect(zip.length).toBe(a.length + b.length + 2 * 30 + 2 * 46 + 2 * names + 22);
  });

  it('hands on the stems’ own buffers, not copies', async () => {
    const wav = bytes(100_000, 3);
    const chunks: Buffer[] = [];
    for await (const chunk of zipStems([{ name: '01 Keys.wav', wav }], DATE)) chunks.push(chunk as Buffer);
    expect(chunks.some((chunk) => chunk.buffer === wav.buffer && chunk.byteOffset === wav.byteOffset && chunk.length === wav.length)).toBe(true);
  });

  it('makes the same bytes from the same stems and date', async () => {
    const stems = [{ name: '01 Keys.wav', wav: new Uint8Array(1000).fill(3) }];
    expect((await buffer(zipStems(stems, DATE))).equals(await buffer(zipStems(stems, DATE)))).toBe(true);
  });

  it('writes stems given as promises in their order, whichever finishes first', async () => {
    let finishFirst!: (wav: Uint8Array) => void;
    const first = new Promise<Uint8Array>((resolve) => (finishFirst = resolve));
    const second = Promise.resolve(bytes(300, 5));
    const zipping = buffer(zipStems([{ name: '01 Keys.wav', wav: first }, { name: '02 808s.wav', wav: second }], DATE));
    await new Promise((resolve) => setTimeout(resolve, 20));
    finishFirst(bytes(700, 4));
    const entries = await zipEntries(await zipping);
    expect(entries.map((e) => [e.name, e.bytes.length])).toEqual([['01 Keys.wav', 700], ['02 808s.wav', 300]]);
  });

  it('fails the stream when a stem fails, even one the stream has not reached', async () => {
    const failing = Promise.reject(new Error('the render stopped'));
    let finishFirst!: (wav: Uint8Array) => void;
    const first = new Promise<Uint8Array>((resolve) => (finishFirst = resolve));
    const zipping = buffer(zipStems([{ name: '01 Keys.wav', wav: first }, { name: '02 808s.wav', wav: failing }], DATE));
    // The second stem's rejection waits for the stream without counting as unhandled.
    await new Promise((resolve) => setTimeout(resolve, 20));
    finishFirst(bytes(10, 1));
    await expect(zipping).rejects.toThrow('the render stopped');
  });

  it('writes ZIP64 records when offsets or the entry count pass the limits, which zip readers follow', async () => {
    const stems = Array.from({ length: 4 }, (_, i) => ({ name: `0${i + 1} Layer.wav`, wav: bytes(1000 + i, i) }));
    // Limits lowered so that the last entries' offsets and the directory count as past 4 GiB.
    const zip = await buffer(zipStems(stems, DATE, { zip64From: { offset: 2000, entries: 3 } }));
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true); // the ZIP64 end of central directory
    const entries = await zipEntries(zip);
    expect(entries.map((e) => e.name)).toEqual(stems.map((s) => s.name));
    entries.forEach((entry, i) => expect(entry.bytes.equals(Buffer.from(stems[i].wav))).toBe(true));
    // The same stems under the format's real limits need no ZIP64 and are 20 + 56 + 12 per moved entry bytes shorter.
    const plain = await buffer(zipStems(stems, DATE));
    expect(plain.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(false);
    expect(zip.length - plain.length).toBe(56 + 20 + 12 * 2);
  });

  (hasUnzip ? it : it.skip)('passes Info-ZIP’s integrity test (unzip -t), plain and ZIP64', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ysm-stems-zip-'));
    try {
      const stems = Array.from({ length: 3 }, (_, i) => ({ name: `0${i + 1} Layer ${i}.wav`, wav: bytes(5000, i) }));
      writeFileSync(join(dir, 'plain.zip'), await buffer(zipStems(stems, DATE)));
      writeFileSync(join(dir, 'zip64.zip'), await buffer(zipStems(stems, DATE, { zip64From: { offset: 6000, entries: 2 } })));
      for (const file of ['plain.zip', 'zip64.zip']) expect(execFileSync('unzip', ['-t', join(dir, file)]).toString()).toMatch(/No errors detected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
