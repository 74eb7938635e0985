import { buffer } from 'node:stream/consumers';
import { zipEntries } from '../../../test/licence-files/zip-entries';
import { stemEntryNames, zipStems } from './stems-zip';

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

  it('stores every entry uncompressed (method 0) with its bytes intact', async () => {
    const a = new Uint8Array(10_000).map((_, i) => i % 251);
    const b = new Uint8Array(5_000).fill(7);
    const zip = await buffer(zipStems([{ name: '01 Keys.wav', wav: a }, { name: '02 808s.wav', wav: b }], new Date('2026-11-25T12:00:00Z')));
    const entries = await zipEntries(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([['01 Keys.wav', 0], ['02 808s.wav', 0]]);
    expect(entries[0].bytes.equals(Buffer.from(a))).toBe(true);
    expect(entries[1].bytes.equals(Buffer.from(b))).toBe(true);
    // Stored, not deflated: the zip is at least as large as its contents.
    expect(zip.length).toBeGreaterThan(a.length + b.length);
  });

  it('makes the same bytes from the same stems and date', async () => {
    const stems = [{ name: '01 Keys.wav', wav: new Uint8Array(1000).fill(3) }];
    const date = new Date('2026-11-25T12:00:00Z');
    expect((await buffer(zipStems(stems, date))).equals(await buffer(zipStems(stems, date)))).toBe(true);
  });
});
