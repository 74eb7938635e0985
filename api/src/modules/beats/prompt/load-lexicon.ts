import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../../platform/logging/logger';
import { startWorker } from '../../../audio';
import { Lexicon } from './lexicon';
import { embeddingsPackageFile, wordVectorCacheFile, WordVectors } from './word-vectors';

/** Runs the distillation on a worker thread, so a first start keeps serving meanwhile. */
async function distil(source: string, target: string): Promise<void> {
  const worker = startWorker(join(__dirname, 'word-vectors.worker'), { workerData: { source, target } });
  try {
    const reply = await new Promise<{ ok: boolean; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the word-vector worker stopped (${code})`)));
    });
    if (!reply.ok) throw new Error(reply.error);
  } finally {
    await worker.terminate();
  }
}

/**
 * The parser's knowledge of English, loaded once per process: the word vectors from their cache in
 * `cacheDir` (distilled from the package first if missing), VADER's valences and the artists file.
 * Never fails: without vectors, prompts are read by spelling, and the reason is logged.
 */
export async function loadLexicon(cacheDir: string, logger?: Logger): Promise<Lexicon | null> {
  const started = performance.now();
  try {
    const source = embeddingsPackageFile();
    const file = wordVectorCacheFile(cacheDir, source);
    if (!existsSync(file)) {
      logger?.info({ file }, 'prompt reading: distilling word vectors (once per machine)');
      await distil(source, file);
    }
    const lexicon = new Lexicon(WordVectors.read(file));
    logger?.info({ words: lexicon.vectors?.size, artists: lexicon.artists.size, ms: Math.round(performance.now() - started) }, 'prompt reading: lexicon loaded');
    return lexicon;
  } catch (err) {
    logger?.warn({ err }, 'prompt reading: no word vectors; prompts are read by spelling only');
    return null;
  }
}
