import { request } from 'node:http';
import { watch, mkdirSync, readdirSync, readlinkSync, writeFileSync, rmSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** What a streamed request got: the answer, and how much of its body the client could send. */
export interface StreamedAnswer {
  /** 0 when no answer arrived before the connection closed. */
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** Body bytes the client handed to the connection before it stopped (all of them, or until the server closed it). */
  readonly sent: number;
  /** Whether the whole body was sent. */
  readonly sentAll: boolean;
}

/**
 * Sends a body piece by piece (chunked, unless `content-length` is among the headers), waiting for
 * the connection to take each piece, and stops at the first write error (the server closed the
 * connection). Resolves once the answer has been read and the writing has stopped.
 */
export async function streamedRequest(url: string, headers: Record<string, string>, body: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<StreamedAnswer> {
  const req = request(url, { method: 'POST', headers });
  let closed = false;
  req.on('error', () => undefined);
  req.once('close', () => (closed = true));
  // The answer, or none when the connection closes first.
  const answer = new Promise<Pick<StreamedAnswer, 'status' | 'headers' | 'body'>>((resolve) => {
    const none = () => setImmediate(() => resolve({ status: 0, headers: {}, body: '' }));
    req.once('close', none);
    req.once('response', (res) => {
      req.off('close', none);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
      res.once('end', done);
      res.once('close', done);
      res.once('error', done);
    });
  });
  let sent = 0;
  let sentAll = false;
  for await (const piece of body) {
    if (closed || req.destroyed) break;
    const ok = req.write(piece);
    sent += piece.length;
    if (!ok) {
      await new Promise<void>((next) => {
        const go = () => {
          req.off('drain', go);
          req.off('close', go);
          next();
        };
        req.on('drain', go);
        req.on('close', go);
      });
    }
  }
  if (!closed && !req.destroyed) {
    sentAll = true;
    req.end();
  }
  return { ...(await answer), sent, sentAll };
}

/** `count` pieces of `size` bytes of `fill`. */
export function* repeated(fill: string, size: number, count: number): Generator<Buffer> {
  const piece = Buffer.alloc(size, fill);
  for (let i = 0; i < count; i += 1) yield piece;
}

export interface MultipartFile {
  readonly field: string;
  readonly name: string;
  /** Bytes of the file, sent in 64 kB pieces. */
  readonly size: number;
}

/** A GraphQL multipart body (operations, map, files), generated piece by piece. `before` runs before each file. */
export async function* multipartBody(
  boundary: string,
  fields: Record<string, string>,
  files: readonly MultipartFile[],
  before: (index: number) => Promise<void> | void = () => undefined,
): AsyncGenerator<Buffer> {
  for (const [name, value] of Object.entries(fields)) {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const [index, file] of files.entries()) {
    await before(index);
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: audio/wav\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, 1);
    for (let left = file.size; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

/** Whether this process holds `path` open (the api under test runs in the test's process). */
export function openedByThisProcess(path: string): boolean {
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === path) return true;
    } catch {
      // Closed meanwhile.
    }
  }
  return false;
}

/** A directory to watch, and which of the names appearing in it count (default: all). */
export interface WatchedDir {
  readonly dir: string;
  readonly counts?: (path: string) => boolean;
}

/**
 * Records every file created in the given directories while it runs. `stop` first writes a marker
 * file to each and waits for its event, so every event before it has been seen.
 */
export function watchNewFiles(dirs: readonly WatchedDir[]): { stop(): Promise<string[]> } {
  const marker = `.watch-marker-${randomBytes(4).toString('hex')}`;
  const created: string[] = [];
  const markers = new Map<string, () => void>();
  const watchers: FSWatcher[] = dirs.map(({ dir, counts = () => true }) => {
    mkdirSync(dir, { recursive: true });
    return watch(dir, (_event, name) => {
      if (!name) return;
      if (name === marker) return markers.get(dir)?.();
      // Another watcher's marker (inotify shares one watch per directory between watchers).
      if (name.startsWith('.watch-marker-')) return;
      const path = join(dir, name);
      if (!created.includes(path) && counts(path)) created.push(path);
    });
  });
  return {
    async stop() {
      for (const { dir } of dirs) {
        const seen = new Promise<void>((resolve) => markers.set(dir, resolve));
        writeFileSync(join(dir, marker), '');
        await seen;
        rmSync(join(dir, marker), { force: true });
      }
      for (const watcher of watchers) watcher.close();
      return created;
    },
  };
}
