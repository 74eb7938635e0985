import { join } from 'node:path';
import { DomainError } from '../../platform/errors';
import { TaskPool } from '../../audio/workers/task-pool';
import type { FileFacts, IncomingFile } from './sample-measurement';
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
  measure(file: IncomingFile, bpm: number): Promise<FileFacts>;
  measureMix(files: readonly IncomingFile[], bpm: number): Promise<MixFacts>;
  close(): Promise<void>;
}

const transferable = (bytes: Buffer) => {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
};

/** A worker-thread analyzer; user-facing errors (unreadable WAVs) come back as the same DomainError. */
export function createSampleAnalyzer(threads?: number): SampleAnalyzer {
  const pool = new TaskPool<AnalyzerTask, AnalyzerReply>(join(__dirname, 'sample-analyzer.worker'), threads);
  const run = async (task: AnalyzerTask, transfer: ArrayBuffer[]) => {
    const reply = await pool.run(task, transfer);
    if ('problem' in reply) throw new DomainError('BAD_USER_INPUT', reply.problem.message, reply.problem.details);
    return reply;
  };
  return {
    async measure(file, bpm) {
      const bytes = transferable(file.bytes);
      const reply = await run({ kind: 'file', bpm, files: [{ name: file.name, bytes }] }, [bytes.buffer]);
      return (reply as { facts: FileFacts }).facts;
    },
    async measureMix(files, bpm) {
      const copies = files.map((f) => ({ name: f.name, bytes: transferable(f.bytes) }));
      const reply = await run({ kind: 'mix', bpm, files: copies }, copies.map((c) => c.bytes.buffer));
      return (reply as { mix: MixFacts }).mix;
    },
    close: () => pool.close(),
  };
}
