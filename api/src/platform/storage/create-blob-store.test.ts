import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { createBlobStore } from './create-blob-store';
import { LocalBlobStore } from './local-blob-store';
import { createMediaRouter } from './media-router';
import { S3BlobStore } from './s3-blob-store';
import { startS3StandIn } from './s3-stand-in.testing';
import { newBlobKey } from './blob-store';

describe('createBlobStore', () => {
  it('builds the local store, whose links work verbatim on the api that mounts the media router', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ysm-create-local-'));
    const app = express();
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const publicBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const blobs = createBlobStore({ kind: 'local', root: join(dir, 'blobs'), publicBaseUrl, signingSecret: 'x'.repeat(43), defaultExpiresInSeconds: 300 });
      expect(blobs).toBeInstanceOf(LocalBlobStore);
      app.use('/media', createMediaRouter(blobs as LocalBlobStore, { corsOrigin: 'http://localhost:5173' }));

      const key = newBlobKey('images', 'png');
      await blobs.put(key, Buffer.from('picture bytes'), { contentType: 'image/png' });
      const url = await blobs.signedUrl(key);
      expect(url.startsWith(`${publicBaseUrl}/media/${key}?exp=`)).toBe(true);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toMatch(/^private, max-age=(29\d|300)$/);
      expect(await response.text()).toBe('picture bytes');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('builds the S3 store from the same kind of configuration', async () => {
    const s3 = await startS3StandIn('ysm-config');
    const blobs = createBlobStore({
      kind: 's3',
      bucket: 'ysm-config',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      accessKeyId: 'AKIDCONFIG',
      secretAccessKey: 'secret',
    });
    try {
      expect(blobs).toBeInstanceOf(S3BlobStore);
      await blobs.put('licences/l1.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' });
      expect(s3.objects.get('licences/l1.pdf')?.contentType).toBe('application/pdf');
      expect((await blobs.get('licences/l1.pdf')).toString()).toBe('%PDF');
      const url = new URL(await blobs.signedUrl('licences/l1.pdf'));
      expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/ysm-config/licences/l1.pdf`);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    } finally {
      (blobs as S3BlobStore).destroy();
      await s3.close();
    }
  });
});
