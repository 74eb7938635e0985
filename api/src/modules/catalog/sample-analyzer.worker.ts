/** Worker thread of the sample analyzer: decodes and measures uploaded WAVs. */
import { readFileSync } from 'node:fs';
import { DomainError } from '../../platform/errors';
import { serveTasks } from '../../audio';
import { measureFile, measureMix, type FileFacts } from './sample-measurement';

export interface AnalyzerTask {
  readonly kind: 'file' | 'mix';
  /** The declared tempo: the tempo estimator searches near it. */
  readonly bpm: number;
  /** Files on disk (spooled uploads), read here so the api's main thread never holds them. */
  readonly files: { name: string; path: string }[];
}

export type AnalyzerReply =
  | { facts: FileFacts }
  | { mix: { detectedBpm: number | null; detectedKey: string; detectedMode: string } }
  | { problem: { message: string; details?: Record<string, unknown> } };

serveTasks<AnalyzerTask, AnalyzerReply>((task) => {
  // Stems of a mix are read one at a time, as measureMix decodes them.
  const files = task.files.map((f) => ({ name: f.name, get bytes() { return readFileSync(f.path); } }));
  try {
    if (task.kind === 'mix') return { result: { mix: measureMix(files, task.bpm) } };
    return { result: { facts: measureFile({ name: files[0].name, bytes: files[0].bytes }, task.bpm) } };
  } catch (error) {
    if (error instanceof DomainError) return { result: { problem: { message: error.message, details: error.details } } };
    throw error;
  }
});
