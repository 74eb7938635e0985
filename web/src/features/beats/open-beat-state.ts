/**
 * My Account's Generated Beats go to / with a beat to act on there: a row opens the beat, its
 * Regenerate action makes a new beat from it (requirements §L2's regenerate-beat action). The identifier
 * travels in the navigation's state, so the address stays `/`.
 */
export interface OpenBeatState {
  readonly openBeatId?: string;
  readonly regenerateBeatId?: string;
  /** Opens the beat's Purchase Rights once it shows (back from completing the profile to license it). */
  readonly getLicense?: boolean;
}

/** What the generator does with the beat it was sent. */
export interface BeatAction {
  readonly kind: 'open' | 'regenerate';
  readonly beatId: string;
  readonly getLicense?: boolean;
}

export const openBeatState = (beatId: string, { getLicense = false } = {}): OpenBeatState =>
  getLicense ? { openBeatId: beatId, getLicense } : { openBeatId: beatId };
export const regenerateBeatState = (beatId: string): OpenBeatState => ({ regenerateBeatId: beatId });

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The beat action a location's state carries, if any. */
export function beatActionOf(state: unknown): BeatAction | null {
  if (!state || typeof state !== 'object') return null;
  const { openBeatId, regenerateBeatId, getLicense } = state as OpenBeatState;
  if (nonEmpty(regenerateBeatId)) return { kind: 'regenerate', beatId: regenerateBeatId };
  if (nonEmpty(openBeatId)) return getLicense === true ? { kind: 'open', beatId: openBeatId, getLicense } : { kind: 'open', beatId: openBeatId };
  return null;
}

/** The beat to open from a location's state, if any. */
export function openBeatIdOf(state: unknown): string | null {
  const action = beatActionOf(state);
  return action?.kind === 'open' ? action.beatId : null;
}
