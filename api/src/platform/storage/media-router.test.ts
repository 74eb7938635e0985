import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { LocalBlobStore } from './local-blob-store';
import { createMediaRouter } from './media-router';
import { signMediaLink } from './media-signature';

const SECRET = 'media-router-test-secret-0123456789abcdef';
const WEB_ORIGIN = 'http://localhost:5173';
const TTL = 600;
const AUDIO = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) & 0xff));
const OUTSIDE = 'TOP SECRET: outside the blob root';

let dir: string;
let store: LocalBlobStore;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ysm-media-'));
  const root = join(dir, 'blobs');
  await writeFile(join(dir, 'secret.txt'), OUTSIDE);
  store = new LocalBlobStore({ root, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: SECRET, defaultExpiresInSeconds: TTL });
  await store.put('beats/1/preview.mp3', AUDIO, { contentType: 'audio/mpeg' });
  await store.put('images/me.png', Buffer.from('\x89PNG fake but typed'), { contentType: 'image/png' });
  await store.put('licences/l1.pdf', Buffer.from('%PDF-1.7 licence'), { contentType: 'application/pdf', contentDisposition: 'inline; filename="licence.pdf"' });
  // What the media router is mounted behind in the app: a JSON 404 for everything else.
  const app = express();
  app.use('/media', createMediaRouter(store, { corsOrigin: WEB_ORIGIN }));
  app.use((_req, res) => res.status(404).json({ error: 'Not found.' }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A link to this server: the store signs for its public base URL; the test server's port differs. */
const link = async (key: string, options?: { expiresInSeconds?: number; downloadName?: string }) => {
  const signed = new URL(await store.signedUrl(key, options));
  return `${base}${signed.pathname}${signed.search}`;
};

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends the path byte for byte (fetch would normalise `..` and `%2e%2e` before sending). */
const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<RawResponse>((resolve, reject) => {
    const req = httpRequest(`${base}/`, { method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
const pathOf = (url: string) => url.slice(base.length);
const json = (res: RawResponse) => JSON.parse(res.body.toString('utf8')) as unknown;

describe('GET /media/<key> with a valid link', () => {
  it('serves the bytes with the stored type and the caching, ranging and safety headers', async () => {
    const res = await raw(pathOf(await link('beats/1/preview.mp3')));
    expect(res.status).toBe(200);
    expect(res.body.equals(AUDIO)).toBe(true);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe('5000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(new Date(res.headers['last-modified']!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers['cache-control']!)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(TTL - 2);
    expect(maxAge).toBeLessThanOrEqual(TTL);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('serves each blob with its own content type', async () => {
    expect((await raw(pathOf(await link('images/me.png')))).headers['content-type']).toBe('image/png');
    const pdf = await raw(pathOf(await link('licences/l1.pdf')));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="licence.pdf"');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await raw(pathOf(await link('beats/1/preview.mp3')), {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('5000');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.body.length).toBe(0);
  });

  it('works through fetch, as the web app loads it', async () => {
    const res = await fetch(await link('beats/1/preview.mp3'));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(AUDIO)).toBe(true);
  });
});

describe('Range requests', () => {
  let path: string;
  beforeAll(async () => {
    path = pathOf(await link('beats/1/preview.mp3'));
  });

  it('answers the first bytes with 206 and Content-Range', async () => {
    const res = await raw(path, { Range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-99/5000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.body.equals(AUDIO.subarray(0, 100))).toBe(true);
  });

  it('answers a suffix range and an open-ended range', async () => {
    const suffix = await raw(path, { Range: 'bytes=-100' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 4900-4999/5000');
    expect(suffix.body.equals(AUDIO.subarray(4900))).toBe(true);
    const open = await raw(path, { Range: 'bytes=4000-' });
    expect(open.headers['content-range']).toBe('bytes 4000-4999/5000');
    expect(open.body.equals(AUDIO.subarray(4000))).toBe(true);
    const clipped = await raw(path, { Range: 'bytes=4990-9999' });
    expect(clipped.headers['content-range']).toBe('bytes 4990-4999/5000');
    expect(clipped.body.length).toBe(10);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await raw(path, { Range: 'bytes=5000-5100' });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */5000');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(json(res)).toEqual({ error: 'Range not satisfiable.' });
  });

  it('sends the whole file when If-Range no longer matches, and the range when it does', async () => {
    const { headers } = await raw(path);
    const stale = await raw(path, { Range: 'bytes=0-9', 'If-Range': '"stale-etag"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(5000);
    const fresh = await raw(path, { Range: 'bytes=0-9', 'If-Range': headers.etag! });
    expect(fresh.status).toBe(206);
    expect(fresh.body.length).toBe(10);
  });

  it('revalidates with If-None-Match (304, no body)', async () => {
    const { headers } = await raw(path);
    const res = await raw(path, { 'If-None-Match': headers.etag! });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
  });
});

describe('links that are not valid', () => {
  const FORBIDDEN = { error: 'Invalid or expired link.' };

  it('refuses an expired link with 403', async () => {
    // Same root and secret, a clock two hours behind: the link it signs expired an hour ago.
    const past = new LocalBlobStore({ root: store.root, publicBaseUrl: base, signingSecret: SECRET, now: () => Date.now() - 7_200_000 });
    const url = await past.signedUrl('beats/1/preview.mp3', { expiresInSeconds: 3600 });
    const res = await raw(pathOf(url));
    expect(res.status).toBe(403);
    expect(json(res)).toEqual(FORBIDDEN);
  });

  it('refuses a link whose expiry just passed', async () => {
    const url = new URL(await link('beats/1/preview.mp3', { expiresInSeconds: 1 }));
    await new Promise((r) => setTimeout(r, 2100));
    expect((await raw(url.pathname + url.search)).status).toBe(403);
  });

  it('refuses a tampered key, a tampered expiry, a missing or foreign signature', async () => {
    const good = new URL(await link('beats/1/preview.mp3'));
    const q = good.searchParams;
    const variants: string[] = [
      `/media/images/me.png${good.search}`, // a signature for another key
      `/media/beats/1/preview.mp3?exp=${Number(q.get('exp')) + 3600}&sig=${q.get('sig')}`,
      `/media/beats/1/preview.mp3?exp=${q.get('exp')}`,
      `/media/beats/1/preview.mp3?sig=${q.get('sig')}`,
      '/media/beats/1/preview.mp3',
      `/media/beats/1/preview.mp3?exp=${q.get('exp')}&sig=${q.get('sig')!.slice(0, -2)}AA`,
      `/media/beats/1/preview.mp3?exp=${q.get('exp')}&exp=${q.get('exp')}&sig=${q.get('sig')}`,
      `/media/beats/1/preview.mp3?exp=${q.get('exp')}&sig=${q.get('sig')}&dl=evil.html`,
      `/media/beats/1/preview.mp3?exp=${q.get('exp')}.0&sig=${q.get('sig')}`,
    ];
    const other = new LocalBlobStore({ root: store.root, publicBaseUrl: base, signingSecret: 'another-secret-that-is-long-enough-to-use', now: Date.now });
    const foreign = new URL(await other.signedUrl('beats/1/preview.mp3'));
    variants.push(`${foreign.pathname}${foreign.search}`);
    for (const path of variants) {
      const res = await raw(path);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(json(res)).toEqual(FORBIDDEN);
      expect(res.body.includes(AUDIO.subarray(0, 16))).toBe(false);
    }
  });

  it('refuses a download link whose name was changed or dropped', async () => {
    const download = new URL(await link('beats/1/preview.mp3', { downloadName: 'beat.wav' }));
    const renamed = new URLSearchParams(download.search);
    renamed.set('dl', 'beat.html');
    expect((await raw(`${download.pathname}?${renamed.toString()}`)).status).toBe(403);
    renamed.delete('dl');
    expect((await raw(`${download.pathname}?${renamed.toString()}`)).status).toBe(403);
  });

  it('answers 404 JSON for a validly signed key with no blob', async () => {
    const res = await raw(pathOf(await link('beats/404/none.mp3')));
    expect(res.status).toBe(404);
    expect(json(res)).toEqual({ error: 'Not found.' });
  });
});

describe('path traversal', () => {
  // Signed with the real secret, as if an attacker could sign anything: the key check must still hold.
  const forged = (key: string) => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    return `exp=${exp}&sig=${signMediaLink(SECRET, { key, exp })}`;
  };

  it.each([
    ['../secret.txt', '/media/../secret.txt'],
    ['..%2Fsecret.txt', '/media/..%2Fsecret.txt'],
    ['../secret.txt', '/media/..%2Fsecret.txt'],
    ['%2e%2e/secret.txt', '/media/%2e%2e/secret.txt'],
    ['../secret.txt', '/media/%2e%2e%2fsecret.txt'],
    ['beats/../../secret.txt', '/media/beats/../../secret.txt'],
    ['beats/..%2F..%2Fsecret.txt', '/media/beats/..%2F..%2Fsecret.txt'],
    ['..\\secret.txt', '/media/..%5Csecret.txt'],
    ['/etc/passwd', '/media//etc/passwd'],
    ['/etc/passwd', '/media/%2Fetc%2Fpasswd'],
    ['images/.me.png.meta.json', '/media/images/.me.png.meta.json'],
    ['images/me.png', '/media/images%2Fme.png'],
    ['images/me.png', '/media/images/me.png%00.txt'],
  ])('never serves %s via %s', async (key, path) => {
    const res = await raw(`${path}?${forged(key)}`);
    expect([403, 404]).toContain(res.status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.toString()).not.toContain('TOP SECRET');
    expect(res.body.toString()).not.toContain('contentType');
  });

  it('never serves an absolute path outside the root', async () => {
    const outside = join(dir, 'secret.txt');
    for (const path of [`/media${outside}`, `/media/${encodeURIComponent(outside)}`]) {
      const res = await raw(`${path}?${forged(outside)}`);
      expect([403, 404]).toContain(res.status);
      expect(res.body.toString()).not.toContain('TOP SECRET');
    }
  });

  it('answers a bare or malformed key with 404 JSON', async () => {
    for (const path of ['/media', '/media/', '/media/images/', '/media/images//me.png']) {
      const res = await raw(path);
      expect(res.status).toBe(404);
      expect(json(res)).toEqual({ error: 'Not found.' });
    }
  });
});

describe('downloads', () => {
  it('serves a signed download name as an attachment', async () => {
    const res = await raw(pathOf(await link('beats/1/preview.mp3', { downloadName: 'Trap beat 140 BPM.mp3' })));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Trap beat 140 BPM.mp3"');
    expect(res.headers['content-type']).toBe('audio/mpeg');
  });

  it('encodes a Unicode name (RFC 6266 filename*) with an ASCII fallback', async () => {
    const res = await raw(pathOf(await link('licences/l1.pdf', { downloadName: 'Licence – Beyoncé.pdf' })));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Licence ? Beyonc?.pdf"; filename*=UTF-8''Licence%20%E2%80%93%20Beyonc%C3%A9.pdf`,
    );
  });
});

describe('CORS for the web app', () => {
  it('lets the web origin read media and its range headers', async () => {
    const res = await raw(pathOf(await link('beats/1/preview.mp3')), { Origin: WEB_ORIGIN, Range: 'bytes=0-1' });
    expect(res.status).toBe(206);
    expect(res.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers the preflight of a Range request', async () => {
    const res = await raw('/media/beats/1/preview.mp3', {
      Origin: WEB_ORIGIN,
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'range',
    }, 'OPTIONS');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(res.headers['access-control-allow-methods']).toContain('GET');
    expect(res.headers['access-control-allow-headers']).toContain('Range');
  });

  it('tells the web app about refusals too, so it can show them', async () => {
    const res = await raw('/media/beats/1/preview.mp3', { Origin: WEB_ORIGIN });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
  });

  it('names only listed origins when several are configured', async () => {
    const app = express().use('/media', createMediaRouter(store, { corsOrigin: [WEB_ORIGIN, 'https://ysm.example'] }));
    const other = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => other.once('listening', resolve));
    try {
      const url = new URL(await store.signedUrl('images/me.png'));
      const at = `http://127.0.0.1:${(other.address() as AddressInfo).port}${url.pathname}${url.search}`;
      const listed = await fetch(at, { headers: { Origin: 'https://ysm.example' } });
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://ysm.example');
      expect(listed.headers.get('vary')).toContain('Origin');
      const unlisted = await fetch(at, { headers: { Origin: 'https://evil.example' } });
      expect(unlisted.status).toBe(200);
      expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

it('refuses other methods with 405', async () => {
  const res = await raw(pathOf(await link('images/me.png')), {}, 'DELETE');
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  expect(await store.exists('images/me.png')).toBe(true);
});
