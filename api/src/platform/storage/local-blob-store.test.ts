import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, open, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { DomainError } from '../errors';
import { LocalBlobStore } from './local-blob-store';

const SECRET = 'a-test-signing-secret-of-at-least-32-chars';
let dir: string;
let root: string;
let store: LocalBlobStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ysm-local-blobs-'));
  root = join(dir, 'blobs');
  store = new LocalBlobStore({ root, publicBaseUrl: 'http://localhost:4000/', signingSecret: SECRET });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Every file under a directory, relative paths, including hidden and temporary ones. */
const filesUnder = (path: string): string[] =>
  existsSync(path)
    ? readdirSync(path, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(path.length + 1))
        .sort()
    : [];

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff));
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** A stream that sends some bytes, then fails like a dropped upload. */
const failingStream = (sent: Buffer) => {
  const stream = new PassThrough();
  stream.write(sent);
  setTimeout(() => stream.destroy(new Error('client went away')), 20);
  return stream;
};

describe('LocalBlobStore', () => {
  it('puts, gets, stats and deletes a Buffer, a Uint8Array and a stream', async () => {
    const wav = bytes(10_000);
    expect(await store.put('beats/1/master.wav', wav, { contentType: 'audio/wav' })).toEqual({ key: 'beats/1/master.wav', size: 10_000 });
    expect(await store.put('images/a.png', new Uint8Array([1, 2, 3]), { contentType: 'image/png' })).toEqual({ key: 'images/a.png', size: 3 });
    const chunks = [bytes(70_000, 2), bytes(5, 3), bytes(1, 4)];
    expect(await store.put('beats/1/stems.zip', Readable.from(chunks), { contentType: 'application/zip' })).toEqual({
      key: 'beats/1/stems.zip',
      size: 70_006,
    });

    expect((await store.get('beats/1/master.wav')).equals(wav)).toBe(true);
    expect([...(await store.get('images/a.png'))]).toEqual([1, 2, 3]);
    expect((await store.get('beats/1/stems.zip')).equals(Buffer.concat(chunks))).toBe(true);
    expect(await store.stat('beats/1/master.wav')).toMatchObject({ key: 'beats/1/master.wav', size: 10_000, contentType: 'audio/wav' });
    expect(await store.exists('images/a.png')).toBe(true);

    await store.delete('images/a.png');
    expect(await store.exists('images/a.png')).toBe(false);
    expect(await store.stat('images/a.png')).toBeNull();
    await expect(store.get('images/a.png')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The blob's file is where its key says, and only blobs and sidecars remain.
    expect(filesUnder(root)).toEqual([
      'beats/1/.master.wav.meta.json',
      'beats/1/.stems.zip.meta.json',
      'beats/1/master.wav',
      'beats/1/stems.zip',
    ]);
  });

  it('flushes a streamed body to disk as it goes (past flushEveryBytes), and still stores every byte', async () => {
    const flushing = new LocalBlobStore({ root, publicBaseUrl: 'http://localhost:4000/', signingSecret: SECRET, flushEveryBytes: 50_000 });
    const probe = await open(join(dir, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    // Each flush answers at once, so the count does not depend on how fast this machine's disk syncs
    // (a flush still running when the next threshold passes is, by design, not doubled).
    const datasync = jest.spyOn(prototype, 'datasync').mockImplementation(() => Promise.resolve());
    try {
      const chunks = Array.from({ length: 8 }, (_, i) => bytes(30_000, i));
      expect(await flushing.put('licences/1/stems.zip', Readable.from(chunks), { contentType: 'application/zip' })).toEqual({ key: 'licences/1/stems.zip', size: 240_000 });
      // 240,000 bytes past a 50,000-byte threshold: flushes started on the way (one at a time).
      expect(datasync.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect((await flushing.get('licences/1/stems.zip')).equals(Buffer.concat(chunks))).toBe(true);
      // A body under the threshold is only synced at its end.
      datasync.mockClear();
      await flushing.put('licences/1/small.zip', Readable.from([bytes(100, 1)]), { contentType: 'application/zip' });
      expect(datasync).not.toHaveBeenCalled();
    } finally {
      datasync.mockRestore();
    }
  });

  it('stores the content type and disposition beside the blob, and falls back to the extension without them', async () => {
    await store.put('licences/l1.pdf', Buffer.from('%PDF-1.7'), { contentType: 'application/pdf', contentDisposition: 'inline; filename="licence.pdf"' });
    await store.put('beats/2/preview.mp3', bytes(10), { contentType: 'audio/x-custom' });
    expect(await store.stat('licences/l1.pdf')).toMatchObject({ contentType: 'application/pdf', contentDisposition: 'inline; filename="licence.pdf"' });
    expect(JSON.parse(await readFile(join(root, 'beats/2/.preview.mp3.meta.json'), 'utf8'))).toEqual({ contentType: 'audio/x-custom' });

    await unlink(join(root, 'beats/2/.preview.mp3.meta.json'));
    expect((await store.stat('beats/2/preview.mp3'))!.contentType).toBe('audio/mpeg');
    await writeFile(join(root, 'beats/2/.preview.mp3.meta.json'), '{ not json');
    expect((await store.stat('beats/2/preview.mp3'))!.contentType).toBe('audio/mpeg');
    await store.put('misc/blob.bin', bytes(1), { contentType: 'application/x-thing' });
    await unlink(join(root, 'misc/.blob.bin.meta.json'));
    expect((await store.stat('misc/blob.bin'))!.contentType).toBe('application/octet-stream');
  });

  it('overwrites a key whole', async () => {
    await store.put('beats/3/master.wav', bytes(5000, 1), { contentType: 'audio/wav' });
    await store.put('beats/3/master.wav', bytes(20, 9), { contentType: 'audio/x-wav' });
    expect((await store.get('beats/3/master.wav')).equals(bytes(20, 9))).toBe(true);
    expect(await store.stat('beats/3/master.wav')).toMatchObject({ size: 20, contentType: 'audio/x-wav' });
    expect(filesUnder(root)).toEqual(['beats/3/.master.wav.meta.json', 'beats/3/master.wav']);
  });

  it('leaves nothing behind when the stream fails', async () => {
    await expect(store.put('beats/4/master.wav', failingStream(bytes(100_000)), { contentType: 'audio/wav' })).rejects.toThrow(
      'client went away',
    );
    expect(await store.exists('beats/4/master.wav')).toBe(false);
    expect(filesUnder(root)).toEqual([]);
    expect(existsSync(join(root, 'beats'))).toBe(false);
  });

  it('rejects, without crashing the process, a stream that failed before the store read it', async () => {
    const body = new PassThrough();
    const writing = store.put('beats/4/early.wav', body, { contentType: 'audio/wav' });
    body.destroy(new Error('failed at once')); // before the temporary file is even open
    await expect(writing).rejects.toThrow('failed at once');
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps the old blob when a replacing stream fails', async () => {
    await store.put('beats/5/master.wav', bytes(300, 5), { contentType: 'audio/wav' });
    await expect(store.put('beats/5/master.wav', failingStream(bytes(1000, 6)), { contentType: 'audio/wav' })).rejects.toThrow();
    expect((await store.get('beats/5/master.wav')).equals(bytes(300, 5))).toBe(true);
    expect(filesUnder(root)).toEqual(['beats/5/.master.wav.meta.json', 'beats/5/master.wav']);
  });

  it('never shows a reader half a blob while it is being written', async () => {
    const body = new PassThrough();
    const writing = store.put('beats/6/master.wav', body, { contentType: 'audio/wav' });
    body.write(bytes(64_000, 1));
    // Wait until half the bytes are on disk, in a temporary file no key can name.
    const temporary = () => filesUnder(root).find((f) => f.endsWith('.tmp'));
    for (let waited = 0; !temporary() || statSync(join(root, temporary()!)).size < 64_000; waited += 10) {
      if (waited > 5000) throw new Error('the temporary file never received the first half');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await store.exists('beats/6/master.wav')).toBe(false);
    await expect(store.get('beats/6/master.wav')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    body.end(bytes(64_000, 2));
    await writing;
    expect((await store.get('beats/6/master.wav')).equals(Buffer.concat([bytes(64_000, 1), bytes(64_000, 2)]))).toBe(true);
  });

  it('streams a whole blob or an inclusive byte range, and refuses ranges outside it', async () => {
    const data = bytes(1000);
    await store.put('beats/7/master.wav', data, { contentType: 'audio/wav' });
    expect((await readAll(await store.openStream('beats/7/master.wav'))).equals(data)).toBe(true);
    expect((await readAll(await store.openStream('beats/7/master.wav', { start: 0, end: 9 }))).equals(data.subarray(0, 10))).toBe(true);
    expect((await readAll(await store.openStream('beats/7/master.wav', { start: 990 }))).equals(data.subarray(990))).toBe(true);
    expect((await readAll(await store.openStream('beats/7/master.wav', { start: 995, end: 5000 }))).equals(data.subarray(995))).toBe(true);
    await expect(store.openStream('beats/7/master.wav', { start: 1000 })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(store.openStream('beats/7/master.wav', { start: 10, end: 5 })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(store.openStream('beats/7/master.wav', { start: -1 })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(store.openStream('beats/7/none.wav')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(store.openStream('beats/7')).rejects.toMatchObject({ code: 'NOT_FOUND' }); // a directory is not a blob
  });

  it('deletes idempotently and removes directories left empty, but not the root or busy ones', async () => {
    await store.put('beats/8/a.wav', bytes(1), { contentType: 'audio/wav' });
    await store.put('beats/8/b.wav', bytes(1), { contentType: 'audio/wav' });
    await store.put('beats/9/a.wav', bytes(1), { contentType: 'audio/wav' });
    await store.delete('beats/8/a.wav');
    expect(existsSync(join(root, 'beats/8'))).toBe(true);
    await store.delete('beats/8/b.wav');
    await store.delete('beats/8/b.wav');
    await store.delete('never/was/there.wav');
    expect(existsSync(join(root, 'beats/8'))).toBe(false);
    expect(existsSync(join(root, 'beats/9/a.wav'))).toBe(true);
    await store.delete('beats/9/a.wav');
    expect(existsSync(join(root, 'beats'))).toBe(false);
    expect(existsSync(root)).toBe(true);
  });

  it('deletes many keys, and none when one of them is invalid', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `beats/10/s${i}.wav`);
    for (const key of keys) await store.put(key, bytes(3), { contentType: 'audio/wav' });
    await expect(store.deleteMany([keys[0], '../escape'])).rejects.toBeInstanceOf(DomainError);
    expect(await store.exists(keys[0])).toBe(true);
    await store.deleteMany([...keys, keys[3], 'beats/10/missing.wav']);
    expect(filesUnder(root)).toEqual([]);
  });

  it('survives puts and deletes racing in the same directory', async () => {
    for (let round = 0; round < 30; round++) {
      await store.put(`race/d/old${round}.wav`, bytes(10), { contentType: 'audio/wav' });
      await Promise.all([store.delete(`race/d/old${round}.wav`), store.put(`race/d/new${round}.wav`, bytes(10), { contentType: 'audio/wav' })]);
      expect(await store.exists(`race/d/new${round}.wav`)).toBe(true);
      await store.delete(`race/d/new${round}.wav`);
    }
    expect(filesUnder(root)).toEqual([]);
  });

  it('refuses invalid keys and options before touching the disk', async () => {
    for (const key of ['../outside.wav', '/etc/passwd', 'a/../../b', 'images/.hidden', 'images/%2e%2e']) {
      await expect(store.put(key, bytes(1), { contentType: 'audio/wav' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
      await expect(store.get(key)).rejects.toBeInstanceOf(DomainError);
      await expect(store.exists(key)).rejects.toBeInstanceOf(DomainError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(DomainError);
      await expect(store.signedUrl(key)).rejects.toBeInstanceOf(DomainError);
    }
    await expect(store.put('images/x.png', bytes(1), { contentType: 'image/png\r\nSet-Cookie: a=b' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('signs links on its public base URL with an expiry and an optional download name', async () => {
    const clock = { now: 1_700_000_000_000 };
    const timed = new LocalBlobStore({ root, publicBaseUrl: 'http://api.test:4000/', signingSecret: SECRET, defaultExpiresInSeconds: 120, now: () => clock.now });
    const url = new URL(await timed.signedUrl('beats/11/master.wav'));
    expect(`${url.origin}${url.pathname}`).toBe('http://api.test:4000/media/beats/11/master.wav');
    expect(url.searchParams.get('exp')).toBe(String(1_700_000_000 + 120));
    expect(url.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.has('dl')).toBe(false);
    expect(timed.checkLink('beats/11/master.wav', url.searchParams)).toEqual({ ok: true, expiresAt: 1_700_000_120, remainingSeconds: 120, downloadName: undefined });

    const download = new URL(await timed.signedUrl('beats/11/master.wav', { expiresInSeconds: 60, downloadName: 'My beat/1.wav' }));
    expect(download.searchParams.get('dl')).toBe('My beat 1.wav');
    expect(download.searchParams.get('exp')).toBe(String(1_700_000_060));
    clock.now += 61_000;
    expect(timed.checkLink('beats/11/master.wav', download.searchParams)).toEqual({ ok: false, reason: 'expired' });
    await expect(timed.signedUrl('beats/11/master.wav', { expiresInSeconds: 8 * 86_400 })).rejects.toBeInstanceOf(DomainError);
  });

  it('refuses a short signing secret', () => {
    expect(() => new LocalBlobStore({ root, publicBaseUrl: 'http://x', signingSecret: 'short' })).toThrow(/32 characters/);
  });

  it('stores a file by linking it (the bytes once on disk), and the blob outlives the file', async () => {
    const source = join(dir, 'cache.wav');
    await writeFile(source, bytes(5000, 7));
    expect(await store.putFile('demo/v2/a/0.wav', source, { contentType: 'audio/wav' })).toEqual({ key: 'demo/v2/a/0.wav', size: 5000 });
    const blob = store.pathOf('demo/v2/a/0.wav');
    expect(statSync(blob).ino).toBe(statSync(source).ino);
    expect(await store.stat('demo/v2/a/0.wav')).toMatchObject({ size: 5000, contentType: 'audio/wav' });
    await unlink(source);
    expect((await store.get('demo/v2/a/0.wav')).equals(bytes(5000, 7))).toBe(true);
    // Storing it again (a re-seed) replaces the blob; a missing file fails and leaves no temporary file.
    await writeFile(source, bytes(10, 8));
    await store.putFile('demo/v2/a/0.wav', source, { contentType: 'audio/wav' });
    expect((await store.get('demo/v2/a/0.wav')).equals(bytes(10, 8))).toBe(true);
    await expect(store.putFile('demo/v2/a/1.wav', join(dir, 'missing.wav'), { contentType: 'audio/wav' })).rejects.toThrow(/ENOENT/);
    expect(filesUnder(root).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});
