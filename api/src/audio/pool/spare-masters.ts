/** Master buffers longer than this (a channel of about 12 minutes) are not kept for reuse. */
const MAX_SPARE_MASTER_BYTES = 128 * 1024 * 1024;

/**
 * Master buffers of finished jobs, for the next ones: already touched, so writing them is cheap
 * (first touch of fresh memory costs 10x the write). At most one set per worker, the largest.
 */
export class SpareMasters {
  private readonly spare: SharedArrayBuffer[][] = [];

  constructor(private readonly limit: number) {}

  /** The largest spare set of channel buffers, taken out of the pool, or undefined. */
  take(): SharedArrayBuffer[] | undefined {
    return this.spare.pop();
  }

  /** Keeps a finished job's master channels, when they are distinct SharedArrayBuffers of a reusable size. */
  keep(channels: readonly Float32Array[]): void {
    const buffers = channels.map((channel) => channel.buffer);
    if (!buffers.every((buffer): buffer is SharedArrayBuffer => buffer instanceof SharedArrayBuffer)) return;
    if (new Set(buffers).size !== buffers.length || buffers.some((buffer) => buffer.byteLength > MAX_SPARE_MASTER_BYTES)) return;
    this.spare.push(buffers);
    this.spare.sort((a, b) => a[0].byteLength - b[0].byteLength);
    while (this.spare.length > this.limit) this.spare.shift();
  }
}
