/** The five stages of a generation, named exactly as the spec's step messages (requirements §L4). */
export const STAGE_MESSAGES = [
  'Getting audio files...',
  'Arranging drums...',
  'Arranging melody files...',
  'Generating structure...',
  'Applying mixing...',
] as const;

export const stageMessage = (stage: number): string | null => STAGE_MESSAGES[stage - 1] ?? null;

/** The channel a job's events travel on. */
export const jobChannel = (jobId: string) => `generation:${jobId}`;

/** What subscribers of `generationProgress` receive. */
export interface JobEvent {
  readonly jobId: string;
  readonly status: 'queued' | 'running' | 'succeeded' | 'failed';
  readonly stage: number;
  readonly message: string | null;
  readonly beatId: string | null;
  readonly error: string | null;
  readonly errorCode: string | null;
}
