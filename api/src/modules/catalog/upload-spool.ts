import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { parser as jsonParser } from 'stream-json';
import { DomainError, badInput } from '../../platform/errors';
import type { BodyMeter } from '../../platform/http/request-body';
import { MAX_FILE_BYTES, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE } from './catalog.limits';

/** An uploaded file waiting on disk for its checks: a request never holds a whole file in memory. */
export interface UploadedFile {
  readonly name: string;
  readonly path: string;
  readonly size: number;
}

/** Why a file inside a JSON body was not taken (reported with its name once the body is read). */
export type SpoolProblem = 'not-data-url' | 'not-base64' | 'too-large';

/** What stands in a parsed JSON body where a file's base64 `data` was. */
export class SpooledData {
  constructor(
    readonly path: string,
    readonly size: number,
    readonly problem: SpoolProblem | null,
  ) {}
}

/** A per-request directory of spooled files, removed (with every file) by `cleanup`. */
export class UploadSpool {
  private count = 0;
  private constructor(readonly dir: string) {}

  static async open(root: string): Promise<UploadSpool> {
    mkdirSync(root, { recursive: true });
    return new UploadSpool(await mkdtemp(join(root, 'upload-')));
  }

  nextPath(): string {
    return join(this.dir, `${++this.count}.part`);
  }

  async cleanup(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Non-file strings (names, tags) are short: past this the body is refused, not buffered. */
const MAX_TEXT_CHARS = 64 * 1024;
/** Field names and numbers are shorter still. */
const MAX_KEY_CHARS = 1024;
const MAX_NUMBER_CHARS = 64;
/**
 * Everything of a body that is not a file (strings, field names, numbers), together: the most an
 * upload keeps in memory. The largest real upload (40 files, 50 tags of 200 characters in each of
 * five lists) stays far below it; a body of text past it is cut off (413) as it arrives.
 */
export const MAX_UPLOAD_TEXT_CHARS = 1024 * 1024;
export const TOO_MUCH_TEXT = `An upload's fields may hold at most ${MAX_UPLOAD_TEXT_CHARS / (1024 * 1024)} MB of text besides its files.`;
const MAX_VALUES = 20_000;
const BASE64_CHARS = /^[A-Za-z0-9+/]*$/;
const WHITESPACE = /\s+/g;

/**
 * Decodes one base64 data URL (or bare base64) arriving in pieces into a file, 4 characters at a
 * time, so memory holds one piece, never the file.
 */
class DataUrlWriter {
  private header: string | null = '';
  private carry = '';
  private padded = false;
  private size = 0;
  problem: SpoolProblem | null = null;
  private writeError: Error | null = null;
  private readonly out: WriteStream;

  constructor(readonly path: string, private readonly maxBytes: number, private readonly onBytes: (n: number) => void) {
    this.out = createWriteStream(path);
    // Kept for end(); after abort() (the file destroyed while a write was in flight) it is expected.
    this.out.on('error', (error) => {
      this.writeError ??= error;
    });
  }

  async write(chunk: string): Promise<void> {
    if (this.problem) return;
    let text = chunk;
    if (this.header !== null) {
      this.header += text;
      const comma = this.header.indexOf(',');
      if (comma < 0 && this.header.length < 256 && this.header.startsWith('data:'.slice(0, this.header.length))) return;
      if (this.header.startsWith('data:')) {
        if (comma < 0) return this.fail('not-data-url');
        if (!this.header.slice(0, comma).includes(';base64')) return this.fail('not-data-url');
        text = this.header.slice(comma + 1);
      } else {
        text = this.header;
      }
      this.header = null;
    }
    const cleaned = this.carry + text.replace(WHITESPACE, '');
    this.carry = '';
    if (!cleaned) return;
    if (this.padded) return this.fail('not-base64');
    let body = cleaned;
    const pad = cleaned.indexOf('=');
    if (pad >= 0) {
      if (!/^={1,2}$/.test(cleaned.slice(pad)) || cleaned.length % 4 !== 0) return this.fail('not-base64');
      this.padded = true;
      body = cleaned.slice(0, pad);
    }
    if (!BASE64_CHARS.test(body)) return this.fail('not-base64');
    const whole = this.padded ? body.length : body.length - (body.length % 4);
    if (!this.padded) this.carry = body.slice(whole);
    if (whole > 0) await this.emit(Buffer.from(body.slice(0, whole), 'base64'));
  }

  private async emit(bytes: Buffer): Promise<void> {
    this.size += bytes.length;
    this.onBytes(bytes.length);
    if (this.size > this.maxBytes) return this.fail('too-large');
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  private fail(problem: SpoolProblem): void {
    this.problem ??= problem;
  }

  async end(): Promise<SpooledData> {
    if (!this.problem) {
      if (this.header !== null) {
        const header = this.header;
        this.header = null;
        if (header.startsWith('data:')) this.fail('not-data-url');
        else await this.write(header);
      }
      if (!this.problem && this.carry.length % 4 === 1) this.fail('not-base64');
      if (!this.problem && this.carry) await this.emit(Buffer.from(this.carry, 'base64'));
      if (!this.problem && this.size === 0) this.fail('not-base64');
    }
    this.out.end();
    if (!this.out.closed) await once(this.out, 'close');
    if (this.writeError) throw this.writeError;
    return new SpooledData(this.path, this.size, this.problem);
  }

  async abort(): Promise<void> {
    this.out.destroy();
  }
}

/** An object or array being assembled; `at` is its place in its parent (null for the root). */
type Container =
  | { kind: 'object'; value: Record<string, unknown>; key: string | null; at: string | number | null }
  | { kind: 'array'; value: unknown[]; at: string | number | null };

/** True for the `data` of a file: files[i].data (melody) or entries[i].file.data (drums). */
function isFilePath(path: readonly (string | number)[]): boolean {
  return (path.length === 3 && path[0] === 'files' && typeof path[1] === 'number' && path[2] === 'data') ||
    (path.length === 4 && path[0] === 'entries' && typeof path[1] === 'number' && path[2] === 'file' && path[3] === 'data');
}

/**
 * Reads a JSON upload body as a stream: every file's base64 data is decoded straight into a file
 * of `spool` (at most 50 MB a file and 200 MB a request, as decoded bytes), everything else is
 * assembled as usual, within MAX_UPLOAD_TEXT_CHARS in all. The files' `data` become SpooledData.
 * `meter` bounds the raw body (and counts it against the upload budget) as it arrives, chunked or
 * not. On a refusal the body is left unread: the caller answers, and the app's unread-body guard
 * closes the connection (platform/http/request-body.ts).
 */
export async function spoolJsonBody(body: Readable, spool: UploadSpool, meter: BodyMeter): Promise<unknown> {
  const tokens = jsonParser({ packKeys: false, packStrings: false, streamStrings: true, packNumbers: false, packValues: false });
  // The meter's refusal (too large, over the budget) ends the token stream with it.
  meter.once('error', (error) => tokens.destroy(error));
  body.pipe(meter).pipe(tokens);
  const stack: Container[] = [];
  let root: unknown;
  let done = false;
  let total = 0;
  let values = 0;
  let textChars = 0;
  let text: string | null = null;
  let key: string | null = null;
  let number: string | null = null;
  let file: DataUrlWriter | null = null;
  const onBytes = (n: number) => {
    total += n;
  };
  const spend = (chars: number) => {
    textChars += chars;
    if (textChars > MAX_UPLOAD_TEXT_CHARS) throw new DomainError('PAYLOAD_TOO_LARGE', TOO_MUCH_TEXT);
  };

  const place = (value: unknown) => {
    if (++values > MAX_VALUES) throw badInput('The upload has too many fields.');
    const top = stack[stack.length - 1];
    if (!top) {
      root = value;
      done = true;
    } else if (top.kind === 'array') top.value.push(value);
    else {
      top.value[top.key!] = value;
      top.key = null;
    }
  };
  /** Where the next value goes: files[0].data is ['files', 0, 'data']. */
  const here = (): string | number | null => {
    const top = stack[stack.length - 1];
    if (!top) return null;
    return top.kind === 'array' ? top.value.length : top.key;
  };
  const currentPath = () => [...stack.slice(1).map((c) => c.at!), here()!];

  try {
    for await (const token of tokens as AsyncIterable<{ name: string; value?: string }>) {
      switch (token.name) {
        case 'startObject':
        case 'startArray': {
          const value = token.name === 'startObject' ? {} : [];
          const at = here();
          place(value);
          stack.push(token.name === 'startObject' ? { kind: 'object', value: value, key: null, at } : { kind: 'array', value: value as unknown[], at });
          break;
        }
        case 'endObject':
        case 'endArray':
          stack.pop();
          break;
        case 'startKey':
          key = '';
          break;
        case 'endKey':
          (stack[stack.length - 1] as Extract<Container, { kind: 'object' }>).key = key!;
          key = null;
          break;
        case 'startString':
          if (stack.length && isFilePath(currentPath())) file = new DataUrlWriter(spool.nextPath(), MAX_FILE_BYTES, onBytes);
          else text = '';
          break;
        case 'stringChunk':
          if (key !== null) {
            spend(token.value!.length);
            key += token.value!;
            if (key.length > MAX_KEY_CHARS) throw badInput('A field name of the upload is too long.');
          } else if (file) {
            await file.write(token.value!);
            if (total > MAX_REQUEST_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', REQUEST_TOO_LARGE);
          } else {
            spend(token.value!.length);
            text += token.value!;
            if (text!.length > MAX_TEXT_CHARS) throw badInput('A field of the upload is too long.');
          }
          break;
        case 'endString':
          if (file) {
            const spooled = await file.end();
            file = null;
            place(spooled);
          } else {
            place(text);
            text = null;
          }
          break;
        case 'startNumber':
          number = '';
          break;
        case 'numberChunk':
          spend(token.value!.length);
          number += token.value!;
          if (number!.length > MAX_NUMBER_CHARS) throw badInput('A number of the upload is too long.');
          break;
        case 'endNumber':
          place(Number(number));
          number = null;
          break;
        case 'nullValue':
          place(null);
          break;
        case 'trueValue':
          place(true);
          break;
        case 'falseValue':
          place(false);
          break;
      }
    }
  } catch (error) {
    await file?.abort();
    // Detach the parsers: what is left of the body is not read here (see above).
    body.unpipe(meter);
    meter.unpipe(tokens);
    tokens.destroy();
    meter.destroy();
    // A refusal, or the disk failing (a system error), is not the body's fault.
    if (error instanceof DomainError || (error as NodeJS.ErrnoException).syscall) throw error;
    throw badInput('The request body is not valid JSON.');
  }
  if (!done) throw badInput('The request body is not valid JSON.');
  return root;
}

/** Copies one stream (a multipart file) into the spool, refusing it past `maxBytes`. */
export async function spoolStream(stream: Readable, spool: UploadSpool, name: string, maxBytes: number): Promise<UploadedFile> {
  const path = spool.nextPath();
  const out = createWriteStream(path);
  // A refused file's write still in flight fails once the stream is destroyed; that is expected.
  out.on('error', () => undefined);
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw badInput(`"${name}" is larger than ${maxBytes / (1024 * 1024)} MB.`, { file: name });
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } catch (error) {
    out.destroy();
    stream.destroy();
    // The multipart parser's file limit (413); a refusal of the whole request (a DomainError) stays as it is.
    const status = (error as { status?: number }).status;
    if (status === 413 && !(error instanceof DomainError)) throw badInput(`"${name}" is larger than ${maxBytes / (1024 * 1024)} MB.`, { file: name });
    throw error;
  }
  out.end();
  await once(out, 'close');
  return { name, path, size };
}

/** A spooled JSON file to an UploadedFile, or the problem found while decoding it, naming the file. */
export function uploadedFrom(file: { name: string; data: unknown }): UploadedFile {
  const data = file.data;
  if (!(data instanceof SpooledData)) throw badInput(`"${file.name}" is not valid base64 data.`, { file: file.name });
  if (data.problem === 'not-data-url') throw badInput(`"${file.name}" must be sent as a base64 data URL.`, { file: file.name });
  if (data.problem === 'not-base64') throw badInput(`"${file.name}" is not valid base64 data.`, { file: file.name });
  if (data.problem === 'too-large') throw badInput(`"${file.name}" is larger than ${MAX_FILE_BYTES / (1024 * 1024)} MB.`, { file: file.name });
  return { name: file.name, path: data.path, size: data.size };
}
