import { Transform, type TransformCallback } from 'node:stream';

/** Pieces a chunk is cut into, so the allowance is spent (and the player fed) a little at a time. */
const PIECE_BYTES = 16 * 1024;

/**
 * Passes bytes on no faster than `bytesPerSecond` after a first `burstBytes` (so a player starts at
 * once, then is fed ahead of the playhead by a steady margin). A piece that would run ahead of the
 * allowance waits until the allowance reaches it.
 */
export function throttle(options: { readonly bytesPerSecond: number; readonly burstBytes: number; readonly now?: () => number }): Transform {
  const now = options.now ?? Date.now;
  const started = now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  let destroyed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let offset = 0;
      const next = () => {
        if (destroyed) return;
        if (offset >= chunk.length) return callback();
        const piece = chunk.subarray(offset, offset + PIECE_BYTES);
        const allowed = options.burstBytes + ((now() - started) / 1000) * options.bytesPerSecond;
        const waitMs = ((sent + piece.length - allowed) / options.bytesPerSecond) * 1000;
        if (waitMs > 0) {
          timer = setTimeout(next, Math.ceil(waitMs));
          return;
        }
        sent += piece.length;
        offset += piece.length;
        this.push(piece);
        next();
      };
      next();
    },
    destroy(error, callback) {
      destroyed = true;
      clearTimeout(timer);
      callback(error);
    },
  });
}
