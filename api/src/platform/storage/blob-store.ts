import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { badInput } from '../errors';

/** What a blob can be written from: bytes already in memory, or a stream (an upload, an encoder). */
export type BlobBody = Buffer | Uint8Array | NodeJS.ReadableStream;

export interface PutBlobOptions {
  /** The MIME type the blob is served with. */
  readonly contentType: string;
  /** A Content-Disposition stored with the blob and served by default (a signed download name wins). */
  readonly contentDisposition?: string;
}

export interface SignedUrlOptions {
  /** How long the link works; defaults to the store's default (one hour unless configured). */
  readonly expiresInSeconds?: number;
  /** When set, the response is served as an attachment with this file name. */
  readonly downloadName?: string;
}

/** An inclusive byte range, as in HTTP: `{ start: 0, end: 99 }` is the first 100 bytes. */
export interface ByteRange {
  readonly start: number;
  /** Inclusive; to the end of the blob when omitted. */
  readonly end?: number;
}

export interface BlobInfo {
  readonly key: string;
  readonly size: number;
  readonly contentType: string;
  readonly contentDisposition?: string;
  readonly lastModified: Date;
}

/**
 * The blob store port: audio, pictures, licence PDFs and stems, addressed by server-made keys and
 * handed to browsers through signed, expiring URLs. Local directory or any S3-compatible store.
 */
export interface BlobStore {
  /** Writes a blob whole or not at all; a reader never sees a partial one. Overwrites an existing key. */
  put(key: string, body: BlobBody, options: PutBlobOptions): Promise<{ key: string; size: number }>;
  /**
   * Stores a file that stays unchanged (a cache's): the local store links it instead of copying when
   * it can, so the bytes exist once on disk; other stores upload it.
   */
  putFile(key: string, file: string, options: PutBlobOptions): Promise<{ key: string; size: number }>;
  /** The whole blob; a NOT_FOUND DomainError when there is none. */
  get(key: string): Promise<Buffer>;
  /** Streams the blob or a byte range of it; a NOT_FOUND DomainError when there is none. */
  openStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size, type and date of the blob, or null when there is none. */
  stat(key: string): Promise<BlobInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the blob; removing a missing one is not an error (deletes are retried after failures). */
  delete(key: string): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
  /** An address a browser can GET without credentials until it expires. Does not check existence. */
  signedUrl(key: string, options?: SignedUrlOptions): Promise<string>;
}

/**
 * Keeps a source stream that fails before the store starts reading it (while a file or a spool is
 * being opened) from crashing the process with an unhandled 'error' event. The failure is not lost:
 * reading a destroyed stream rejects with its error, so the put still fails.
 */
export function guardEarlyStreamErrors(body: BlobBody): void {
  if (!(body instanceof Uint8Array)) body.on('error', () => undefined);
}

export const MAX_BLOB_KEY_LENGTH = 512;
const MAX_SEGMENTS = 8;
/**
 * A segment starts with a letter or digit, so `.`/`..`, hidden names and the local store's own
 * `.`-prefixed sidecar and temporary files can never be addressed by a key.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Why a key is refused, or null when it is a valid blob key. */
export function blobKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'it is empty';
  if (key.length > MAX_BLOB_KEY_LENGTH) return `it is longer than ${MAX_BLOB_KEY_LENGTH} characters`;
  if (key.startsWith('/')) return 'it starts with a slash';
  if (key.includes('..')) return 'it contains ".."';
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS) return `it has more than ${MAX_SEGMENTS} path segments`;
  if (!segments.every((s) => SEGMENT.test(s))) {
    return 'each path segment must be 1-128 of A-Z a-z 0-9 . _ - and start with a letter or digit';
  }
  return null;
}

/** True when the key is one the blob stores accept. */
export function isValidBlobKey(key: unknown): key is string {
  return blobKeyProblem(key) === null;
}

/** Returns the key when it is valid; otherwise throws a BAD_USER_INPUT DomainError saying why. */
export function assertBlobKey(key: unknown): string {
  const problem = blobKeyProblem(key);
  if (problem) throw badInput(`Invalid storage key: ${problem}.`, { key: typeof key === 'string' ? key.slice(0, 80) : key });
  return key as string;
}

// A MIME type (optionally with parameters) and nothing that could split a header.
// eslint-disable-next-line no-control-regex
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+( *;[^\u0000-\u001f\u007f]*)?$/;
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/; // eslint-disable-line no-control-regex

/** Checks the options of a put; both stores refuse the same things. */
export function assertPutOptions(options: PutBlobOptions): void {
  if (!CONTENT_TYPE.test(options.contentType ?? '')) throw badInput('Invalid content type for a stored file.');
  if (options.contentDisposition !== undefined && !NO_CONTROL.test(options.contentDisposition)) {
    throw badInput('Invalid content disposition for a stored file.');
  }
}

const EXTENSION = /^[a-z0-9]{1,10}$/;

/**
 * A fresh, unguessable key under a prefix: `newBlobKey('images', 'png')` gives
 * `images/<uuid>.png`, `newBlobKey('beats/42', 'wav')` gives `beats/42/<uuid>.wav`.
 */
export function newBlobKey(prefix: string, extension: string): string {
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (!EXTENSION.test(ext)) throw badInput(`Invalid storage key extension: "${extension}".`);
  return assertBlobKey(`${prefix.replace(/\/+$/, '')}/${randomUUID()}.${ext}`);
}

/** Longest link a store hands out: the limit of S3 SigV4 presigned URLs, applied to both stores. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;
export const DEFAULT_SIGNED_URL_SECONDS = 3600;

/** Checks a requested lifetime; whole seconds, 1 s to 7 days. */
export function assertExpiry(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
    throw badInput(`A signed URL must expire in 1 to ${MAX_SIGNED_URL_SECONDS} whole seconds.`);
  }
  return seconds;
}

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f/\\]+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A download name made safe for a Content-Disposition header and any file system: no path
 * separators or control characters, at most 200 characters. Throws when nothing usable remains.
 */
export function sanitizeDownloadName(name: string): string {
  const wellFormed = name.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC');
  const spaced = wellFormed.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim();
  // Cut by code points, so an emoji is never split into a lone surrogate that cannot be URL-encoded.
  const cleaned = Array.from(spaced).slice(0, 200).join('').trim();
  if (!cleaned || /^\.+$/.test(cleaned)) throw badInput('Invalid download file name.');
  return cleaned;
}
