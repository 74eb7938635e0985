import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { create as attachmentDisposition } from 'content-disposition';
import { badInput, notFound } from '../errors';
import {
  assertBlobKey,
  assertExpiry,
  assertPutOptions,
  DEFAULT_SIGNED_URL_SECONDS,
  guardEarlyStreamErrors,
  sanitizeDownloadName,
  type BlobBody,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type PutBlobOptions,
  type SignedUrlOptions,
} from './blob-store';

export interface S3BlobStoreOptions {
  readonly bucket: string;
  readonly region: string;
  /** For S3-compatible stores (MinIO, R2, Ceph); AWS S3 itself when omitted. */
  readonly endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  readonly forcePathStyle?: boolean;
  /** Static credentials; without them the SDK's default chain (environment, profile, instance role). */
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  readonly defaultExpiresInSeconds?: number;
}

/** DeleteObjects takes at most 1000 keys a request. */
const DELETE_BATCH = 1000;

const httpStatus = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
const isNotFound = (error: unknown): boolean => {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatus(error) === 404;
};

/**
 * Blobs in any S3-compatible bucket; links are SigV4 presigned GETs (a download name travels as
 * `response-content-disposition`). Streams are spooled to a temporary file first, so that a PUT has
 * a known length and a payload hash (a single PutObject, no multipart, up to S3's 5 GB limit).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly defaultExpiry: number;

  constructor(options: S3BlobStoreOptions) {
    if (!options.bucket) throw new Error('S3BlobStore: bucket is required.');
    if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
      throw new Error('S3BlobStore: set accessKeyId and secretAccessKey together.');
    }
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.accessKeyId ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey! } : undefined,
    };
    if (options.endpoint) {
      // Not every S3-compatible store accepts the SDK's default CRC32 checksums (aws-chunked
      // trailers on streamed PUTs); send checksums only where the API requires them.
      config.requestChecksumCalculation = 'WHEN_REQUIRED';
      config.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    this.client = new S3Client(config);
    this.bucket = options.bucket;
    this.defaultExpiry = assertExpiry(options.defaultExpiresInSeconds ?? DEFAULT_SIGNED_URL_SECONDS);
  }

  putFile(key: string, file: string, options: PutBlobOptions): Promise<{ key: string; size: number }> {
    return this.put(key, createReadStream(file), options);
  }

  async put(key: string, body: BlobBody, options: PutBlobOptions): Promise<{ key: string; size: number }> {
    guardEarlyStreamErrors(body);
    assertBlobKey(key);
    assertPutOptions(options);
    const object = { Bucket: this.bucket, Key: key, ContentType: options.contentType, ContentDisposition: options.contentDisposition };
    if (body instanceof Uint8Array) {
      await this.client.send(new PutObjectCommand({ ...object, Body: body, ContentLength: body.byteLength }));
      return { key, size: body.byteLength };
    }
    const dir = await mkdtemp(join(tmpdir(), 'ysm-s3-put-'));
    try {
      const file = join(dir, 'body');
      let size = 0;
      await pipeline(
        body,
        async function* count(source: AsyncIterable<Buffer | string>) {
          for await (const chunk of source) {
            size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
            yield chunk;
          }
        },
        createWriteStream(file),
      );
      await this.client.send(new PutObjectCommand({ ...object, Body: createReadStream(file), ContentLength: size }));
      return { key, size };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<Buffer> {
    const stream = await this.openStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async openStream(key: string, range?: ByteRange): Promise<Readable> {
    assertBlobKey(key);
    if (range && (!Number.isInteger(range.start) || range.start < 0 || (range.end !== undefined && (!Number.isInteger(range.end) || range.end < range.start)))) {
      throw badInput('The byte range is outside the file.');
    }
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      if (!(Body instanceof Readable)) throw new Error('S3BlobStore: GetObject returned no stream body.');
      return Body;
    } catch (error) {
      if (isNotFound(error)) throw notFound('File not found.');
      if (httpStatus(error) === 416) throw badInput('The byte range is outside the file.');
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        contentDisposition: head.ContentDisposition,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    // S3 answers 204 for a missing key too, which is what the port promises.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    keys.forEach((key) => assertBlobKey(key));
    const unique = [...new Set(keys)];
    for (let i = 0; i < unique.length; i += DELETE_BATCH) {
      const batch = unique.slice(i, i + DELETE_BATCH);
      const result = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      // DeleteObjects answers 200 even when some keys failed; those are listed in Errors.
      const failed = result.Errors ?? [];
      if (failed.length) {
        const sample = failed.slice(0, 3).map((e) => `${e.Key}: ${e.Code}`).join(', ');
        throw new Error(`S3BlobStore: ${failed.length} of ${batch.length} deletes failed (${sample}).`);
      }
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<string> {
    assertBlobKey(key);
    const expiresIn = assertExpiry(options.expiresInSeconds ?? this.defaultExpiry);
    const dl = options.downloadName === undefined ? undefined : sanitizeDownloadName(options.downloadName);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: dl === undefined ? undefined : attachmentDisposition(dl),
    });
    return getSignedUrl(this.client, command, { expiresIn });
  }

  /** Closes the SDK's pooled connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
