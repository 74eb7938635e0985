import { wavHeader } from '../wav/wav-writer';
import type { SharedAudio } from './render-job';
import type { PoolJob } from './pool-job';

/**
 * The 24-bit WAV master: its data written by every worker, each its piece, straight into one shared
 * file buffer behind the header written here.
 */
export async function writeWavMaster(job: PoolJob, master: SharedAudio, frames: number): Promise<Uint8Array> {
  const channels = master.channels.length;
  const header = wavHeader(frames, channels, master.sampleRate, 24);
  const dataBytes = frames * channels * 3;
  const file = new SharedArrayBuffer(header.byteLength + dataBytes + (dataBytes & 1));
  const bytes = new Uint8Array(file);
  bytes.set(header);
  const bounds = pieceBounds(frames, job.workers);
  await Promise.all(
    bounds.slice(1).map((to, k) =>
      job.run<null>({ kind: 'wav-pcm', audio: master, from: bounds[k], to, file, offset: header.byteLength + bounds[k] * channels * 3 })),
  );
  return bytes;
}

/**
 * `pieces + 1` frame bounds splitting `frames` in about equal pieces. Pieces start on even frames:
 * with the 44-byte header, stereo pieces start 4-byte aligned (the fast path).
 */
function pieceBounds(frames: number, pieces: number): number[] {
  return Array.from({ length: pieces + 1 }, (_, k) => (k === pieces ? frames : 2 * Math.round((k * frames) / pieces / 2)));
}
