import type { PlannedComposition, PlannedDrumLoop } from './arrangement-planner';

/** The loops a beat was made from, kept so its full version uses the same sound. */
export interface BeatSelection {
  readonly genre: string | null;
  readonly composition: PlannedComposition;
  readonly drums: PlannedDrumLoop[];
}
