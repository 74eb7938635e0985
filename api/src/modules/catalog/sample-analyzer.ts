import { join } from 'node:path';
import { DomainError } from '../../platform/errors';
import { TaskPool } from '../../audio';
import type { FileFacts } from './sample-measurement';
import type { UploadedFile } from './upload-spool';
import type { AnalyzerTask, AnalyzerReply } from './sample-analyzer.worker';

export interface MixFacts {
  readonly detectedBpm: number | null;
  readonly detectedKey: string;
  readonly detectedMode: string;
}

/**
 * Measures uploads off the main thread, so the api keeps answering while files are analysed. The
 * tempo is looked for near the declared one (`bpm`).
 */
export interface SampleAnalyzer {
  /** Reads the file from its path on the analyzer's thread: the main thread never holds it. */
  measure(file: UploadedFile, bpm: number): Promise<FileFacts>;
  measureMix(files: readonly UploadedFile[], bpm: number): Promise<MixFacts>;
  close(): Promise<void>;
}

/**
 * WAV bytes being analysed at once, across the threads. Decoding and measuring a file takes about
 * six times its size (a 49 MB stem: +283 MB; a mix of two: +404 MB), so two threads on two 50 MB
 * files at once held over 700 MB; under this budget large files are measured one at a time while
 * ordinary loops (a few MB) still use every thread.
 */
export const ANALYSIS_BUDGET_BYTES = 64 * 1024 * 1024;

/** A counting semaphore over bytes: a task waits until its weight fits (a task over the budget runs alone). */
function byteBudget(capacity: number) {
  let used = 0;
  const waiting: { weight: number; start: () => void }[] = [];
  const pump = () => {
    while (waiting.length && (used === 0 || used + waiting[0].weight <= capacity)) {
      const next = waiting.shift()!;
      used += next.weight;
      next.start();
    }
  };
  return async <T>(weight: number, task: () => Promise<T>): Promise<T> => {
    const w = Math.min(weight, capacity);
    await new Promise<void>((start) => {
      waiting.push({ weight: w, start });
      pump();
    });
    try {
      return await task();
    } finally {
      used -= w;
      pump();
    }
  };
}

/** A worker-thread analyzer; user-facing errors (unreadable WAVs) come back as the same DomainError. */
export function createSampleAnalyzer(threads?: number, budgetBytes = ANALYSIS_BUDGET_BYTES): SampleAnalyzer {
  const pool = new TaskPool<AnalyzerTask, AnalyzerReply>(join(__dirname, 'sample-analyzer.worker'), threads);
  const budget = byteBudget(budgetBytes);
  const run = async (task: AnalyzerTask, weight: number) => {
    const reply = await budget(weight, () => pool.run(task));
    if ('problem' in reply) throw new DomainError('BAD_USER_INPUT', reply.problem.message, reply.problem.details);
    return reply;
  };
  return {
    async measure(file, bpm) {
      const reply = await run({ kind: 'file', bpm, files: [{ name: file.name, path: file.path }] }, file.size);
      return (reply as { facts: FileFacts }).facts;
    },
    async measureMix(files, bpm) {
      // Stems are decoded one at a time into one mix: about twice the largest stem.
      const weight = 2 * Math.max(0, ...files.map((f) => f.size));
      const reply = await run({ kind: 'mix', bpm, files: files.map((f) => ({ name: f.name, path: f.path })) }, weight);
      return (reply as { mix: MixFacts }).mix;
    },
    close: () => pool.close(),
  };
}
