import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { DomainError } from '../errors';
import { S3BlobStore } from './s3-blob-store';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.testing';

const ACCESS_KEY = 'AKIDSTANDIN0001';
let s3: S3StandIn;
let store: S3BlobStore;

beforeEach(async () => {
  s3 = await startS3StandIn('ysm-media');
  store = new S3BlobStore({
    bucket: 'ysm-media',
    region: 'eu-west-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: 'stand-in-secret-key',
    defaultExpiresInSeconds: 900,
  });
});
afterEach(async () => {
  store.destroy();
  await s3.close();
});

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 13 + seed) & 0xff));
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** Spool directories the store left in the temp directory. */
const spools = () => readdirSync(tmpdir()).filter((name) => name.startsWith('ysm-s3-put-'));
const SIGV4 = new RegExp(
  `^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/eu-west-1/s3/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$`,
);

describe('S3BlobStore through the AWS SDK', () => {
  it('puts bytes with a path-style, SigV4-signed PutObject carrying the type and disposition', async () => {
    const wav = bytes(4096);
    expect(await store.put('beats/1/master.wav', wav, { contentType: 'audio/wav', contentDisposition: 'inline' })).toEqual({
      key: 'beats/1/master.wav',
      size: 4096,
    });
    const [put] = s3.requests;
    expect(s3.requests).toHaveLength(1);
    expect(put.method).toBe('PUT');
    expect(put.key).toBe('beats/1/master.wav');
    expect(put.headers.host).toBe(new URL(s3.endpoint).host);
    expect(put.headers.authorization).toMatch(SIGV4);
    expect(put.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(wav).digest('hex'));
    expect(put.headers['content-type']).toBe('audio/wav');
    expect(put.headers['content-disposition']).toBe('inline');
    expect(s3.objects.get('beats/1/master.wav')!.body.equals(wav)).toBe(true);
  });

  it('puts a stream of unknown length as one PutObject with its exact length', async () => {
    const body = new PassThrough();
    const chunks = [bytes(100_000, 1), bytes(33, 2), bytes(70_000, 3)];
    const writing = store.put('beats/2/stems.zip', body, { contentType: 'application/zip' });
    for (const chunk of chunks) body.write(chunk);
    body.end();
    expect(await writing).toEqual({ key: 'beats/2/stems.zip', size: 170_033 });
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers['content-length']).toBe('170033');
    expect(put.headers['content-encoding']).toBeUndefined();
    expect(put.headers.authorization).toMatch(SIGV4);
    expect(s3.objects.get('beats/2/stems.zip')!.body.equals(Buffer.concat(chunks))).toBe(true);
    expect(spools()).toEqual([]);
  });

  it('uploads a file it is given to store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ysm-s3-file-'));
    try {
      await writeFile(join(dir, 'loop.wav'), bytes(12_345, 4));
      expect(await store.putFile('demo/v2/b/0.wav', join(dir, 'loop.wav'), { contentType: 'audio/wav' })).toEqual({ key: 'demo/v2/b/0.wav', size: 12_345 });
      expect(s3.objects.get('demo/v2/b/0.wav')!.body.equals(bytes(12_345, 4))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends nothing when a stream fails before its end', async () => {
    const body = new PassThrough();
    const writing = store.put('beats/3/master.wav', body, { contentType: 'audio/wav' });
    body.write(bytes(1000));
    setTimeout(() => body.destroy(new Error('upload aborted')), 10);
    await expect(writing).rejects.toThrow('upload aborted');
    expect(s3.requests).toHaveLength(0);
    expect(s3.objects.size).toBe(0);
    expect(spools()).toEqual([]);
  });

  it('rejects, without crashing the process, a stream that failed before the store read it', async () => {
    const body = new PassThrough();
    const writing = store.put('beats/3/early.wav', body, { contentType: 'audio/wav' });
    body.destroy(new Error('failed at once'));
    await expect(writing).rejects.toThrow('failed at once');
    expect(s3.requests).toHaveLength(0);
    expect(spools()).toEqual([]);
  });

  it('gets, streams ranges, stats and checks existence', async () => {
    const data = bytes(2000);
    await store.put('images/me.png', data, { contentType: 'image/png', contentDisposition: 'inline; filename="me.png"' });
    expect((await store.get('images/me.png')).equals(data)).toBe(true);
    expect((await readAll(await store.openStream('images/me.png', { start: 10, end: 19 }))).equals(data.subarray(10, 20))).toBe(true);
    expect(s3.requests.at(-1)!.headers.range).toBe('bytes=10-19');
    expect((await readAll(await store.openStream('images/me.png', { start: 1990 }))).equals(data.subarray(1990))).toBe(true);
    expect(s3.requests.at(-1)!.headers.range).toBe('bytes=1990-');
    await expect(store.openStream('images/me.png', { start: 2000 })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });

    const info = await store.stat('images/me.png');
    expect(info).toMatchObject({ key: 'images/me.png', size: 2000, contentType: 'image/png', contentDisposition: 'inline; filename="me.png"' });
    expect(info!.lastModified.getTime()).toBe(s3.objects.get('images/me.png')!.lastModified.getTime());
    expect(s3.requests.at(-1)!.method).toBe('HEAD');
    expect(await store.exists('images/me.png')).toBe(true);
    expect(await store.exists('images/none.png')).toBe(false);
    expect(await store.stat('images/none.png')).toBeNull();
    await expect(store.get('images/none.png')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'File not found.' });
  });

  it('deletes one key, idempotently', async () => {
    await store.put('images/a.png', bytes(3), { contentType: 'image/png' });
    await store.delete('images/a.png');
    await store.delete('images/a.png');
    expect(s3.requests.filter((r) => r.method === 'DELETE').map((r) => r.key)).toEqual(['images/a.png', 'images/a.png']);
    expect(s3.objects.has('images/a.png')).toBe(false);
  });

  it('deletes many keys in batches of 1000 with the checksum S3 requires', async () => {
    const keys = Array.from({ length: 2300 }, (_, i) => `beats/9/s${i}.wav`);
    for (const key of keys.slice(0, 5)) await store.put(key, bytes(1), { contentType: 'audio/wav' });
    s3.requests.length = 0;
    await store.deleteMany([...keys, keys[0]]);
    const posts = s3.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(posts.map((p) => [...p.body.toString().matchAll(/<Key>/g)].length)).toEqual([1000, 1000, 300]);
    for (const post of posts) {
      expect(post.query.has('delete')).toBe(true);
      expect(post.headers.authorization).toMatch(SIGV4);
      expect(Object.keys(post.headers).some((h) => h === 'content-md5' || h.startsWith('x-amz-checksum-'))).toBe(true);
    }
    expect(s3.objects.size).toBe(0);
  });

  it('fails loudly when S3 reports keys it could not delete', async () => {
    await store.put('beats/8/a.wav', bytes(1), { contentType: 'audio/wav' });
    await store.put('beats/8/b.wav', bytes(1), { contentType: 'audio/wav' });
    s3.undeletable.add('beats/8/b.wav');
    await expect(store.deleteMany(['beats/8/a.wav', 'beats/8/b.wav'])).rejects.toThrow('1 of 2 deletes failed (beats/8/b.wav: AccessDenied)');
    expect([...s3.objects.keys()]).toEqual(['beats/8/b.wav']);
  });

  it('refuses invalid keys and options without sending anything', async () => {
    for (const key of ['../x.wav', '/abs.wav', 'a//b.wav', 'images/.meta']) {
      await expect(store.put(key, bytes(1), { contentType: 'audio/wav' })).rejects.toBeInstanceOf(DomainError);
      await expect(store.get(key)).rejects.toBeInstanceOf(DomainError);
      await expect(store.stat(key)).rejects.toBeInstanceOf(DomainError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(DomainError);
      await expect(store.signedUrl(key)).rejects.toBeInstanceOf(DomainError);
    }
    await expect(store.deleteMany(['images/ok.png', '../x'])).rejects.toBeInstanceOf(DomainError);
    await expect(store.put('images/x.png', bytes(1), { contentType: 'image/png\nX: y' })).rejects.toBeInstanceOf(DomainError);
    expect(s3.requests).toHaveLength(0);
  });

  it('presigns GET URLs on the endpoint, path-style, with the expiry and a download disposition', async () => {
    const data = bytes(64);
    await store.put('beats/4/master.wav', data, { contentType: 'audio/wav' });
    const before = Date.now();
    const url = new URL(await store.signedUrl('beats/4/master.wav', { downloadName: 'Drake type beat – 140 BPM.wav' }));
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe('/ysm-media/beats/4/master.wav');
    const q = url.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Credential')).toMatch(new RegExp(`^${ACCESS_KEY}/\\d{8}/eu-west-1/s3/aws4_request$`));
    expect(q.get('X-Amz-Expires')).toBe('900');
    expect(q.get('X-Amz-SignedHeaders')).toBe('host');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const signedAt = Date.parse(q.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(signedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(signedAt).toBeLessThanOrEqual(Date.now());
    expect(q.get('response-content-disposition')).toBe(
      `attachment; filename="Drake type beat ? 140 BPM.wav"; filename*=UTF-8''Drake%20type%20beat%20%E2%80%93%20140%20BPM.wav`,
    );

    // A browser GETs it without credentials; the bucket applies the signed disposition.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(q.get('response-content-disposition'));
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    expect(s3.requests.at(-1)!.headers.authorization).toBeUndefined();

    const inline = new URL(await store.signedUrl('beats/4/master.wav', { expiresInSeconds: 60 }));
    expect(inline.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(inline.searchParams.has('response-content-disposition')).toBe(false);
    await expect(store.signedUrl('beats/4/master.wav', { expiresInSeconds: 604_801 })).rejects.toBeInstanceOf(DomainError);
  });
});

describe('S3BlobStore on AWS itself', () => {
  it('presigns virtual-hosted URLs for the region without any request', async () => {
    const aws = new S3BlobStore({ bucket: 'ysm-prod-media', region: 'us-west-2', accessKeyId: 'AKIDAWS', secretAccessKey: 'secret' });
    try {
      const url = new URL(await aws.signedUrl('images/a.png'));
      expect(url.protocol).toBe('https:');
      expect(url.host).toBe('ysm-prod-media.s3.us-west-2.amazonaws.com');
      expect(url.pathname).toBe('/images/a.png');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDAWS\/\d{8}\/us-west-2\/s3\/aws4_request$/);
    } finally {
      aws.destroy();
    }
  });

  it('refuses half a credential pair and a missing bucket', () => {
    expect(() => new S3BlobStore({ bucket: 'b', region: 'us-east-1', accessKeyId: 'AKID' })).toThrow(/together/);
    expect(() => new S3BlobStore({ bucket: '', region: 'us-east-1' })).toThrow(/bucket/);
  });
});
