import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, open, readFile, rename, rm, rmdir, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
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
import { checkMediaLink, signMediaLink, type MediaLinkCheck } from './media-signature';

export interface LocalBlobStoreOptions {
  /** The directory blobs live under; created when missing. */
  readonly root: string;
  /** Origin of the api that serves `/media` (e.g. http://localhost:4000); links are built on it. */
  readonly publicBaseUrl: string;
  /** HMAC key of the links; at least 32 characters. Every instance serving the links needs the same. */
  readonly signingSecret: string;
  readonly defaultExpiresInSeconds?: number;
  /** Clock in milliseconds (default Date.now): links signed and checked against it. */
  readonly now?: () => number;
  /**
   * A streamed put starts flushing what it has written to disk after every this many bytes (64 MiB
   * by default), while it goes on writing, so that the final fsync has little left to wait for.
   */
  readonly flushEveryBytes?: number;
}

const DEFAULT_FLUSH_EVERY_BYTES = 64 * 1024 * 1024;

/** What the sidecar of a blob records, next to it as `.<name>.meta.json`. */
interface BlobMeta {
  readonly contentType: string;
  readonly contentDisposition?: string;
}

/** Types of blobs whose sidecar is missing or unreadable (files copied into the root by hand). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

const isBytes = (body: BlobBody): body is Uint8Array => body instanceof Uint8Array;
const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '');

/**
 * Blobs as files under a root directory: the embedded default. Writes go to a temporary file that
 * is flushed and then renamed over the target, so a reader sees the old blob or the new one whole,
 * and a failed write leaves nothing. The content type sits in a sidecar JSON file beside the blob
 * (`.<name>.meta.json`): a key's segments start with a letter or digit, so no key can name a
 * sidecar or a temporary file. Links are `<publicBaseUrl>/media/<key>?exp=&sig=[&dl=]`, served by
 * `createMediaRouter`.
 */
export class LocalBlobStore implements BlobStore {
  readonly root: string;
  /** The root with a trailing separator: every blob path starts with it. */
  private readonly rootPrefix: string;
  private readonly publicBaseUrl: string;
  private readonly secret: string;
  private readonly defaultExpiry: number;
  private readonly now: () => number;
  private readonly flushEveryBytes: number;

  constructor(options: LocalBlobStoreOptions) {
    if (!options.signingSecret || options.signingSecret.length < 32) {
      throw new Error('LocalBlobStore: signingSecret must be at least 32 characters.');
    }
    this.root = resolve(options.root);
    this.rootPrefix = this.root.endsWith(sep) ? this.root : this.root + sep;
    this.publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.secret = options.signingSecret;
    this.defaultExpiry = assertExpiry(options.defaultExpiresInSeconds ?? DEFAULT_SIGNED_URL_SECONDS);
    this.now = options.now ?? Date.now;
    this.flushEveryBytes = options.flushEveryBytes ?? DEFAULT_FLUSH_EVERY_BYTES;
  }

  /** Absolute path of a key's file; the key is validated, and the result checked to be inside the root. */
  pathOf(key: string): string {
    const path = resolve(this.root, assertBlobKey(key));
    // Belt and braces: a valid key cannot escape, but nothing outside the root is ever touched.
    if (!path.startsWith(this.rootPrefix)) throw badInput('Invalid storage key: it leaves the storage root.');
    return path;
  }

  private metaPathOf(path: string): string {
    return join(dirname(path), `.${basename(path)}.meta.json`);
  }

  async put(key: string, body: BlobBody, options: PutBlobOptions): Promise<{ key: string; size: number }> {
    guardEarlyStreamErrors(body);
    return this.store(key, options, (tmp) => this.writeTemp(tmp, body));
  }

  /** A hard link to the file where the file system allows one (same device), else a copy. */
  putFile(key: string, file: string, options: PutBlobOptions): Promise<{ key: string; size: number }> {
    return this.store(key, options, async (tmp) => {
      await mkdir(dirname(tmp), { recursive: true });
      try {
        await link(file, tmp);
      } catch (error) {
        if (!['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP'].includes(errorCode(error) ?? '')) throw error;
        await copyFile(file, tmp);
      }
      return (await stat(tmp)).size;
    });
  }

  /** Writes the data (through `write`, to a temporary name) and its sidecar, then renames both into place. */
  private async store(key: string, options: PutBlobOptions, write: (tmp: string) => Promise<number>): Promise<{ key: string; size: number }> {
    const path = this.pathOf(key);
    assertPutOptions(options);
    const meta: BlobMeta = { contentType: options.contentType, contentDisposition: options.contentDisposition };
    const stamp = `${randomUUID()}.tmp`;
    const tmpData = join(dirname(path), `.${basename(path)}.${stamp}`);
    const tmpMeta = join(dirname(path), `.${basename(path)}.meta.${stamp}`);
    try {
      const size = await write(tmpData);
      await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx', flush: true });
      // Sidecar first: a crash between the renames leaves a harmless sidecar, never a blob without its type.
      await rename(tmpMeta, this.metaPathOf(path));
      await rename(tmpData, path);
      return { key, size };
    } catch (error) {
      await Promise.all([rm(tmpData, { force: true }), rm(tmpMeta, { force: true })]);
      await this.pruneEmptyDirectories(dirname(path)); // a failed first write leaves no empty folders either
      throw error;
    }
  }

  /** Writes the body to a new temporary file and flushes it to disk; returns its size. */
  private async writeTemp(tmp: string, body: BlobBody): Promise<number> {
    const handle = await this.createExclusive(tmp);
    try {
      if (isBytes(body)) {
        await handle.writeFile(body);
        await handle.sync();
        return body.byteLength;
      }
      let size = 0;
      let flushedTo = 0;
      let flushing: Promise<void> | undefined;
      let flushFailed: Error | undefined;
      const flushEvery = this.flushEveryBytes;
      async function* counted(source: AsyncIterable<Buffer | string>) {
        for await (const chunk of source) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          yield buffer;
          // Resumed once the chunk is written: past the threshold, the disk starts on it while the
          // next chunks are written (one flush at a time; a failed flush fails the put).
          size += buffer.length;
          if (!flushing && size - flushedTo >= flushEvery) {
            flushedTo = size;
            flushing = handle.datasync().then(
              () => (flushing = undefined),
              (error: unknown) => {
                flushFailed ??= error instanceof Error ? error : new Error(String(error));
                flushing = undefined;
              },
            );
          }
        }
      }
      // writeFile drains an async iterable with backpressure and rejects when the source fails.
      try {
        await writeFile(handle, counted(body));
      } finally {
        await flushing;
      }
      if (flushFailed) throw flushFailed;
      await handle.sync();
      return size;
    } finally {
      await handle.close();
    }
  }

  /**
   * Opens a new file, creating its directory; retried because a concurrent delete may remove the
   * directory, once empty, between the mkdir and the open.
   */
  private async createExclusive(path: string): Promise<FileHandle> {
    for (let attempt = 1; ; attempt++) {
      await mkdir(dirname(path), { recursive: true });
      try {
        return await open(path, 'wx');
      } catch (error) {
        if (errorCode(error) !== 'ENOENT' || attempt >= 5) throw error;
      }
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) throw notFound('File not found.');
      throw error;
    }
  }

  async openStream(key: string, range?: ByteRange): Promise<Readable> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) throw notFound('File not found.');
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw notFound('File not found.');
      if (!range) return handle.createReadStream();
      const end = range.end ?? info.size - 1;
      if (!Number.isInteger(range.start) || !Number.isInteger(end) || range.start < 0 || end < range.start || range.start >= info.size) {
        throw badInput('The byte range is outside the file.');
      }
      return handle.createReadStream({ start: range.start, end: Math.min(end, info.size - 1) });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const path = this.pathOf(key);
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!info.isFile()) return null;
    const meta = await this.readMeta(path);
    return {
      key,
      size: info.size,
      contentType: meta?.contentType ?? TYPE_BY_EXTENSION[extname(path).toLowerCase()] ?? 'application/octet-stream',
      contentDisposition: meta?.contentDisposition,
      lastModified: info.mtime,
    };
  }

  private async readMeta(path: string): Promise<BlobMeta | null> {
    try {
      const meta = JSON.parse(await readFile(this.metaPathOf(path), 'utf8')) as Partial<BlobMeta>;
      return typeof meta.contentType === 'string' ? (meta as BlobMeta) : null;
    } catch {
      return null; // missing or unreadable: fall back to the extension
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    // The blob first: a crash in between leaves a stray sidecar, never a blob without its type.
    await rm(path, { force: true });
    await rm(this.metaPathOf(path), { force: true });
    await this.pruneEmptyDirectories(dirname(path));
  }

  /** Removes now-empty directories up to the root (one per beat would otherwise pile up). */
  private async pruneEmptyDirectories(from: string): Promise<void> {
    for (let dir = from; dir.startsWith(this.rootPrefix) && dir !== this.root; dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): stop there
      }
    }
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    keys.forEach((key) => assertBlobKey(key)); // all or nothing on bad input
    const unique = [...new Set(keys)];
    for (let i = 0; i < unique.length; i += 16) {
      await Promise.all(unique.slice(i, i + 16).map((key) => this.delete(key)));
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<string> {
    assertBlobKey(key);
    const lifetime = assertExpiry(options.expiresInSeconds ?? this.defaultExpiry);
    const exp = Math.floor(this.now() / 1000) + lifetime;
    const dl = options.downloadName === undefined ? undefined : sanitizeDownloadName(options.downloadName);
    const query = new URLSearchParams({ exp: String(exp) });
    if (dl !== undefined) query.set('dl', dl);
    query.set('sig', signMediaLink(this.secret, { key, exp, dl }));
    return `${this.publicBaseUrl}/media/${key}?${query.toString()}`;
  }

  /** Checks a media link's query (`exp`, `sig`, `dl`) for this key, against the store's clock. */
  checkLink(key: string, query: URLSearchParams): MediaLinkCheck {
    return checkMediaLink(this.secret, key, query, Math.floor(this.now() / 1000));
  }
}
