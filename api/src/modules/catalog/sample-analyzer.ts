import { join } from 'node:path';
import { DomainError } from '../../platform/errors';
import { TaskPool } from '../../audio/workers/task-pool';
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

/** A worker-thread analyzer; user-facing errors (unreadable WAVs) come back as the same DomainError. */
export function createSampleAnalyzer(threads?: number): SampleAnalyzer {
  const pool = new TaskPool<AnalyzerTask, AnalyzerReply>(join(__dirname, 'sample-analyzer.worker'), threads);
  const run = async (task: AnalyzerTask) => {
    const reply = await pool.run(task);
    if ('problem' in reply) throw new DomainError('BAD_USER_INPUT', reply.problem.message, reply.problem.details);
    return reply;
  };
  return {
    async measure(file, bpm) {
      const reply = await run({ kind: 'file', bpm, files: [{ name: file.name, path: file.path }] });
      return (reply as { facts: FileFacts }).facts;
    },
    async measureMix(files, bpm) {
      const reply = await run({ kind: 'mix', bpm, files: files.map((f) => ({ name: f.name, path: f.path })) });
      return (reply as { mix: MixFacts }).mix;
    },
    close: () => pool.close(),
  };
}
