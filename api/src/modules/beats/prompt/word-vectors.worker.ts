import { parentPort, workerData } from 'node:worker_threads';
import { distilWordVectors } from './word-vectors';

/** Distils the word vectors off the main thread (seconds of parsing, once per machine). */
const { source, target } = workerData as { source: string; target: string };
try {
  parentPort!.postMessage({ ok: true, ...distilWordVectors(source, target) });
} catch (error) {
  parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
