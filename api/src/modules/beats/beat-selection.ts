import type { PlannedComposition, PlannedDrumLoop } from './arrangement-planner';
import type { PlannedFx } from './fx-placement';
import type { PromptReading } from './prompt/prompt-reading';

/** The loops a beat was made from, kept so its full version uses the same sound. */
export interface BeatSelection {
  readonly genre: string | null;
  readonly composition: PlannedComposition;
  readonly drums: PlannedDrumLoop[];
  /** Risers and impacts from the catalogue (beats made before them, or from a catalogue without them, have none). */
  readonly fx?: PlannedFx[];
  /** What the prompt was read as (beats made before prompts were read by meaning have none). */
  readonly reading?: PromptReading;
}
