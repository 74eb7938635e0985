/** Worker thread of the sample analyzer: decodes and measures uploaded WAVs. */
import { DomainError } from '../../platform/errors';
import { serveTasks } from '../../audio/workers/serve-tasks';
import { measureFile, measureMix, type FileFacts } from './sample-measurement';

export interface AnalyzerTask {
  readonly kind: 'file' | 'mix';
  /** The declared tempo: the tempo estimator searches near it. */
  readonly bpm: number;
  readonly files: { name: string; bytes: Uint8Array }[];
}

export type AnalyzerReply =
  | { facts: FileFacts }
  | { mix: { detectedBpm: number | null; detectedKey: string; detectedMode: string } }
  | { problem: { message: string; details?: Record<string, unknown> } };

serveTasks<AnalyzerTask, AnalyzerReply>((task) => {
  const files = task.files.map((f) => ({ name: f.name, bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) }));
  try {
    if (task.kind === 'mix') return { result: { mix: measureMix(files, task.bpm) } };
    return { result: { facts: measureFile(files[0], task.bpm) } };
  } catch (error) {
    if (error instanceof DomainError) return { result: { problem: { message: error.message, details: error.details } } };
    throw error;
  }
});
