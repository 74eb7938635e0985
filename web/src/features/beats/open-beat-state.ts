/**
 * My Account's Generated Beats rows go to / and open the beat there (spec 1 §2): the identifier
 * travels in the navigation's state, so the address stays `/`.
 */
export interface OpenBeatState {
  readonly openBeatId: string;
}

export const openBeatState = (beatId: string): OpenBeatState => ({ openBeatId: beatId });

/** The beat to open from a location's state, if any. */
export function openBeatIdOf(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const id = (state as Partial<OpenBeatState>).openBeatId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}
