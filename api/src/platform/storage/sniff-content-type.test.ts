import { deflateSync } from 'node:zlib';
import { MAX_PROFILE_IMAGE_BYTES, sniffImageType } from './sniff-content-type';

// Real headers of each format, as encoders write them.
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]),
  deflateSync(Buffer.from([0, 1, 2, 3])),
]);
const jfif = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(32)]);
const exif = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x20]), Buffer.from('Exif\0\0'), Buffer.alloc(32)]);
const riff = (fourcc: string) => {
  const header = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.from(fourcc), Buffer.alloc(24)]);
  header.writeUInt32LE(header.length - 8, 4);
  return header;
};

describe('sniffImageType', () => {
  it('recognises PNG, JPEG (JFIF and Exif) and WebP (lossy, lossless, extended) by content', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jfif)).toBe('image/jpeg');
    expect(sniffImageType(exif)).toBe('image/jpeg');
    expect(sniffImageType(riff('VP8 '))).toBe('image/webp');
    expect(sniffImageType(riff('VP8L'))).toBe('image/webp');
    expect(sniffImageType(riff('VP8X'))).toBe('image/webp');
    expect(sniffImageType(new Uint8Array(png))).toBe('image/png');
  });

  it('refuses every header cut short', () => {
    for (const full of [png, jfif, riff('VP8 ')]) {
      const needed = full === jfif ? 3 : 16;
      for (let n = 0; n < needed; n++) expect(sniffImageType(full.subarray(0, n))).toBeNull();
    }
  });

  it('refuses a renamed text file, a script, an SVG, a GIF and other RIFF files', () => {
    expect(sniffImageType(Buffer.from('hello, this is not a picture\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('#!/bin/sh\necho hi\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00'))).toBeNull();
    const wave = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(24)]);
    expect(sniffImageType(wave)).toBeNull();
    expect(sniffImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPJUNK'), Buffer.alloc(8)]))).toBeNull();
  });

  it('refuses a PNG signature not followed by IHDR', () => {
    const broken = Buffer.from(png);
    broken.write('IDAT', 12);
    expect(sniffImageType(broken)).toBeNull();
  });

  it('exports the 5 MB limit', () => {
    expect(MAX_PROFILE_IMAGE_BYTES).toBe(5_242_880);
  });
});
