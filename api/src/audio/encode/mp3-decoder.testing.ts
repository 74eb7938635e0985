import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

export interface DecodedMp3 {
  readonly sampleRate: number;
  readonly channels: Float32Array[];
  readonly errors: number;
}

// mpg123-decoder is an ES module and jest runs this code as CommonJS, so it is imported in a
// worker thread, where Node loads it natively.
const DECODER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.url).then(async ({ MPEGDecoder }) => {
  const decoder = new MPEGDecoder({ enableGapless: workerData.gapless });
  await decoder.ready;
  const out = decoder.decode(workerData.bytes);
  const channels = out.channelData.map((c) => c.slice(0, out.samplesDecoded));
  decoder.free();
  parentPort.postMessage({ sampleRate: out.sampleRate, channels, errors: out.errors.length }, channels.map((c) => c.buffer));
});`;

/**
 * Decodes an MP3 file with mpg123 (test-only: an independent decoder to check what the engine's
 * encoder wrote). With `gapless`, mpg123 trims encoder delay and padding as the LAME tag says.
 */
export function decodeMp3(bytes: Uint8Array, options: { gapless?: boolean } = {}): Promise<DecodedMp3> {
  const url = pathToFileURL(require.resolve('mpg123-decoder')).href;
  const worker = new Worker(DECODER_WORKER, { eval: true, workerData: { url, bytes, gapless: options.gapless ?? true } });
  return new Promise<DecodedMp3>((resolve, reject) => {
    worker.once('message', (decoded: DecodedMp3) => resolve(decoded));
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}
