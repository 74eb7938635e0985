import { Transform, type TransformCallback } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import { DomainError } from '../errors';
import type { UploadReservation } from './upload-budget';

/** The body length a request declares, or null for a chunked body (or a header that is not a length). */
export function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : null;
}

/**
 * Counts a body's bytes as they stream through, chunked or not: past `maxBytes` it fails with
 * `tooLarge` (413), and it keeps `reservation` (the upload budget) covering what went through, so a
 * chunked body is held to the same in-flight limits as a declared one. It never buffers.
 */
export class BodyMeter extends Transform {
  bytes = 0;

  constructor(
    /** May be changed as the body is read (e.g. raised once a form's fields are known). */
    public maxBytes: number,
    private readonly tooLarge: () => DomainError,
    private readonly reservation?: UploadReservation,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(this.tooLarge());
    try {
      this.reservation?.cover(this.bytes);
    } catch (refused) {
      return callback(refused as Error);
    }
    callback(null, chunk);
  }
}

export interface UnreadBodySettings {
  /** Bytes of an unread body still read off after the answer, so the client can read it (default 8 MiB: a refused upload of a few megabytes is still read off, so its client sees the answer). */
  readonly lingerBytes?: number;
  /** How long they may take (default 5 s). */
  readonly lingerMs?: number;
}

/**
 * An answer sent before its request's body was read (a refusal: 401, 413, 429...) would otherwise
 * leave Node reading the rest of the body, however long, to keep the connection. Here the rest is
 * read off only up to `lingerBytes` (a client that stops sending promptly gets a reusable
 * connection, and every client gets the time to read the answer before the close), then the
 * connection is closed. Mounted once, first, for every route.
 */
export function closeUnreadBodies(settings: UnreadBodySettings = {}): RequestHandler {
  const lingerBytes = settings.lingerBytes ?? 8 * 1024 * 1024;
  const lingerMs = settings.lingerMs ?? 5000;
  return (req, res, next) => {
    // On 'prefinish', before Node's own 'finish' handler would dump the body unseen (uncounted).
    res.once('prefinish', () => {
      if (req.complete || req.destroyed) return;
      // Any parser still attached stops here: nothing it would read is wanted any more.
      req.unpipe();
      let left = lingerBytes;
      const stop = () => {
        done();
        req.pause();
        // The answer first: destroying the socket drops whatever of it is not yet written.
        if (res.writableFinished) req.socket.destroy();
        else res.once('finish', () => req.socket.destroy());
      };
      const onData = (chunk: Buffer) => {
        left -= chunk.length;
        if (left < 0) stop();
      };
      const timer = setTimeout(stop, lingerMs);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        req.off('data', onData);
        req.off('end', done);
        req.off('close', done);
      };
      req.on('data', onData);
      req.once('end', done);
      req.once('close', done);
      req.resume();
    });
    next();
  };
}
