import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes bytes on no faster than `bytesPerSecond` after a first `burstBytes` (so a player starts at
 * once, then is fed ahead of the playhead by a steady margin). A chunk that would run ahead of the
 * allowance waits until the allowance reaches it.
 */
export function throttle(options: { readonly bytesPerSecond: number; readonly burstBytes: number; readonly now?: () => number }): Transform {
  const now = options.now ?? Date.now;
  const started = now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      sent += chunk.length;
      const allowed = options.burstBytes + ((now() - started) / 1000) * options.bytesPerSecond;
      if (sent <= allowed) return callback(null, chunk);
      const waitMs = ((sent - allowed) / options.bytesPerSecond) * 1000;
      timer = setTimeout(() => callback(null, chunk), Math.ceil(waitMs));
    },
    destroy(error, callback) {
      clearTimeout(timer);
      callback(error);
    },
  });
}
