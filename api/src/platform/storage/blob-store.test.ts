import { DomainError } from '../errors';
import {
  assertBlobKey,
  assertExpiry,
  assertPutOptions,
  blobKeyProblem,
  isValidBlobKey,
  MAX_BLOB_KEY_LENGTH,
  newBlobKey,
  sanitizeDownloadName,
} from './blob-store';

describe('blob keys', () => {
  it.each(['images/0b7e1c9a-5a2e-4d4e-9f6b-1c2d3e4f5a6b.png', 'beats/42/master.wav', 'licences/2024/ab_c-1.pdf', 'a'])(
    'accepts %s',
    (key) => {
      expect(isValidBlobKey(key)).toBe(true);
      expect(assertBlobKey(key)).toBe(key);
    },
  );

  it.each([
    ['', 'empty'],
    ['/images/a.png', 'starts with a slash'],
    ['images/../secret', '".."'],
    ['images/a..png', '".."'],
    ['..', '".."'],
    ['images//a.png', 'segment'],
    ['images/a.png/', 'segment'],
    ['images/.a.png.meta.json', 'segment'],
    ['.env', 'segment'],
    ['images/a%2Fb.png', 'segment'],
    ['images\\a.png', 'segment'],
    ['images/a b.png', 'segment'],
    ['images/é.png', 'segment'],
    ['images/a.png\u0000', 'segment'],
    ['C:/windows/a.png', 'segment'],
    ['a/b/c/d/e/f/g/h/i', 'more than 8'],
    [`images/${'a'.repeat(129)}`, 'segment'],
    ['x'.repeat(MAX_BLOB_KEY_LENGTH + 1), 'longer than'],
  ])('refuses %j (%s)', (key, why) => {
    expect(blobKeyProblem(key)).toContain(why);
    expect(() => assertBlobKey(key)).toThrow(DomainError);
    expect(() => assertBlobKey(key)).toThrow(/^Invalid storage key/);
  });

  it('refuses what is not a string', () => {
    expect(isValidBlobKey(undefined)).toBe(false);
    expect(isValidBlobKey(42)).toBe(false);
  });

  it('makes fresh keys under a prefix with a random uuid', () => {
    const a = newBlobKey('images', 'png');
    const b = newBlobKey('images', '.PNG');
    expect(a).toMatch(/^images\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/);
    expect(b).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    expect(a).not.toBe(b);
    expect(newBlobKey('beats/7/', 'wav')).toMatch(/^beats\/7\/[0-9a-f-]{36}\.wav$/);
  });

  it('refuses a bad prefix or extension', () => {
    expect(() => newBlobKey('../up', 'png')).toThrow(DomainError);
    expect(() => newBlobKey('/abs', 'png')).toThrow(DomainError);
    expect(() => newBlobKey('images', 'p/ng')).toThrow(/extension/);
    expect(() => newBlobKey('images', '')).toThrow(/extension/);
  });
});

describe('signed URL lifetimes', () => {
  it('accepts 1 s to 7 days in whole seconds', () => {
    expect(assertExpiry(1)).toBe(1);
    expect(assertExpiry(604_800)).toBe(604_800);
    for (const bad of [0, -5, 1.5, 604_801, Number.NaN]) expect(() => assertExpiry(bad)).toThrow(DomainError);
  });
});

describe('download names', () => {
  it('keeps ordinary and Unicode names', () => {
    expect(sanitizeDownloadName('Drake type beat – 140 BPM.wav')).toBe('Drake type beat – 140 BPM.wav');
    expect(sanitizeDownloadName('  beat  🎵 .mp3 ')).toBe('beat 🎵 .mp3');
  });

  it('removes path separators and control characters', () => {
    expect(sanitizeDownloadName('../../etc/passwd')).toBe('.. .. etc passwd');
    expect(sanitizeDownloadName('a\r\nContent-Type: text/html\\b.wav')).toBe('a Content-Type: text html b.wav');
  });

  it('never leaves a lone surrogate when it cuts a long name', () => {
    const name = sanitizeDownloadName(`${'a'.repeat(199)}🎵🎵.wav`);
    expect(Array.from(name)).toHaveLength(200);
    expect(() => encodeURIComponent(name)).not.toThrow();
    expect(() => encodeURIComponent(sanitizeDownloadName('x\uD800y.wav'))).not.toThrow();
  });

  it('refuses a name with nothing usable left', () => {
    for (const bad of ['', '   ', '/', '..', '\u0000']) expect(() => sanitizeDownloadName(bad)).toThrow(DomainError);
  });
});

describe('put options', () => {
  it('accepts MIME types with parameters and refuses header injection', () => {
    expect(() => assertPutOptions({ contentType: 'audio/mpeg' })).not.toThrow();
    expect(() => assertPutOptions({ contentType: 'text/plain; charset=utf-8' })).not.toThrow();
    expect(() => assertPutOptions({ contentType: 'audio/wav', contentDisposition: 'inline' })).not.toThrow();
    for (const contentType of ['', 'audio', 'audio/mpeg\r\nX-Evil: 1', 'a b/c']) {
      expect(() => assertPutOptions({ contentType })).toThrow(DomainError);
    }
    expect(() => assertPutOptions({ contentType: 'audio/wav', contentDisposition: 'attachment\nX: y' })).toThrow(DomainError);
  });
});
