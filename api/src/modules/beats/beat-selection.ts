import type { PlannedComposition, PlannedDrumLoop } from './arrangement-planner';
import type { PromptReading } from './prompt/prompt-reading';

/** The loops a beat was made from, kept so its full version uses the same sound. */
export interface BeatSelection {
  readonly genre: string | null;
  readonly composition: PlannedComposition;
  readonly drums: PlannedDrumLoop[];
  /** What the prompt was read as (beats made before prompts were read by meaning have none). */
  readonly reading?: PromptReading;
}
